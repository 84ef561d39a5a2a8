import { formatMoney, INR, parseMoney } from '#shared/money.ts';
import type { TaxDocumentKind } from '#shared/schemas/gst.ts';

/** Amounts on tax documents are always INR (major units on the wire), shown with Indian grouping. */
export const inr = (amount: number) => formatMoney(parseMoney(amount, 2), INR, 'en-IN');

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** A document's date in India's calendar ('27 Nov 2026'), whatever the viewer's time zone. */
export function documentDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dayFormat.format(d);
}

export const KIND_LABELS: Record<TaxDocumentKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  commission_invoice: 'Commission invoice',
};

/** '2.5%' from '2.5', '' for a zero rate (the column is blank when that tax does not apply). */
export const ratePercent = (rate: string) => (Number(rate) === 0 ? '' : `${rate}%`);
