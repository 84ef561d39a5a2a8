import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryMarkup } from '#shared/schemas/category.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/category/categories-markup — every category markup. */
export const getMarkups = (signal?: AbortSignal) =>
  api.get<CategoryMarkup[]>('/api/category/categories-markup', { signal });

export const markupsQuery = () =>
  queryOptions({
    queryKey: queryKeys.productManagement.markups,
    queryFn: ({ signal }) => getMarkups(signal),
  });

export const useMarkups = () => useQuery(markupsQuery());
