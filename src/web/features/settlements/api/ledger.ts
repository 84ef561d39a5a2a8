import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdjustmentForm,
  adjustmentResponse,
  SellerLedgerResponse,
  TaxWithheldResponse,
} from '#shared/schemas/settlements.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type AdjustmentResponse = z.infer<typeof adjustmentResponse>;

/** Whose statement: the signed-in seller's own ('own') or, for an Admin, a seller's id. */
export type LedgerOwner = 'own' | { sellerId: string };

const ownerKey = (owner: LedgerOwner) => (owner === 'own' ? 'own' : owner.sellerId);
const enc = encodeURIComponent;

function query(params: Record<string, string | number>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '' && v !== 0) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * GET /api/seller/ledger (own) or GET /api/admin/sellers/:id/ledger (Admin): the balance, one page of
 * entries (50, newest first; `month` YYYY-MM or '' for all), the payouts and the payout account.
 */
export const useSellerLedger = (owner: LedgerOwner, page: number, month: string) =>
  useQuery({
    queryKey: queryKeys.settlements.ledger(ownerKey(owner), page, month),
    queryFn: ({ signal }) =>
      api.get<SellerLedgerResponse>(
        `${owner === 'own' ? '/api/seller/ledger' : `/api/admin/sellers/${enc(owner.sellerId)}/ledger`}${query({ page: page > 1 ? page : 0, month })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

/** GET /api/seller/tcs-tds?fy= (own) or GET /api/admin/sellers/:id/tcs-tds?fy= (Admin). */
export const useTaxWithheld = (owner: LedgerOwner, fy: string) =>
  useQuery({
    queryKey: queryKeys.settlements.taxWithheld(ownerKey(owner), fy),
    queryFn: ({ signal }) =>
      api.get<TaxWithheldResponse>(
        `${owner === 'own' ? '/api/seller/tcs-tds' : `/api/admin/sellers/${enc(owner.sellerId)}/tcs-tds`}${query({ fy })}`,
        { signal },
      ),
  });

/**
 * POST /api/admin/ledger-adjustments (Admin): a signed amount in rupees with a reason. The key names one
 * adjustment: sent again (a retry, a double click), the server answers the first instead of a second.
 */
export function useAddAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: AdjustmentForm; idempotencyKey: string }) =>
      api.post<AdjustmentResponse>('/api/admin/ledger-adjustments', body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlements.all }),
  });
}

/** A payout's statement for download (the payout's seller or an Admin). */
export const payoutStatementUrl = (payoutId: string, format: 'csv' | 'pdf') =>
  `/api/payouts/${enc(payoutId)}/statement.${format}`;
