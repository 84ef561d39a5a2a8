import type { PayoutBatchWire, skippedSellerSchema } from '#shared/schemas/settlements.ts';
import type { z } from 'zod';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/**
 * Words of the Admin's payout screen (payout states are in ../lib/labels.ts, shared with the sellers'
 * pages); the words are in the catalogue.
 */

export function railLabels(t: Translate): Record<PayoutBatchWire['rail'], string> {
  return {
    razorpayx: t('settlements.rail.razorpayx'),
    bank_file: t('settlements.rail.bank_file'),
  };
}

export function batchStateLabels(t: Translate): Record<PayoutBatchWire['state'], string> {
  return {
    draft: t('settlements.batchState.draft'),
    approved: t('settlements.batchState.approved'),
    rejected: t('settlements.batchState.rejected'),
  };
}

export const BATCH_STATE_BADGES: Record<PayoutBatchWire['state'], string> = {
  draft: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-secondary',
};

export function skipReasonLabels(
  t: Translate,
): Record<z.infer<typeof skippedSellerSchema>['reason'], string> {
  return {
    no_verified_account: t('settlements.skipReason.no_verified_account'),
    below_minimum: t('settlements.skipReason.below_minimum'),
    over_upi_limit: t('settlements.skipReason.over_upi_limit'),
  };
}

export function methodLabels(t: Translate): { bank: string; upi: string } {
  return { bank: t('settlements.account.bankAccount'), upi: t('settlements.account.upi') };
}
