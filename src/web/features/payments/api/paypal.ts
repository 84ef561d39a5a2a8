import type { Order } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/orders/:id/PayPal/create — the PayPal order id for the SDK's createOrder. */
export const createPayPalOrder = (orderId: string) =>
  api.post<{ id: string }>(`/api/orders/${encodeURIComponent(orderId)}/PayPal/create`);

/** PUT /api/orders/:id/PayPal/pay — capture on the server after approval; only a completed capture pays. */
export const capturePayPalOrder = (orderId: string, paypalOrderId: string) =>
  api.put<Order>(`/api/orders/${encodeURIComponent(orderId)}/PayPal/pay`, { orderID: paypalOrderId });
