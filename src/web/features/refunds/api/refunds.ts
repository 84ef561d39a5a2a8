import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Refund, RefundListQuery, RefundList } from '#shared/schemas/fulfilment.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/refunds (Admin): every refund, newest first, filtered. */
export function getRefunds(query: RefundListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return api.get<RefundList>(`/api/refunds${search ? `?${search}` : ''}`, { signal });
}

export const refundsQueryOptions = (query: RefundListQuery) =>
  queryOptions({
    queryKey: queryKeys.refunds.list(query),
    queryFn: ({ signal }) => getRefunds(query, signal),
    placeholderData: keepPreviousData,
  });

export const useRefunds = (query: RefundListQuery) => useQuery(refundsQueryOptions(query));

/** PUT /api/refunds/:id/record (Admin): a bank transfer or UPI payment made, with its reference. */
export function useRecordRefund(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      api.put<Refund>(`/api/refunds/${encodeURIComponent(id)}/record`, { reference }),
    // A refund shows on the list and on its order's page: refetch everything under orders.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
