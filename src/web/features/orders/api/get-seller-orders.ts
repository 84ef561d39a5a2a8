import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerOrderLines } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/orders/seller/:userId?pageNumber= — the order lines whose seller is that user, 20 a page. */
export const getSellerOrders = (userId: string, page: number, signal?: AbortSignal) =>
  api.get<SellerOrderLines>(`/api/orders/seller/${encodeURIComponent(userId)}?pageNumber=${page}`, {
    signal,
  });

export const sellerOrdersQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.orders.seller(userId, page),
    queryFn: ({ signal }) => getSellerOrders(userId, page, signal),
    placeholderData: keepPreviousData,
  });

export const useSellerOrders = (userId: string, page: number) =>
  useQuery(sellerOrdersQueryOptions(userId, page));
