import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductImport } from '#shared/schemas/product-import.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/product-imports/:id — status, progress, per-row errors and result. */
export const getImport = (id: string, signal?: AbortSignal) =>
  api.get<ProductImport>(`/api/product-imports/${encodeURIComponent(id)}`, { signal });

export const isFinished = (i: ProductImport | undefined) => i?.status === 'done' || i?.status === 'failed';

/** Polled every 0.7 s until the import is done or failed. */
export const importQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.productImports.detail(id),
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 700),
  });

export const useImport = (id: string | null) => useQuery({ ...importQuery(id ?? ''), enabled: id !== null });
