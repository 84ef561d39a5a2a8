import type { Order } from '#shared/schemas/order.ts';
import type { RazorpayOrder, RazorpaySuccess } from '#shared/schemas/payment.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/orders/RazorPay — the RazorPay order for this order's total (the server takes the amount from it). */
export const createRazorpayOrder = (orderId: string) =>
  api.post<RazorpayOrder>('/api/orders/RazorPay', { orderId });

/** PUT /api/orders/:id/RazorPay/pay — checkout's result; the server verifies the signature and marks paid. */
export const confirmRazorpayPayment = (orderId: string, result: RazorpaySuccess) =>
  api.put<Order>(`/api/orders/${encodeURIComponent(orderId)}/RazorPay/pay`, result);

/** POST /api/payments/sandbox/razorpay/pay — the sandbox dialog's Pay (plays RazorPay's hosted checkout). */
export const sandboxRazorpayPay = (razorpayOrderId: string) =>
  api.post<RazorpaySuccess>('/api/payments/sandbox/razorpay/pay', { razorpay_order_id: razorpayOrderId });
