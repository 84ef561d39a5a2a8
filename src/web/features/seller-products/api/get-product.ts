import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/products/:id — for the edit form (its seller and Admin also get inactive products). */
export const getProductForEdit = (id: string, signal?: AbortSignal) =>
  api.get<Product>(`/api/products/${encodeURIComponent(id)}`, { signal });

export const productForEditQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.productManagement.product(id),
    queryFn: ({ signal }) => getProductForEdit(id, signal),
    // The form is filled once from this; a background refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

export const useProductForEdit = (id: string) => useQuery(productForEditQuery(id));
