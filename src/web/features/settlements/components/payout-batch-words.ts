import type { PayoutBatchWire, skippedSellerSchema } from '#shared/schemas/settlements.ts';
import type { z } from 'zod';

/** Words of the Admin's payout screen (payout states are in ../lib/labels.ts, shared with the sellers' pages). */

export const RAIL_LABELS: Record<PayoutBatchWire['rail'], string> = {
  razorpayx: 'RazorpayX',
  bank_file: 'Bank transfer file',
};

export const BATCH_STATE_LABELS: Record<PayoutBatchWire['state'], string> = {
  draft: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const BATCH_STATE_BADGES: Record<PayoutBatchWire['state'], string> = {
  draft: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-secondary',
};

export const SKIP_REASON_LABELS: Record<z.infer<typeof skippedSellerSchema>['reason'], string> = {
  no_verified_account: 'No verified payout account',
  below_minimum: 'Below the minimum',
  over_upi_limit: 'Above the UPI limit of ₹1,00,000 — add a bank account',
};

export const METHOD_LABELS = { bank: 'Bank account', upi: 'UPI' } as const;

/** '1 payout', '3 payouts'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${String(n)} ${n === 1 ? one : many}`;
