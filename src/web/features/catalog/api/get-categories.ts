import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { ProductList } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const names = (path: string, signal?: AbortSignal) => api.get<string[]>(path, { signal });
const CATEGORY_TREE_STALE = 60 * 60_000; // the tree changes with a release, not during a visit

/** GET /api/category/firstlevel — top-level category names. */
export const firstLevelQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.firstLevel,
    queryFn: ({ signal }) => names('/api/category/firstlevel', signal),
    staleTime: CATEGORY_TREE_STALE,
  });

/** GET /api/category/secondlevel/:first — the sub-categories of a top level. */
export const secondLevelQueryOptions = (first: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.secondLevel(first),
    queryFn: ({ signal }) => names(`/api/category/secondlevel/${encodeURIComponent(first)}`, signal),
    staleTime: CATEGORY_TREE_STALE,
  });

/** The top levels and, once `withChildren` is true (the menu was opened), their sub-categories. */
export function useCategoryTree(withChildren: boolean) {
  const first = useQuery(firstLevelQueryOptions());
  const tops = first.data ?? [];
  const second = useQueries({
    queries: tops.map((top) => ({ ...secondLevelQueryOptions(top), enabled: withChildren })),
  });
  return {
    first,
    tree: tops.map((top, i) => ({
      name: top,
      children: second[i]?.data,
      pending: second[i]?.isPending ?? true,
    })),
    error: first.error ?? second.find((q) => q.error)?.error ?? null,
  };
}

/**
 * GET /api/category/:name?parents=… — ids of the categories holding this run of level names (slugs:
 * dashes read as spaces), the last segment deepest. The whole run counts: 'Men Clothes › Ethnic Wear' is
 * not 'Women Clothes › Ethnic Wear'. A single segment matches any level of that name.
 */
export const categoryIdsQueryOptions = (path: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.catalog.categoryIds(path),
    queryFn: ({ signal }) => {
      const name = path[path.length - 1] ?? '';
      const parents = path.slice(0, -1);
      const query =
        parents.length > 0 ? `?${new URLSearchParams({ parents: parents.join('/') }).toString()}` : '';
      return api.get<{ categoryIDs: string[] }>(`/api/category/${encodeURIComponent(name)}${query}`, {
        signal,
      });
    },
    staleTime: CATEGORY_TREE_STALE,
  });

/**
 * GET /api/products/category?categoryIDs=a,b&pageNumber=n&…filters — active products in those categories;
 * `filters` is the filters' query string (lib/filter-params.ts filtersQuery).
 */
export const categoryProductsQueryOptions = (ids: readonly string[], pageNumber: number, filters = '') =>
  queryOptions({
    queryKey: queryKeys.catalog.categoryProducts(ids, pageNumber, filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(filters);
      params.set('categoryIDs', ids.join(','));
      params.set('pageNumber', String(pageNumber));
      return api.get<ProductList>(`/api/products/category?${params.toString()}`, { signal });
    },
  });

/** The category page's two calls, the second waiting for the first (docs/product/screens.md, docs/product/messages.md). */
export function useCategoryProducts(path: readonly string[], pageNumber: number, filters = '') {
  const ids = useQuery({ ...categoryIdsQueryOptions(path), enabled: path.length > 0 });
  const categoryIDs = ids.data?.categoryIDs ?? [];
  const products = useQuery({
    ...categoryProductsQueryOptions(categoryIDs, pageNumber, filters),
    enabled: categoryIDs.length > 0,
    placeholderData: keepPreviousData,
  });
  return { ids, products };
}
