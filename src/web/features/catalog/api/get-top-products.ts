import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/products/top — the best rated active products. */
export const getTopProducts = (signal?: AbortSignal) => api.get<Product[]>('/api/products/top', { signal });

export const topProductsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.top,
    queryFn: ({ signal }) => getTopProducts(signal),
    staleTime: 5 * 60_000,
  });

export const useTopProducts = () => useQuery(topProductsQueryOptions());
