import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListRow } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/orders/myorders — the signed-in buyer's orders, newest first (My Purchases). */
export const getMyOrders = (signal?: AbortSignal) =>
  api.get<OrderListRow[]>('/api/orders/myorders', { signal });

export const myOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.mine,
    queryFn: ({ signal }) => getMyOrders(signal),
  });

export const useMyOrders = () => useQuery(myOrdersQueryOptions());
