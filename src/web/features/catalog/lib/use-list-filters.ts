import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { filtersQuery, parseFilters, searchWithFilters, type ListFilters } from './filter-params.ts';

/**
 * A storefront list's filters, read from the page URL, and `apply` to change them: each change is a new
 * history entry (Back steps through them) on the list's first page (`firstPage`: the path of page 1;
 * `pageParam`: the query parameter holding the page, when the page is not in the path). The scroll position
 * stays, so ticking a box in the sidebar does not jump to the top.
 */
export function useListFilters(firstPage: string, pageParam?: string) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const key = search.toString();
  // Parsed once per distinct query, so `filters` keeps its identity across renders.
  const filters = useMemo(() => parseFilters(new URLSearchParams(key)), [key]);
  const query = filtersQuery(filters);
  const apply = useCallback(
    (next: ListFilters) => {
      // Nothing changed (Apply pressed twice): no history entry to step back through.
      if (filtersQuery(next) === filtersQuery(parseFilters(new URLSearchParams(key)))) return;
      const nextSearch = searchWithFilters(new URLSearchParams(key), next, pageParam);
      void navigate({ pathname: firstPage, search: nextSearch }, { preventScrollReset: true });
    },
    [key, firstPage, pageParam, navigate],
  );
  return { filters, query, apply };
}
