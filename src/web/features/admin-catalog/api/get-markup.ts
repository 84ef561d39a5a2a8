import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryMarkup } from '#shared/schemas/category.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/category/categories-markup/:id. */
export const getMarkup = (id: string, signal?: AbortSignal) =>
  api.get<CategoryMarkup>(`/api/category/categories-markup/${encodeURIComponent(id)}`, { signal });

export const markupQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.productManagement.markup(id),
    queryFn: ({ signal }) => getMarkup(id, signal),
    // The edit form is filled once from this.
    staleTime: Infinity,
  });

export const useMarkup = (id: string) => useQuery(markupQuery(id));
