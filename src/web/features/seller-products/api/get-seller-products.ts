import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/products/seller/:userId?pageNumber= — the seller's own products, any status, 20 a page. */
export const getSellerProducts = (userId: string, page: number, signal?: AbortSignal) =>
  api.get<ProductList>(`/api/products/seller/${encodeURIComponent(userId)}?pageNumber=${page}`, { signal });

export const sellerProductsQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.productManagement.sellerList(userId, page),
    queryFn: ({ signal }) => getSellerProducts(userId, page, signal),
    placeholderData: keepPreviousData,
  });

export const useSellerProducts = (userId: string, page: number) =>
  useQuery(sellerProductsQuery(userId, page));
