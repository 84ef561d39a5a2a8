import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PayoutBatchWire,
  PayoutWire,
  payoutAccountListResponse,
  payoutAccountResponse,
  payoutBatchListResponse,
  prepareBatchResponse,
} from '#shared/schemas/settlements.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The Admin's payout screen (docs/product/settlements.md): batches, their payouts and payout accounts. */

export type PayoutBatchList = z.infer<typeof payoutBatchListResponse>;
export type PrepareBatchResult = z.infer<typeof prepareBatchResponse>;
export type PayoutAccountList = z.infer<typeof payoutAccountListResponse>;
export type PayoutAccountRow = PayoutAccountList['accounts'][number];
export type PayoutRail = PayoutBatchWire['rail'];
export type AccountStatus = PayoutAccountRow['status'];

const enc = encodeURIComponent;

/** Payout states that still move by themselves (RazorpayX's webhooks, or a UTR to be recorded). */
export const IN_FLIGHT: readonly PayoutWire['state'][] = ['queued', 'processing'];

/**
 * While an approved RazorpayX batch has payouts on their way, the list is read again every `POLL_MS`;
 * from `FAST_FOR_MS` after the newest such batch was approved (the sandbox answers in seconds, a bank may
 * take hours) only every `SLOW_POLL_MS`.
 */
export const POLL_MS = 3000;
const FAST_FOR_MS = 2 * 60_000;
const SLOW_POLL_MS = 30_000;

/** Approved RazorpayX batches with a payout still waiting for the provider's answer. */
const inFlight = (batches: readonly PayoutBatchWire[]) =>
  batches.filter(
    (b) =>
      b.state === 'approved' && b.rail === 'razorpayx' && b.payouts.some((p) => IN_FLIGHT.includes(p.state)),
  );

/** Whether any payout of an approved RazorpayX batch is still waiting for the provider's answer. */
export const awaitingProvider = (batches: readonly PayoutBatchWire[]) => inFlight(batches).length > 0;

/** How soon to read the batches again: `false` when nothing is on its way. */
export function pollInterval(batches: readonly PayoutBatchWire[], now = Date.now()): number | false {
  const waiting = inFlight(batches);
  if (waiting.length === 0) return false;
  const newest = Math.max(...waiting.map((b) => Date.parse(b.decidedAt ?? b.createdAt)));
  return now - newest < FAST_FOR_MS ? POLL_MS : SLOW_POLL_MS;
}

/** GET /api/admin/payout-batches (newest first), polled while RazorpayX payouts are queued or processing. */
export const usePayoutBatches = () =>
  useQuery({
    queryKey: queryKeys.settlements.batches,
    queryFn: ({ signal }) => api.get<PayoutBatchList>('/api/admin/payout-batches', { signal }),
    refetchInterval: (query) => (query.state.data ? pollInterval(query.state.data.batches) : false),
  });

/** A batch, a payout or an account moved: everything about seller money and the pending payments view. */
function useInvalidateSettlements() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.settlements.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.pendingPayments }),
    ]);
}

/** POST /api/admin/payout-batches {rail}: a draft batch of what is payable now, and who was left out. */
export function usePrepareBatch() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationFn: (rail: PayoutRail) => api.post<PrepareBatchResult>('/api/admin/payout-batches', { rail }),
    onSettled: invalidate,
  });
}

/** PUT /api/admin/payout-batches/:id/approve: the batch's payouts are sent (RazorpayX) or await the bank file. */
export function useApproveBatch() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationFn: (id: string) => api.put<PayoutBatchWire>(`/api/admin/payout-batches/${enc(id)}/approve`),
    onSettled: invalidate,
  });
}

/** PUT /api/admin/payout-batches/:id/reject {reason}: its money goes back to the sellers' payable balances. */
export function useRejectBatch() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.put<PayoutBatchWire>(`/api/admin/payout-batches/${enc(id)}/reject`, { reason }),
    onSettled: invalidate,
  });
}

/** GET /api/admin/payout-batches/:id/bank-file: the CSV to upload to the bank (a plain link downloads it). */
export const bankFileUrl = (batchId: string) => `/api/admin/payout-batches/${enc(batchId)}/bank-file`;

/** PUT /api/admin/payouts/:id/record {utr}: a bank-file payout was paid; the bank's UTR is kept. */
export function useRecordPayout() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationFn: ({ id, utr }: { id: string; utr: string }) =>
      api.put<PayoutWire>(`/api/admin/payouts/${enc(id)}/record`, { utr }),
    onSettled: invalidate,
  });
}

/** PUT /api/admin/payouts/:id/fail {reason}: a bank-transfer payout the bank refused is failed; its money is owed again. */
export function useFailPayout() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.put<PayoutWire>(`/api/admin/payouts/${enc(id)}/fail`, { reason }),
    onSettled: invalidate,
  });
}

/** GET /api/admin/payout-accounts?status=: sellers' payout accounts with that status. */
export const usePayoutAccounts = (status: AccountStatus) =>
  useQuery({
    queryKey: queryKeys.settlements.payoutAccounts(status),
    queryFn: ({ signal }) =>
      api.get<PayoutAccountList>(`/api/admin/payout-accounts?status=${status}`, { signal }),
  });

/**
 * PUT /api/admin/payout-accounts/:sellerId/verify {approve, reason, updatedAt}: `updatedAt` is the account
 * as the screen showed it; a seller's later change answers 409 (review it again).
 */
export function useVerifyAccount() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationFn: ({
      sellerId,
      approve,
      reason,
      updatedAt,
    }: {
      sellerId: string;
      approve: boolean;
      reason: string;
      updatedAt: string;
    }) =>
      api.put<z.infer<typeof payoutAccountResponse>>(`/api/admin/payout-accounts/${enc(sellerId)}/verify`, {
        approve,
        reason,
        updatedAt,
      }),
    onSettled: invalidate,
  });
}
