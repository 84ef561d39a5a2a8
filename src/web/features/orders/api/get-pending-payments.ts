import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingSellerPayments } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/payments/pending-seller-payments — Pending payouts grouped by seller (Admin only). */
export const getPendingPayments = (signal?: AbortSignal) =>
  api.get<PendingSellerPayments>('/api/payments/pending-seller-payments', { signal });

export const pendingPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.pendingPayments,
    queryFn: ({ signal }) => getPendingPayments(signal),
  });

export const usePendingPayments = () => useQuery(pendingPaymentsQueryOptions());
