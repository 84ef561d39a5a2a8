import { indiaDate } from '#shared/gst-rates.ts';
import { formatMoney, INR, parseMoney } from '#shared/money.ts';
import type { GstRateRuleWire, TaxDocumentKind } from '#shared/schemas/gst.ts';

/** Words for the screens (docs/product/gst-and-invoices.md). */
export const KIND_LABELS: Record<TaxDocumentKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  commission_invoice: 'Commission invoice',
};

/** The kind filter: '' for all. */
export type KindFilterValue = TaxDocumentKind | '';

/** The kind filter's choices. */
export const KIND_OPTIONS: { value: KindFilterValue; label: string }[] = [
  { value: '', label: 'All documents' },
  { value: 'invoice', label: 'Invoices' },
  { value: 'credit_note', label: 'Credit notes' },
  { value: 'commission_invoice', label: 'Commission invoices' },
];

export const isKind = (v: string | null): v is TaxDocumentKind =>
  v === 'invoice' || v === 'credit_note' || v === 'commission_invoice';

/** Today's month on the India calendar, YYYY-MM. */
export const thisMonth = (now: number = Date.now()): string => indiaDate(now).slice(0, 7);

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export const isMonth = (v: string | null): v is string => !!v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** 'November 2026'. */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '27 Nov 2026' for an ISO instant, on the India calendar. */
export function formatIndiaDate(iso: string): string {
  return formatDay(indiaDate(new Date(iso)));
}

/** '22 Sep 2025' for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const rupees = (amount: number) => formatMoney(parseMoney(amount), INR);
/** ₹2,500 for whole rupees, ₹2,500.50 otherwise. */
function rupeesOfPaise(paise: number): string {
  const text = formatMoney(paise, INR);
  return paise % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

/**
 * A slab in words, by the price of one piece (the column says so): 'Up to ₹2,500', 'Above ₹2,500', 'Any
 * price'; SPEC's older rule, which also looked at the line total, adds '(piece or line)'.
 */
export function slabText(rule: Pick<GstRateRuleWire, 'fromPaise' | 'toPaise' | 'basis'>): string {
  const suffix = rule.basis === 'piece' ? '' : ' (piece or line)';
  if (rule.fromPaise <= 0 && rule.toPaise === null) return `Any price${suffix}`;
  if (rule.fromPaise <= 0) return `Up to ${rupeesOfPaise(rule.toPaise ?? 0)}${suffix}`;
  // Bounds are inclusive paise: 250001 is 'above ₹2,500'.
  const above = `Above ${rupeesOfPaise(rule.fromPaise - 1)}`;
  return rule.toPaise === null
    ? `${above}${suffix}`
    : `${above}, up to ${rupeesOfPaise(rule.toPaise)}${suffix}`;
}

export type RuleStatus = 'in_force' | 'future' | 'past';
export const STATUS_LABELS: Record<RuleStatus, string> = {
  in_force: 'In force',
  future: 'Future',
  past: 'Past',
};
export const STATUS_BADGES: Record<RuleStatus, string> = {
  in_force: 'text-bg-success',
  future: 'text-bg-info',
  past: 'text-bg-light border',
};

export function ruleStatus(
  rule: Pick<GstRateRuleWire, 'effectiveFrom' | 'effectiveTo'>,
  today: string,
): RuleStatus {
  if (rule.effectiveFrom > today) return 'future';
  if (rule.effectiveTo !== null && rule.effectiveTo < today) return 'past';
  return 'in_force';
}

/** The key a rule belongs to, for grouping: 'hsn:61' or 'cat:<id>'. */
export const ruleKey = (r: GstRateRuleWire) =>
  r.hsnPrefix !== null ? `hsn:${r.hsnPrefix}` : `cat:${r.categoryId}`;
export const ruleKeyLabel = (r: GstRateRuleWire) =>
  r.hsnPrefix !== null ? `HSN ${r.hsnPrefix}` : `Category: ${r.categoryName ?? 'unnamed'}`;
