import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/orders/:id — the buyer's own order, or any order for Admin and Distributor (others: 404). */
export const getOrder = (id: string, signal?: AbortSignal) =>
  api.get<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
