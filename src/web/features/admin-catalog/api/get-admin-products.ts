import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/products/admin/productlist?pageNumber= — every product, any status (Admin only). */
export const getAdminProducts = (page: number, signal?: AbortSignal) =>
  api.get<ProductList>(`/api/products/admin/productlist?pageNumber=${page}`, { signal });

export const adminProductsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.productManagement.adminList(page),
    queryFn: ({ signal }) => getAdminProducts(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (page: number) => useQuery(adminProductsQuery(page));
