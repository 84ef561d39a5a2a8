import { indiaDate } from '#shared/gst-rates.ts';
import { formatMoney, INR, parseMoney } from '#shared/money.ts';
import type { GstRateRuleWire, TaxDocumentKind } from '#shared/schemas/gst.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** Words for the screens (docs/product/gst-and-invoices.md), in the page's language. */
export const kindLabels = (t: Translate): Record<TaxDocumentKind, string> => ({
  invoice: t('gst.kind.invoice'),
  credit_note: t('gst.kind.creditNote'),
  commission_invoice: t('gst.kind.commissionInvoice'),
});

/** The kind filter: '' for all. */
export type KindFilterValue = TaxDocumentKind | '';

/** The kind filter's choices. */
export const kindOptions = (t: Translate): { value: KindFilterValue; label: string }[] => [
  { value: '', label: t('gst.kindFilter.all') },
  { value: 'invoice', label: t('gst.kindFilter.invoice') },
  { value: 'credit_note', label: t('gst.kindFilter.creditNote') },
  { value: 'commission_invoice', label: t('gst.kindFilter.commissionInvoice') },
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

/** 'November 2026' (in `locale`, the page's Intl locale). */
export function monthName(month: string, locale = 'en-IN'): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '27 Nov 2026' for an ISO instant, on the India calendar. */
export function formatIndiaDate(iso: string, locale = 'en-IN'): string {
  return formatDay(indiaDate(new Date(iso)), locale);
}

/** '22 Sep 2025' for a YYYY-MM-DD day (in `locale`, the page's Intl locale). */
export function formatDay(day: string, locale = 'en-IN'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(locale, {
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
export function slabText(
  rule: Pick<GstRateRuleWire, 'fromPaise' | 'toPaise' | 'basis'>,
  t: Translate,
): string {
  const text =
    rule.fromPaise <= 0 && rule.toPaise === null
      ? t('gst.slab.any')
      : rule.fromPaise <= 0
        ? t('gst.slab.upTo', { to: rupeesOfPaise(rule.toPaise ?? 0) })
        : // Bounds are inclusive paise: 250001 is 'above ₹2,500'.
          rule.toPaise === null
          ? t('gst.slab.above', { from: rupeesOfPaise(rule.fromPaise - 1) })
          : t('gst.slab.between', {
              from: rupeesOfPaise(rule.fromPaise - 1),
              to: rupeesOfPaise(rule.toPaise),
            });
  return rule.basis === 'piece' ? text : t('gst.slab.pieceOrLine', { text });
}

export type RuleStatus = 'in_force' | 'future' | 'past';
export const statusLabels = (t: Translate): Record<RuleStatus, string> => ({
  in_force: t('gst.status.inForce'),
  future: t('gst.status.future'),
  past: t('gst.status.past'),
});
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
export const ruleKeyLabel = (r: GstRateRuleWire, t: Translate) =>
  r.hsnPrefix !== null
    ? t('gst.rateKey.hsn', { prefix: r.hsnPrefix })
    : t('gst.rateKey.category', { name: r.categoryName ?? t('gst.rateKey.unnamed') });
