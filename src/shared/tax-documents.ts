import type { TaxDocumentKind } from './schemas/gst.ts';
import { indiaDate } from './gst-rates.ts';

/**
 * Numbering of tax documents (docs/product/gst-and-invoices.md; docs/decisions/0117-tax-invoices-and-credit-notes.md).
 * Each seller numbers its invoices and its credit notes in two series per financial year (April to
 * March, India calendar); the operator numbers its commission invoices in one series of its own. A number
 * is at most 16 characters (CGST Rule 46(b)) up to serial 999 999.
 */

/** The financial year of an instant: '2026-27' from 1 Apr 2026 to 31 Mar 2027 (India calendar). */
export function financialYearOf(at: Date | number): string {
  const [y, m] = indiaDate(at).split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const PREFIX: Record<TaxDocumentKind, string> = {
  invoice: 'INV',
  credit_note: 'CN',
  commission_invoice: 'HC',
};

/** 'INV/26-27/000042': kind, the financial year's short form, the serial padded to six digits. */
export function documentNumber(kind: TaxDocumentKind, financialYear: string, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError('serial must be a positive integer');
  const short = `${financialYear.slice(2, 4)}-${financialYear.slice(5, 7)}`;
  return `${PREFIX[kind]}/${short}/${String(serial).padStart(6, '0')}`;
}

/** The series a document is numbered in: per seller and kind, or the operator's, per financial year. */
export function seriesScope(kind: TaxDocumentKind, sellerId: string, financialYear: string): string {
  return kind === 'commission_invoice'
    ? `operator:${kind}:${financialYear}`
    : `seller:${sellerId}:${kind}:${financialYear}`;
}
