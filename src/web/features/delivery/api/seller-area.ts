import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerDeliveryArea } from '#shared/schemas/delivery.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type SellerAreaReply = SellerDeliveryArea & { allStates: string[]; defaultHandlingDays: number };

/** GET /api/seller/delivery-area: the caller's own. */
export const useSellerArea = () =>
  useQuery({
    queryKey: queryKeys.delivery.sellerArea,
    queryFn: ({ signal }) => api.get<SellerAreaReply>('/api/seller/delivery-area', { signal }),
  });

/** PUT /api/seller/delivery-area. */
export function useSaveSellerArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerDeliveryArea) => api.put<SellerAreaReply>('/api/seller/delivery-area', body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.delivery.sellerArea, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['delivery'] }),
  });
}
