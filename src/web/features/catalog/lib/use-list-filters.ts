import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  filtersQuery,
  parseFilters,
  searchWithFilters,
  withoutCategory,
  type ListFilters,
} from './filter-params.ts';

/**
 * A storefront list's filters, read from the page URL, and `apply` to change them: each change is a new
 * history entry (Back steps through them) on the list's first page (`firstPage`: the path of page 1;
 * `pageParam`: the query parameter holding the page, when the page is not in the path). The scroll position
 * stays, so ticking a box in the sidebar does not jump to the top. `category`: the list takes the `category`
 * filter (search results only); elsewhere a `category` in the URL is ignored.
 */
export function useListFilters(
  firstPage: string,
  pageParam?: string,
  { category = false }: { category?: boolean } = {},
) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const key = search.toString();
  const read = useCallback(
    (query: string) => {
      const parsed = parseFilters(new URLSearchParams(query));
      return category ? parsed : withoutCategory(parsed);
    },
    [category],
  );
  // Parsed once per distinct query, so `filters` keeps its identity across renders.
  const filters = useMemo(() => read(key), [read, key]);
  const query = filtersQuery(filters);
  const apply = useCallback(
    (next: ListFilters) => {
      // Nothing changed (Apply pressed twice): no history entry to step back through.
      if (filtersQuery(next) === filtersQuery(read(key))) return;
      const nextSearch = searchWithFilters(new URLSearchParams(key), next, pageParam);
      void navigate({ pathname: firstPage, search: nextSearch }, { preventScrollReset: true });
    },
    [key, read, firstPage, pageParam, navigate],
  );
  return { filters, query, apply };
}
