import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RETURN_MEDIA_FIELD,
  type CreateReturnBody,
  type ReturnList,
  type ReturnListQuery,
  type ReturnMediaUpload,
  type ReturnRequest,
} from '#shared/schemas/fulfilment.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** 'seller': GET /api/seller/returns (the seller's own); 'all': GET /api/returns (Admin). */
export type ReturnScope = 'seller' | 'all';

export function getReturns(scope: ReturnScope, query: ReturnListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const path = scope === 'seller' ? '/api/seller/returns' : '/api/returns';
  const search = params.toString();
  return api.get<ReturnList>(`${path}${search ? `?${search}` : ''}`, { signal });
}

export const returnsQueryOptions = (scope: ReturnScope, query: ReturnListQuery) =>
  queryOptions({
    queryKey: queryKeys.returns.list(scope, query),
    queryFn: ({ signal }) => getReturns(scope, query, signal),
    placeholderData: keepPreviousData,
  });

export const useReturns = (scope: ReturnScope, query: ReturnListQuery) =>
  useQuery(returnsQueryOptions(scope, query));

/** The moves of the Returns page, each a PUT /api/returns/:id/<path>. */
export type ReturnMove =
  { move: 'approve' | 'withdraw' | 'picked-up' | 'receive' } | { move: 'reject'; body: { reason: string } };

export function moveReturn(id: string, m: ReturnMove) {
  const path = `/api/returns/${encodeURIComponent(id)}/${m.move}`;
  return 'body' in m ? api.put<ReturnRequest>(path, m.body) : api.put<ReturnRequest>(path);
}

/** A move changes the lists, the order's page (its returns, refunds, a new exchange parcel) and stock. */
export function useMoveReturn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: ReturnMove) => moveReturn(id, m),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

/** POST /api/upload/returns: up to 4 photos or one video, answered with their URLs. */
export function uploadReturnMedia(files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append(RETURN_MEDIA_FIELD, file, file.name);
  return api.post<ReturnMediaUpload>('/api/upload/returns', form);
}

/** The files are sent first, then the request naming their URLs. */
export async function createReturn(orderId: string, body: CreateReturnBody, files: readonly File[]) {
  const media = files.length > 0 ? (await uploadReturnMedia(files)).media.map((m) => m.url) : [];
  return api.post<ReturnRequest>(`/api/orders/${encodeURIComponent(orderId)}/returns`, { ...body, media });
}

export function useCreateReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: CreateReturnBody; files: readonly File[] }) =>
      createReturn(orderId, body, files),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
