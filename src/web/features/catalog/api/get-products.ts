import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/products?keyword=&pageNumber=&…filters — newest first, or search results best first; 12 a page.
 * `filters` is the filters' query string (lib/filter-params.ts filtersQuery), '' for none; on search it
 * carries the sidebar's `category` too, so the server narrows the keyword's matches to it.
 */
export function getProducts(
  { keyword, pageNumber, filters = '' }: { keyword: string; pageNumber: number; filters?: string },
  signal?: AbortSignal,
): Promise<ProductList> {
  const params = new URLSearchParams(filters);
  params.set('pageNumber', String(pageNumber));
  if (keyword) params.set('keyword', keyword);
  return api.get<ProductList>(`/api/products?${params.toString()}`, { signal });
}

export const productsQueryOptions = (keyword: string, pageNumber: number, filters = '') =>
  queryOptions({
    queryKey: queryKeys.catalog.products(keyword, pageNumber, filters),
    queryFn: ({ signal }) => getProducts({ keyword, pageNumber, filters }, signal),
  });

export function useProducts(keyword: string, pageNumber: number, filters = '') {
  // The previous page stays on screen while the next loads, so paging does not flash a spinner.
  return useQuery({
    ...productsQueryOptions(keyword, pageNumber, filters),
    placeholderData: keepPreviousData,
  });
}
