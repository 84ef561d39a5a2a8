import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryMarkup } from '#shared/schemas/category.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/category/categories-markup/name/:mainCategory — shown to sellers in the product form. */
export const getMarkupByName = (name: string, signal?: AbortSignal) =>
  api.get<CategoryMarkup>(`/api/category/categories-markup/name/${encodeURIComponent(name)}`, { signal });

export const markupByNameQuery = (name: string) =>
  queryOptions({
    queryKey: queryKeys.productManagement.markupByName(name),
    queryFn: ({ signal }) => getMarkupByName(name, signal),
    enabled: name !== '',
    // docs/product/messages.md: markup lookups fall back silently; the form just shows nothing.
    retry: false,
  });

export const useMarkupByName = (name: string) => useQuery(markupByNameQuery(name));
