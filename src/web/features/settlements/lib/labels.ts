import { indiaDate } from '#shared/gst-rates.ts';
import { formatMoney, INR, parseMoney } from '#shared/money.ts';
import type {
  LedgerBucketWire,
  LedgerEntryWire,
  PayoutAccountWire,
  PayoutWire,
} from '#shared/schemas/settlements.ts';
import { financialYearOf } from '#shared/tax-documents.ts';

/** Words for the settlement screens (docs/product/settlements.md). */

/** Where an entry's money stands, in the order it moves. */
export const BUCKET_LABELS: Record<LedgerBucketWire, string> = {
  pending: 'Pending delivery',
  on_hold: 'On hold (return window)',
  payable: 'Payable',
  in_payout: 'In payout',
  paid: 'Paid',
  returned: 'Payout returned — owed again',
};

export const BUCKET_ORDER: readonly LedgerBucketWire[] = [
  'pending',
  'on_hold',
  'payable',
  'in_payout',
  'paid',
  'returned',
];

/** A payout's state as a seller reads it. */
export const PAYOUT_STATE_LABELS: Record<PayoutWire['state'], string> = {
  draft: 'Awaiting approval',
  queued: 'Queued',
  processing: 'Processing',
  processed: 'Paid',
  reversed: 'Returned by the bank',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Bootstrap badge classes (text and background both set, so contrast holds) per payout state. */
export const PAYOUT_STATE_BADGES: Record<PayoutWire['state'], string> = {
  draft: 'text-bg-secondary',
  queued: 'text-bg-info',
  processing: 'text-bg-info',
  processed: 'text-bg-success',
  reversed: 'text-bg-warning',
  failed: 'text-bg-danger',
  cancelled: 'text-bg-light border',
};

export const ACCOUNT_STATUS_LABELS: Record<PayoutAccountWire['status'], string> = {
  unverified: 'Unverified',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const ACCOUNT_STATUS_BADGES: Record<PayoutAccountWire['status'], string> = {
  unverified: 'text-bg-warning',
  verified: 'text-bg-success',
  rejected: 'text-bg-danger',
};

/** ₹1,234.50 (a wire amount in rupees, exact). */
export const rupees = (amount: number) => formatMoney(parseMoney(amount), INR);

/**
 * A signed amount with its sign in text, never colour alone: '+₹1,000.00', '−₹150.00' (a real minus
 * sign), '₹0.00'.
 */
export function signedRupees(amount: number): string {
  const paise = parseMoney(amount);
  if (paise === 0) return formatMoney(0, INR);
  return `${paise > 0 ? '+' : '−'}${formatMoney(Math.abs(paise), INR)}`;
}

/** The text class for a signed amount: green in, red out (with the sign in the text as well). */
export const amountClass = (amount: number) =>
  amount > 0 ? 'text-success-emphasis' : amount < 0 ? 'text-danger-emphasis' : '';

const trimRate = (rate: string) => (rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate);

/**
 * The small line under an entry's label saying how it was worked out: the commission rule it used
 * ('Category markup 15%'), else its rate and base ('0.5% of ₹2,000.00'), else an adjustment's reason.
 */
export function entryDetail(
  e: Pick<LedgerEntryWire, 'rule' | 'rate' | 'base' | 'note' | 'qty' | 'kind'>,
): string | null {
  if (e.rule) return e.rule;
  if (e.rate !== null && e.base !== null) return `${trimRate(e.rate)}% of ${rupees(e.base)}`;
  if (e.note) return e.note;
  if ((e.kind === 'sale' || e.kind === 'sale_gst') && e.qty !== null)
    return `${e.qty} ${e.qty === 1 ? 'unit' : 'units'}`;
  return null;
}

/** This month and the `count − 1` before it on the India calendar, newest first (YYYY-MM). */
export function recentMonths(count: number, now: number = Date.now()): string[] {
  const [y0, m0] = indiaDate(now).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    const total = y0 * 12 + (m0 - 1) - i;
    months.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

export const isMonth = (v: string | null): v is string => !!v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);
export const isFinancialYear = (v: string | null): v is string => {
  if (!v || !/^\d{4}-\d{2}$/.test(v)) return false;
  return (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5));
};

/** 'November 2026' for YYYY-MM. */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** This financial year and the `count − 1` before it, newest first ('2026-27', '2025-26'). */
export function recentFinancialYears(count: number, now: number = Date.now()): string[] {
  const start = Number(financialYearOf(now).slice(0, 4));
  return Array.from({ length: count }, (_, i) => {
    const s = start - i;
    return `${s}-${String((s + 1) % 100).padStart(2, '0')}`;
  });
}

/** '27 Nov 2026' for an ISO instant, on the India calendar. */
export function formatIndiaDate(iso: string): string {
  const [y, m, d] = indiaDate(new Date(iso)).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A payable balance in words: a negative one is carried forward to the next cycle. */
export function payableWords(payable: number, admin = false): string | null {
  if (payable < 0)
    return `${rupees(-payable)} carried forward: it is taken from ${admin ? 'the seller’s' : 'your'} next payable amounts.`;
  return null;
}
