import { amountInWords } from './amount-in-words.ts';
import { GST_STATE_CODES, gstComponents } from './gst.ts';
import { indiaDate } from './gst-rates.ts';
import {
  addMoney,
  decimalToString,
  multiplyMoney,
  parseDecimal,
  parseMoney,
  sumMoney,
  toWireNumber,
  type Minor,
} from './money.ts';
import { isAdmin, isBuyerOf, isSeller, type Actor } from './permissions.ts';
import type { TaxDocument, TaxDocumentKind, TaxDocumentLine } from './schemas/gst.ts';
import { nameWithVariant } from './variants.ts';

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

// ---------------------------------------------------------------------------------------------------------
// The content of a seller's tax invoice and credit note (CGST Rule 46 and Rule 53), from plain facts
// ---------------------------------------------------------------------------------------------------------

/** A party as the builders take it; the state's name is looked up here. */
export type PartyInput = {
  name: string;
  businessName: string | null;
  address: string;
  stateCode: string | null;
  /** null: unregistered (or a consumer). */
  gstin: string | null;
};

/** An order line as stored (order_items), amounts in INR as decimal strings. */
export type TaxLineInput = {
  orderItemId: string;
  name: string;
  size: string | null;
  colour: string | null;
  hsn: string;
  qty: number;
  /** Unit price before discount. */
  price: string;
  /** Discount per unit. */
  discount: string;
  /** Unit price after discount (the transaction value of one unit). */
  discountedPrice: string;
  /** GST rate in percent. */
  rate: string;
  /** The whole line's tax components as stored when the order was placed. */
  cgst: string;
  sgst: string;
  igst: string;
};

export type InvoiceInput = {
  orderId: string;
  orderNumber: string;
  shipmentId: string;
  supplier: PartyInput;
  recipient: PartyInput;
  /** Where the goods go, when not the recipient's address. */
  deliveryAddress: string | null;
  /** The delivery state's GST code; null outside India. */
  placeOfSupply: string | null;
  /**
   * The supplier's state as stored on the order lines when the order was placed (null: none was known).
   * With the stored components it decides CGST + SGST or IGST; `supplier.stateCode` is only printed.
   */
  storedSupplierStateCode: string | null;
  /** The marketplace as e-commerce operator. */
  operator: { legalName: string; gstin: string } | null;
  lines: TaxLineInput[];
};

/** Units of one order line a credit note gives back, and the quantities credited before it (oldest first). */
export type CreditUnits = { orderItemId: string; qty: number; creditedBefore: number[] };

export type CreditNoteInput = InvoiceInput & {
  refersTo: { _id: string; number: string; issuedAt: string };
  reason: string;
  units: CreditUnits[];
};

/** The content as issued, before the issuer adds its number, date, financial year, kind and id. */
export type TaxDocumentDraft = Omit<TaxDocument, '_id' | 'kind' | 'number' | 'issuedAt' | 'financialYear'>;

/** Unit quantity codes (UQC) of GST returns: pairs for footwear (HSN chapter 64), pieces otherwise. */
export const unitOfHsn = (hsn: string): 'PRS' | 'PCS' => (hsn.startsWith('64') ? 'PRS' : 'PCS');

/** 'Tax Invoice', 'Credit Note', 'Tax Invoice (Commission and Fees)': the printed title of each kind. */
export const TAX_DOCUMENT_TITLES: Record<TaxDocumentKind, string> = {
  invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
  commission_invoice: 'Tax Invoice (Commission and Fees)',
};

/** Half a rate, as printed: '5' → '2.5', '18' → '9', '0' → '0'. */
export function halfRate(rate: string): string {
  const d = parseDecimal(rate, 'GST rate');
  return decimalToString({ units: d.units * 5n, scale: d.scale + 1 });
}

const tidyRate = (rate: string) => decimalToString(parseDecimal(rate, 'GST rate'));

const party = (p: PartyInput) => ({
  name: p.name,
  businessName: p.businessName,
  address: p.address,
  stateCode: p.stateCode,
  stateName: p.stateCode ? (GST_STATE_CODES[p.stateCode] ?? '') : '',
  gstin: p.gstin,
});

/** Same state as the place of supply: CGST + SGST; else (or when either is unknown) IGST. */
export const isIntraStateSupply = (supplierState: string | null, placeOfSupply: string | null): boolean =>
  supplierState !== null && placeOfSupply !== null && supplierState === placeOfSupply;

type Components = { cgst: Minor; sgst: Minor; igst: Minor };

/**
 * Whether a document is CGST + SGST (true) or IGST, from what the order stored only, never today's seller:
 * a line with CGST or SGST says within the state, one with IGST across; a supply without tax (0%) follows
 * the stored supplier state against the place of supply (none stored: IGST).
 */
export function storedIntraState(
  input: Pick<InvoiceInput, 'lines' | 'storedSupplierStateCode' | 'placeOfSupply'>,
): boolean {
  const stored = input.lines.map(storedComponents);
  if (stored.some((c) => c.cgst > 0 || c.sgst > 0)) return true;
  if (stored.some((c) => c.igst > 0)) return false;
  return isIntraStateSupply(input.storedSupplierStateCode, input.placeOfSupply);
}

/** One printed line for `qty` units of `line` whose tax is `tax` (paise). */
function documentLine(
  line: TaxLineInput,
  qty: number,
  tax: Components,
  intraState: boolean,
): TaxDocumentLine {
  const unitPrice = parseMoney(line.price);
  const discount = multiplyMoney(parseMoney(line.discount), qty);
  const taxable = multiplyMoney(parseMoney(line.discountedPrice), qty);
  const rate = tidyRate(line.rate);
  const half = halfRate(line.rate);
  return {
    description: nameWithVariant(line.name, { size: line.size, colour: line.colour }),
    hsn: line.hsn,
    qty,
    unit: unitOfHsn(line.hsn),
    unitPrice: toWireNumber(unitPrice),
    discount: toWireNumber(discount),
    taxableValue: toWireNumber(taxable),
    rate,
    cgstRate: intraState ? half : '0',
    cgst: toWireNumber(tax.cgst),
    sgstRate: intraState ? half : '0',
    sgst: toWireNumber(tax.sgst),
    igstRate: intraState ? '0' : rate,
    igst: toWireNumber(tax.igst),
    total: toWireNumber(addMoney(taxable, tax.cgst, tax.sgst, tax.igst)),
  };
}

const storedComponents = (line: TaxLineInput): Components => ({
  cgst: parseMoney(line.cgst),
  sgst: parseMoney(line.sgst),
  igst: parseMoney(line.igst),
});

/** Sums of the printed lines (exact: every figure is a whole number of paise). */
function totalsOf(lines: TaxDocumentLine[]): TaxDocument['totals'] {
  const sum = (pick: (l: TaxDocumentLine) => number) => sumMoney(lines.map((l) => parseMoney(pick(l))));
  const taxableValue = sum((l) => l.taxableValue);
  const cgst = sum((l) => l.cgst);
  const sgst = sum((l) => l.sgst);
  const igst = sum((l) => l.igst);
  const tax = addMoney(cgst, sgst, igst);
  const total = addMoney(taxableValue, tax);
  return {
    taxableValue: toWireNumber(taxableValue),
    discount: toWireNumber(sum((l) => l.discount)),
    cgst: toWireNumber(cgst),
    sgst: toWireNumber(sgst),
    igst: toWireNumber(igst),
    tax: toWireNumber(tax),
    total: toWireNumber(total),
    totalInWords: amountInWords(total),
  };
}

function header(input: InvoiceInput, kind: 'invoice' | 'credit_note') {
  const intraState = storedIntraState(input);
  return {
    intraState,
    head: {
      title: TAX_DOCUMENT_TITLES[kind],
      orderId: input.orderId,
      orderNumber: input.orderNumber,
      shipmentId: input.shipmentId,
      supplier: party(input.supplier),
      recipient: party(input.recipient),
      deliveryAddress: input.deliveryAddress,
      placeOfSupply: input.placeOfSupply
        ? { stateCode: input.placeOfSupply, stateName: GST_STATE_CODES[input.placeOfSupply] ?? '' }
        : null,
      intraState,
      reverseCharge: false as const,
      ecommerceOperator: input.operator,
      period: null,
      currency: 'INR' as const,
    },
  };
}

/**
 * A seller's tax invoice for one shipment: every line with the tax stored on the order (never computed
 * again, so the invoice shows exactly what the buyer was charged), totals and the total in words.
 */
export function buildInvoiceContent(input: InvoiceInput): TaxDocumentDraft {
  const { head, intraState } = header(input, 'invoice');
  const lines = input.lines.map((l) => documentLine(l, l.qty, storedComponents(l), intraState));
  return { ...head, refersTo: null, reason: null, lines, totals: totalsOf(lines) };
}

/**
 * The tax on `qty` units of `line` credited after `creditedBefore` earlier credits of it: the tax of all units
 * credited so far with these (their taxable value split with gstComponents, half-up per component) less the
 * tax of those credited before; the credit that brings the line to its full quantity takes the stored tax
 * less the tax of those credited before. So any sequence of credits of a line adds up to its invoice to the
 * paisa, and none is negative.
 */
export function creditComponents(
  line: TaxLineInput,
  qty: number,
  creditedBefore: readonly number[],
  intraState: boolean,
): Components {
  const before = creditedBefore.reduce((n, q) => n + q, 0);
  if (!Number.isInteger(qty) || qty < 1 || before + qty > line.qty)
    throw new RangeError(`creditComponents: ${qty} more of ${line.qty} units after ${before} credited`);
  const unit = parseMoney(line.discountedPrice);
  const upTo = (q: number) => gstComponents(multiplyMoney(unit, q), line.rate, intraState);
  const after = before + qty < line.qty ? upTo(before + qty) : storedComponents(line);
  const earlier = upTo(before);
  return {
    cgst: after.cgst - earlier.cgst,
    sgst: after.sgst - earlier.sgst,
    igst: after.igst - earlier.igst,
  };
}

/**
 * A credit note against an invoice for some units of its lines (a cancellation or a return to origin:
 * everything not credited yet; a return: its units). Its lines are printed like the invoice's.
 */
export function buildCreditNoteContent(input: CreditNoteInput): TaxDocumentDraft {
  const { head, intraState } = header(input, 'credit_note');
  const byId = new Map(input.lines.map((l) => [l.orderItemId, l]));
  const lines = input.units
    .filter((u) => u.qty > 0)
    .map((u) => {
      const line = byId.get(u.orderItemId);
      if (!line) throw new RangeError(`buildCreditNoteContent: no line ${u.orderItemId}`);
      return documentLine(
        line,
        u.qty,
        creditComponents(line, u.qty, u.creditedBefore, intraState),
        intraState,
      );
    });
  return { ...head, refersTo: input.refersTo, reason: input.reason, lines, totals: totalsOf(lines) };
}

/** An address on one line of a document: street, city, state, postal code, country (blanks left out). */
export function addressLine(a: {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}): string {
  const cityPin = [a.city, a.postalCode]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return [a.address, cityPin, a.state, a.country]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Who may read a tax document (docs/decisions/0117-tax-invoices-and-credit-notes.md): Admin, its seller (the
 * supplier of an invoice or credit note, the recipient of a commission invoice) while active, and the
 * buyer of its order (identity, like the order page). Everybody else is told it does not exist (404).
 */
export function canReadTaxDocument(
  actor: Actor | null | undefined,
  doc: { sellerId: string; buyerId: string | null },
): boolean {
  return (
    isAdmin(actor) ||
    (isSeller(actor) && actor?.id === doc.sellerId) ||
    (doc.buyerId !== null && isBuyerOf(actor, doc.buyerId))
  );
}
