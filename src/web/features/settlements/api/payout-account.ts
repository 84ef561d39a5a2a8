import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PayoutAccountForm,
  payoutAccountResponse,
  verifyAccountBody,
} from '#shared/schemas/settlements.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type PayoutAccountResponse = z.infer<typeof payoutAccountResponse>;
export type VerifyAccountBody = z.input<typeof verifyAccountBody>;

/** GET /api/seller/payout-account (the signed-in seller's own; null before one is added). */
export const usePayoutAccount = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.settlements.payoutAccount,
    queryFn: ({ signal }) => api.get<PayoutAccountResponse>('/api/seller/payout-account', { signal }),
    enabled,
  });

/** PUT /api/seller/payout-account: saving again makes it unverified until Haat checks it. */
export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountForm) =>
      api.put<PayoutAccountResponse>('/api/seller/payout-account', body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.settlements.payoutAccount, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlements.all }),
  });
}

/** PUT /api/admin/payout-accounts/:sellerId/verify (Admin): approve, or reject with a reason. */
export function useVerifyPayoutAccount(sellerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyAccountBody) =>
      api.put<PayoutAccountResponse>(
        `/api/admin/payout-accounts/${encodeURIComponent(sellerId)}/verify`,
        body,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlements.all }),
  });
}
