import { queryOptions, useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import type { hsnTaxSchema } from '#shared/schemas/category.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type HsnTax = z.infer<typeof hsnTaxSchema>;

/** GET /api/category/hsn-tax/:categoryId — the category's HSN code and GST rate. */
export const getHsnTax = (categoryId: string, signal?: AbortSignal) =>
  api.get<HsnTax>(`/api/category/hsn-tax/${encodeURIComponent(categoryId)}`, { signal });

export const hsnTaxQueryOptions = (categoryId: string) =>
  queryOptions({
    queryKey: queryKeys.categories.hsnTax(categoryId),
    queryFn: ({ signal }) => getHsnTax(categoryId, signal),
    staleTime: 60 * 60_000,
  });

/** HSN and GST of each category in the cart, by category id; loading until all have answered. */
export function useHsnTaxes(categoryIds: readonly string[]) {
  const unique = [...new Set(categoryIds)];
  return useQueries({
    queries: unique.map((id) => hsnTaxQueryOptions(id)),
    combine: (results) => ({
      byCategory: new Map(
        results.flatMap((r, i) => (r.data ? [[unique[i] as string, r.data] as const] : [])),
      ),
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}
