import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderFulfilment } from '#shared/schemas/fulfilment.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/orders/:id/fulfilment — the order's shipments with their timelines and the actions the caller
 * may take, its return requests and its refunds (docs/decisions/0114-buyer-order-page.md).
 */
export const getOrderFulfilment = (id: string, signal?: AbortSignal) =>
  api.get<OrderFulfilment>(`/api/orders/${encodeURIComponent(id)}/fulfilment`, { signal });

export const orderFulfilmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.fulfilment(id),
    queryFn: ({ signal }) => getOrderFulfilment(id, signal),
  });

export const useOrderFulfilment = (id: string) => useQuery(orderFulfilmentQueryOptions(id));
