import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderList, OrderListQuery } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/orders?pageNumber=&paid=&delivered=&q= — every order, 20 a page (Admin and Distributor). */
export function getOrders(query: OrderListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query.pageNumber !== undefined) params.set('pageNumber', String(query.pageNumber));
  if (query.paid !== undefined) params.set('paid', query.paid);
  if (query.delivered !== undefined) params.set('delivered', query.delivered);
  if (query.q) params.set('q', query.q);
  const search = params.toString();
  return api.get<OrderList>(`/api/orders${search ? `?${search}` : ''}`, { signal });
}

export const ordersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: queryKeys.orders.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useOrders = (query: OrderListQuery) => useQuery(ordersQueryOptions(query));
