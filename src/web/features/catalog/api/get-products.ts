import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/products?keyword=&pageNumber= — newest first, or search results best first; 12 a page. */
export function getProducts(
  { keyword, pageNumber }: { keyword: string; pageNumber: number },
  signal?: AbortSignal,
): Promise<ProductList> {
  const params = new URLSearchParams({ pageNumber: String(pageNumber) });
  if (keyword) params.set('keyword', keyword);
  return api.get<ProductList>(`/api/products?${params.toString()}`, { signal });
}

export const productsQueryOptions = (keyword: string, pageNumber: number) =>
  queryOptions({
    queryKey: queryKeys.catalog.products(keyword, pageNumber),
    queryFn: ({ signal }) => getProducts({ keyword, pageNumber }, signal),
  });

export function useProducts(keyword: string, pageNumber: number) {
  // The previous page stays on screen while the next loads, so paging does not flash a spinner.
  return useQuery({ ...productsQueryOptions(keyword, pageNumber), placeholderData: keepPreviousData });
}
