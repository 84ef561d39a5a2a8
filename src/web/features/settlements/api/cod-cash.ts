import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodCashResponse, CodRemittanceForm } from '#shared/schemas/settlements.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/admin/cod-cash (Admin): cash each Distributor collected and has not handed over, by age. */
export const useCodCash = () =>
  useQuery({
    queryKey: queryKeys.settlements.codCash,
    queryFn: ({ signal }) => api.get<CodCashResponse>('/api/admin/cod-cash', { signal }),
  });

/** POST /api/admin/cod-remittances (Admin): cash received for chosen orders; answers the new COD cash view. */
export function useRecordRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodRemittanceForm) => api.post<CodCashResponse>('/api/admin/cod-remittances', body),
    onSuccess: (next) => queryClient.setQueryData(queryKeys.settlements.codCash, next),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlements.codCash }),
  });
}
