import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/products/:id — a product with its reviews; 404 when unknown or inactive. */
export const getProduct = (id: string, signal?: AbortSignal) =>
  api.get<Product>(`/api/products/${encodeURIComponent(id)}`, { signal });

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
