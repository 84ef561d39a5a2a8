import { indiaDate } from '#shared/gst-rates.ts';
import { formatMoney, INR, parseMoney } from '#shared/money.ts';
import type {
  LedgerBucketWire,
  LedgerEntryWire,
  PayoutAccountWire,
  PayoutWire,
} from '#shared/schemas/settlements.ts';
import { financialYearOf } from '#shared/tax-documents.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** Words for the settlement screens (docs/product/settlements.md); the words are in the catalogue. */

/** Where an entry's money stands, in the order it moves. */
export function bucketLabels(t: Translate): Record<LedgerBucketWire, string> {
  return {
    pending: t('settlements.bucket.pending'),
    on_hold: t('settlements.bucket.on_hold'),
    payable: t('settlements.bucket.payable'),
    in_payout: t('settlements.bucket.in_payout'),
    paid: t('settlements.bucket.paid'),
    returned: t('settlements.bucket.returned'),
  };
}

export const BUCKET_ORDER: readonly LedgerBucketWire[] = [
  'pending',
  'on_hold',
  'payable',
  'in_payout',
  'paid',
  'returned',
];

/** A payout's state as a seller reads it. */
export function payoutStateLabels(t: Translate): Record<PayoutWire['state'], string> {
  return {
    draft: t('settlements.payoutState.draft'),
    queued: t('settlements.payoutState.queued'),
    processing: t('settlements.payoutState.processing'),
    processed: t('settlements.payoutState.processed'),
    reversed: t('settlements.payoutState.reversed'),
    failed: t('settlements.payoutState.failed'),
    cancelled: t('settlements.payoutState.cancelled'),
  };
}

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

export function accountStatusLabels(t: Translate): Record<PayoutAccountWire['status'], string> {
  return {
    unverified: t('settlements.accountStatus.unverified'),
    verified: t('settlements.accountStatus.verified'),
    rejected: t('settlements.accountStatus.rejected'),
  };
}

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
 * An entry's name in the page's language, from its kind ('GST on commission'); a reversal of a sale or its
 * GST is the refund taken back from the seller, any other reversal says so (as `ledgerEntryLabel` in
 * src/shared/ledger.ts, which the statement CSV uses).
 */
export function ledgerLabel(t: Translate, e: Pick<LedgerEntryWire, 'kind' | 'reversal'>): string {
  const labels: Record<LedgerEntryWire['kind'], string> = {
    sale: t('settlements.ledgerKind.sale'),
    sale_gst: t('settlements.ledgerKind.sale_gst'),
    commission: t('settlements.ledgerKind.commission'),
    commission_gst: t('settlements.ledgerKind.commission_gst'),
    tcs: t('settlements.ledgerKind.tcs'),
    tds: t('settlements.ledgerKind.tds'),
    cod_fee: t('settlements.ledgerKind.cod_fee'),
    adjustment: t('settlements.ledgerKind.adjustment'),
    payout: t('settlements.ledgerKind.payout'),
    payout_reversal: t('settlements.ledgerKind.payout_reversal'),
  };
  const label = labels[e.kind];
  if (!e.reversal) return label;
  if (e.kind === 'sale') return t('settlements.ledgerKind.clawbackSale');
  if (e.kind === 'sale_gst') return t('settlements.ledgerKind.clawbackSaleGst', { label });
  return t('settlements.ledgerKind.reversed', { label });
}

/**
 * The small line under an entry's label saying how it was worked out: the commission rule it used
 * ('Category markup 15%'), else its rate and base ('0.5% of ₹2,000.00'), else an adjustment's reason.
 */
export function entryDetail(
  t: Translate,
  e: Pick<LedgerEntryWire, 'rule' | 'rate' | 'base' | 'note' | 'qty' | 'kind'>,
): string | null {
  if (e.rule) return e.rule;
  if (e.rate !== null && e.base !== null)
    return t('settlements.entry.rateOfBase', { rate: trimRate(e.rate), base: rupees(e.base) });
  if (e.note) return e.note;
  if ((e.kind === 'sale' || e.kind === 'sale_gst') && e.qty !== null)
    return t('settlements.entry.units', { count: e.qty });
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

/** 'November 2026' for YYYY-MM, in the page language's Intl locale. */
export function monthName(month: string, locale = 'en-IN'): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(locale, {
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

/** '27 Nov 2026' for an ISO instant, on the India calendar, in the page language's Intl locale. */
export function formatIndiaDate(iso: string, locale = 'en-IN'): string {
  const [y, m, d] = indiaDate(new Date(iso)).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A payable balance in words: a negative one is carried forward to the next cycle. */
export function payableWords(t: Translate, payable: number, admin = false): string | null {
  if (payable < 0)
    return admin
      ? t('settlements.balance.carriedForwardAdmin', { amount: rupees(-payable) })
      : t('settlements.balance.carriedForwardSeller', { amount: rupees(-payable) });
  return null;
}
