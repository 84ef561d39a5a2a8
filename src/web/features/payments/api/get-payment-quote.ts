import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentQuote } from '#shared/schemas/payment.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/orders/:id/payment-quote — what RazorPay (INR) and PayPal (USD) will charge for the order. */
export const getPaymentQuote = (orderId: string, signal?: AbortSignal) =>
  api.get<PaymentQuote>(`/api/orders/${encodeURIComponent(orderId)}/payment-quote`, { signal });

export const paymentQuoteQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.payments.quote(orderId),
    queryFn: ({ signal }) => getPaymentQuote(orderId, signal),
  });

export const usePaymentQuote = (orderId: string) => useQuery(paymentQuoteQueryOptions(orderId));
