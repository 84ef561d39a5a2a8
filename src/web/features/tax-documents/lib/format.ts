import { formatMoney, INR, parseMoney } from '#shared/money.ts';
import type { TaxDocumentKind } from '#shared/schemas/gst.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** Amounts on tax documents are always INR (major units on the wire), shown with Indian grouping. */
export const inr = (amount: number) => formatMoney(parseMoney(amount, 2), INR, 'en-IN');

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A document's date in India's calendar ('27 Nov 2026'), whatever the viewer's time zone, in the page
 * language's Intl locale (`t.language.intl`).
 */
export function documentDate(iso: string, locale = 'en-IN'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    dayFormats.set(locale, format);
  }
  return format.format(d);
}

/** 'Tax invoice', 'Credit note', 'Commission invoice' in the page's language. */
export function kindLabel(t: Translate, kind: TaxDocumentKind): string {
  const labels: Record<TaxDocumentKind, string> = {
    invoice: t('taxDocuments.kind.invoice'),
    credit_note: t('taxDocuments.kind.credit_note'),
    commission_invoice: t('taxDocuments.kind.commission_invoice'),
  };
  return labels[kind];
}

/** '2.5%' from '2.5', '' for a zero rate (the column is blank when that tax does not apply). */
export const ratePercent = (rate: string) => (Number(rate) === 0 ? '' : `${rate}%`);
