import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliverySettings, PincodeFlags, PincodeRow } from '#shared/schemas/delivery.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/delivery/settings (Admin). */
export const getSettings = (signal?: AbortSignal) =>
  api.get<DeliverySettings>('/api/delivery/settings', { signal });

export const useDeliverySettings = () =>
  useQuery({ queryKey: queryKeys.delivery.settings, queryFn: ({ signal }) => getSettings(signal) });

/** PUT /api/delivery/settings (Admin). Promises shown anywhere change with it. */
export function useSaveDeliverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliverySettings) => api.put<DeliverySettings>('/api/delivery/settings', body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.delivery.settings, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['delivery'] }),
  });
}

/** GET /api/delivery/pincodes?q= (Admin): at most 50. */
export const usePincodeSearch = (q: string) =>
  useQuery({
    queryKey: queryKeys.delivery.pincodes(q),
    queryFn: ({ signal }) =>
      api.get<PincodeRow[]>(`/api/delivery/pincodes?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim() !== '',
  });

/** PUT /api/delivery/pincodes/:pincode (Admin). */
export function useSavePincode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pincode, flags }: { pincode: string; flags: PincodeFlags }) =>
      api.put<PincodeRow>(`/api/delivery/pincodes/${encodeURIComponent(pincode)}`, flags),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...queryKeys.private, 'delivery'] }),
        queryClient.invalidateQueries({ queryKey: ['delivery'] }),
      ]),
  });
}
