import { GST_STATE_CODES } from './gst.ts';
import { canonicalRate, type GstRateRule } from './gst-rates.ts';
import { formatDecimal, parseMoney, type Minor } from './money.ts';

/**
 * GST returns and rate changes as pure rules (docs/decisions/0118-gst-returns-and-commission-invoices.md):
 * an Admin's dated rate change turned into rules and the closing of the rules it replaces; a month on the
 * India calendar as instants; the CSV sections of a seller's GSTR-1 (B2B, B2C small, HSN summary, credit
 * notes) and the operator's GSTR-8 summary per seller, built from issued tax documents. Amounts are INR
 * paise in, rupees with two decimals out.
 */

// ---------------------------------------------------------------------------------------------------------
// Rate changes

/** The calendar day before a YYYY-MM-DD date. */
export function dayBefore(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(ms)) throw new RangeError('dayBefore: not a date');
  return new Date(ms - 86_400_000).toISOString().slice(0, 10);
}

export type RateChange = {
  hsnPrefix: string;
  categoryId: string;
  effectiveFrom: string;
  /** Upward slabs: each the highest price per piece in rupees it covers ('2500'), the last one ''. */
  slabs: readonly { upToInr: string; rate: string }[];
  note: string;
};

/**
 * The rules of a change, one per slab: the first from ₹0, each next one from the paisa after the
 * previous limit, the last without a limit; measured per piece; open-ended from `effectiveFrom`.
 */
export function rulesOfRateChange(change: RateChange): GstRateRule[] {
  let fromPaise = 0;
  return change.slabs.map((slab, i) => {
    const last = i === change.slabs.length - 1;
    const toPaise = last || slab.upToInr === '' ? null : parseMoney(slab.upToInr);
    if (toPaise !== null && toPaise < fromPaise) throw new RangeError('Slab limits must go up');
    const rule: GstRateRule = {
      hsnPrefix: change.hsnPrefix === '' ? null : change.hsnPrefix,
      categoryId: change.categoryId === '' ? null : change.categoryId,
      fromPaise,
      toPaise,
      basis: 'piece',
      rate: canonicalRate(slab.rate),
      effectiveFrom: change.effectiveFrom,
      effectiveTo: null,
      note: change.note,
    };
    if (toPaise !== null) fromPaise = toPaise + 1;
    return rule;
  });
}

export type RulePlan = {
  /** Rules still in force on the new date (or open-ended): they end the day before. */
  close: { id: string; effectiveTo: string }[];
  /** Rules that would only start on or after the new date: they never took effect and go. */
  remove: string[];
};

/** What a change starting on `effectiveFrom` does to the existing rules of the same key. */
export function planRateChange(
  existing: readonly { id: string; effectiveFrom: string; effectiveTo: string | null }[],
  effectiveFrom: string,
): RulePlan {
  const plan: RulePlan = { close: [], remove: [] };
  const until = dayBefore(effectiveFrom);
  for (const r of existing) {
    if (r.effectiveFrom >= effectiveFrom) plan.remove.push(r.id);
    else if (r.effectiveTo === null || r.effectiveTo >= effectiveFrom)
      plan.close.push({ id: r.id, effectiveTo: until });
  }
  return plan;
}

// ---------------------------------------------------------------------------------------------------------
// Months on the India calendar

const IST_OFFSET_MS = 330 * 60_000;

/** The instants [start, end) of a month 'YYYY-MM' on the India calendar (Asia/Kolkata). */
export function indiaMonthRange(month: string): { start: Date; end: Date } {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) throw new RangeError('indiaMonthRange: month must be YYYY-MM');
  const y = Number(m[1]);
  const mo = Number(m[2]);
  return {
    start: new Date(Date.UTC(y, mo - 1, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(y, mo, 1) - IST_OFFSET_MS),
  };
}

/** The India calendar month 'YYYY-MM' of an instant. */
export const indiaMonthOf = (at: Date | number): string =>
  new Date((typeof at === 'number' ? at : at.getTime()) + IST_OFFSET_MS).toISOString().slice(0, 7);

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const { start } = indiaMonthRange(month);
  return indiaMonthOf(start.getTime() - 1);
}

// ---------------------------------------------------------------------------------------------------------
// CSV

/** One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV text: the header row, then the rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const rupees = (paise: Minor) => formatDecimal(paise);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '05-Nov-2026': the India calendar date of an instant, as the GST portal's offline tool writes it. */
export function returnDate(at: Date | string): string {
  const d = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

/** '27-Maharashtra': a place of supply as the returns write it. */
export const placeOfSupplyLabel = (code: string | null): string =>
  code === null ? '' : `${code}-${GST_STATE_CODES[code] ?? ''}`;

// ---------------------------------------------------------------------------------------------------------
// GSTR-1 and GSTR-8 from issued documents

/** One line of an issued document, in paise. */
export type ReturnLine = {
  hsn: string;
  unit: string;
  qty: number;
  taxableValue: Minor;
  rate: string;
  cgst: Minor;
  sgst: Minor;
  igst: Minor;
};

/** An issued invoice or credit note as the returns read it (amounts in paise). */
export type ReturnDocument = {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date | string;
  sellerId: string;
  /** The supplier's GSTIN and name (GSTR-8 groups by them). */
  supplierGstin: string | null;
  supplierName: string;
  placeOfSupply: string | null;
  intraState: boolean;
  recipientGstin: string | null;
  recipientName: string;
  /** Document value (taxable value + tax). */
  total: Minor;
  taxableValue: Minor;
  /** A credit note's invoice. */
  refersTo: { number: string; issuedAt: Date | string } | null;
  ecommerceGstin: string | null;
  lines: readonly ReturnLine[];
};

export const GSTR1_SECTIONS = ['b2b', 'b2cs', 'hsn', 'cdnr'] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

type Sums = { qty: number; taxable: number; cgst: number; sgst: number; igst: number };
const zero = (): Sums => ({ qty: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 });
const addLine = (s: Sums, l: ReturnLine, sign: 1 | -1) => {
  s.qty += sign * l.qty;
  s.taxable += sign * l.taxableValue;
  s.cgst += sign * l.cgst;
  s.sgst += sign * l.sgst;
  s.igst += sign * l.igst;
};

/** A document's lines summed per rate (a return has one row per rate of a document). */
function byRate(doc: ReturnDocument): [string, Sums][] {
  const out = new Map<string, Sums>();
  for (const l of doc.lines) {
    const rate = canonicalRate(l.rate);
    const s = out.get(rate) ?? zero();
    addLine(s, l, 1);
    out.set(rate, s);
  }
  return [...out.entries()].sort((a, b) => Number(a[0]) - Number(b[0]));
}

const sortByDate = (docs: readonly ReturnDocument[]) =>
  [...docs].sort(
    (a, b) =>
      new Date(a.issuedAt).getTime() - new Date(b.issuedAt).getTime() || a.number.localeCompare(b.number),
  );

export const GSTR1_HEADERS: Record<Gstr1Section, readonly string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice Date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Integrated Tax',
    'Central Tax',
    'State/UT Tax',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Rate',
    'Taxable Value',
    'Integrated Tax',
    'Central Tax',
    'State/UT Tax',
    'E-Commerce GSTIN',
  ],
  hsn: [
    'HSN',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax',
    'Central Tax',
    'State/UT Tax',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Invoice Number',
    'Invoice Date',
    'Place Of Supply',
    'Reverse Charge',
    'Note Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax',
    'Central Tax',
    'State/UT Tax',
  ],
};

/** B2B: invoices to a buyer with a GSTIN, one row per invoice and rate. */
function b2bRows(docs: readonly ReturnDocument[]): (string | number)[][] {
  return sortByDate(docs.filter((d) => d.kind === 'invoice' && d.recipientGstin)).flatMap((d) =>
    byRate(d).map(([rate, s]) => [
      d.recipientGstin!,
      d.recipientName,
      d.number,
      returnDate(d.issuedAt),
      rupees(d.total),
      placeOfSupplyLabel(d.placeOfSupply),
      'N',
      'Regular B2B',
      d.ecommerceGstin ?? '',
      rate,
      rupees(s.taxable),
      rupees(s.igst),
      rupees(s.cgst),
      rupees(s.sgst),
    ]),
  );
}

/**
 * B2C small: invoices to consumers summed by place of supply and rate, less the consumers' credit notes
 * of the month. Supplies outside India (no place of supply) are not B2C and are left out.
 */
function b2csRows(docs: readonly ReturnDocument[]): (string | number)[][] {
  const groups = new Map<string, { pos: string; rate: string; eco: string; s: Sums }>();
  for (const d of docs) {
    if (d.recipientGstin || d.placeOfSupply === null) continue;
    const sign = d.kind === 'invoice' ? 1 : -1;
    for (const l of d.lines) {
      const rate = canonicalRate(l.rate);
      const eco = d.ecommerceGstin ?? '';
      const key = `${d.placeOfSupply}|${rate}|${eco}`;
      const g = groups.get(key) ?? { pos: d.placeOfSupply, rate, eco, s: zero() };
      addLine(g.s, l, sign);
      groups.set(key, g);
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.pos.localeCompare(b.pos) || Number(a.rate) - Number(b.rate))
    .map((g) => [
      g.eco ? 'E' : 'OE',
      placeOfSupplyLabel(g.pos),
      g.rate,
      rupees(g.s.taxable),
      rupees(g.s.igst),
      rupees(g.s.cgst),
      rupees(g.s.sgst),
      g.eco,
    ]);
}

/** HSN summary: every line by HSN, unit and rate, invoices less credit notes. */
function hsnRows(docs: readonly ReturnDocument[]): (string | number)[][] {
  const groups = new Map<string, { hsn: string; unit: string; rate: string; s: Sums }>();
  for (const d of docs) {
    const sign = d.kind === 'invoice' ? 1 : -1;
    for (const l of d.lines) {
      const rate = canonicalRate(l.rate);
      const key = `${l.hsn}|${l.unit}|${rate}`;
      const g = groups.get(key) ?? { hsn: l.hsn, unit: l.unit, rate, s: zero() };
      addLine(g.s, l, sign);
      groups.set(key, g);
    }
  }
  return [...groups.values()]
    .sort(
      (a, b) => a.hsn.localeCompare(b.hsn) || a.unit.localeCompare(b.unit) || Number(a.rate) - Number(b.rate),
    )
    .map((g) => [
      g.hsn,
      g.unit,
      g.s.qty,
      rupees(g.s.taxable + g.s.igst + g.s.cgst + g.s.sgst),
      g.rate,
      rupees(g.s.taxable),
      rupees(g.s.igst),
      rupees(g.s.cgst),
      rupees(g.s.sgst),
    ]);
}

/** Credit notes, to registered buyers (with their GSTIN) and to consumers (without), one row per note and rate. */
function cdnrRows(docs: readonly ReturnDocument[]): (string | number)[][] {
  return sortByDate(docs.filter((d) => d.kind === 'credit_note')).flatMap((d) =>
    byRate(d).map(([rate, s]) => [
      d.recipientGstin ?? '',
      d.recipientName,
      d.number,
      returnDate(d.issuedAt),
      'C',
      d.refersTo?.number ?? '',
      d.refersTo ? returnDate(d.refersTo.issuedAt) : '',
      placeOfSupplyLabel(d.placeOfSupply),
      'N',
      rupees(d.total),
      rate,
      rupees(s.taxable),
      rupees(s.igst),
      rupees(s.cgst),
      rupees(s.sgst),
    ]),
  );
}

/** A section of a seller's GSTR-1 for the month whose invoices and credit notes are `docs`, as CSV. */
export function gstr1Csv(section: Gstr1Section, docs: readonly ReturnDocument[]): string {
  const rows =
    section === 'b2b'
      ? b2bRows(docs)
      : section === 'b2cs'
        ? b2csRows(docs)
        : section === 'hsn'
          ? hsnRows(docs)
          : cdnrRows(docs);
  return toCsv(GSTR1_HEADERS[section], rows);
}

export const GSTR8_HEADER = [
  'GSTIN of Supplier',
  'Supplier Name',
  'Gross Value of Supplies',
  'Value of Supplies Returned',
  'Net Taxable Value',
  'Net Intra-State Value',
  'Net Inter-State Value',
  'Integrated Tax (TCS)',
  'Central Tax (TCS)',
  'State/UT Tax (TCS)',
] as const;

/**
 * The TCS the seller ledger withheld from a seller in the month (positive paise, net of reversals): the
 * whole of it as integrated tax on inter-state supplies, half central and half state tax on intra-state
 * ones. `supplierGstin` as on the entries' tax documents, so it meets the documents' row.
 */
export type SellerTcs = {
  sellerId: string;
  supplierGstin: string | null;
  supplierName: string;
  igst: Minor;
  cgst: Minor;
  sgst: Minor;
};

/**
 * The operator's GSTR-8 summary of the month: per seller, the taxable value of its invoices (gross), of
 * its credit notes (returned), the net, the net split into intra-state (CGST + SGST) and inter-state
 * (IGST) supplies, and the TCS the ledger recorded in the month by tax (docs/decisions/0122). A seller
 * with TCS but no document in the month (its sale recorded on delivery, invoiced the month before) gets
 * a row of its own with the TCS alone.
 */
export function gstr8Csv(docs: readonly ReturnDocument[], tcs: readonly SellerTcs[] = []): string {
  type Row = {
    gstin: string;
    name: string;
    gross: number;
    returned: number;
    intra: number;
    inter: number;
    igst: number;
    cgst: number;
    sgst: number;
  };
  const sellers = new Map<string, Row>();
  const rowOf = (sellerId: string, gstin: string | null, name: string): Row => {
    // One row per seller and GSTIN as frozen on its documents (a seller re-registered mid-month has two).
    const key = `${sellerId}\u0000${gstin ?? ''}`;
    let s = sellers.get(key);
    if (!s) {
      s = { gstin: gstin ?? '', name, gross: 0, returned: 0, intra: 0, inter: 0, igst: 0, cgst: 0, sgst: 0 };
      sellers.set(key, s);
    }
    return s;
  };
  for (const d of docs) {
    const s = rowOf(d.sellerId, d.supplierGstin, d.supplierName);
    const sign = d.kind === 'invoice' ? 1 : -1;
    if (d.kind === 'invoice') s.gross += d.taxableValue;
    else s.returned += d.taxableValue;
    if (d.intraState) s.intra += sign * d.taxableValue;
    else s.inter += sign * d.taxableValue;
  }
  for (const t of tcs) {
    const s = rowOf(t.sellerId, t.supplierGstin, t.supplierName);
    s.igst += t.igst;
    s.cgst += t.cgst;
    s.sgst += t.sgst;
  }
  const rows = [...sellers.values()]
    .sort((a, b) => a.gstin.localeCompare(b.gstin) || a.name.localeCompare(b.name))
    .map((s) => [
      s.gstin,
      s.name,
      rupees(s.gross),
      rupees(s.returned),
      rupees(s.gross - s.returned),
      rupees(s.intra),
      rupees(s.inter),
      rupees(s.igst),
      rupees(s.cgst),
      rupees(s.sgst),
    ]);
  return toCsv(GSTR8_HEADER, rows);
}
