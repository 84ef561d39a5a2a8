import { gstComponents, gstTotal, type GstComponents } from './gst.ts';
import { canonicalRate } from './gst-rates.ts';
import type { Minor } from './money.ts';
import { payoutSplit, type PayoutInput } from './payout.ts';

/**
 * The marketplace's monthly commission invoice to a seller (docs/decisions/0118-gst-returns-and-commission-invoices.md).
 * The commission on a line is what the marketplace keeps of it: the discounted line value less the
 * seller's payout (`payoutSplit`), so payout + commission always equal the line. A month's invoice charges
 * the commission on the seller's units delivered that month, less the commission on units credited back
 * (returned) that month, with GST at the operator's rate: CGST + SGST when the seller is registered in
 * the operator's state, else IGST, each component rounded half-up per invoice line.
 */

/** Services Accounting Code of the commission: 998599, other support services not elsewhere classified. */
export const COMMISSION_SAC = '998599';
/** Unit quantity code of a service. */
export const COMMISSION_UNIT = 'NOS';

/** The marketplace's commission on `qty` units of a line, in paise. */
export const commissionOf = (line: PayoutInput): Minor => payoutSplit(line).marketplaceTake;

export type CommissionLine = {
  description: string;
  /** Negative for the commission credited back. */
  taxableValue: Minor;
  rate: string;
  gst: GstComponents;
  total: Minor;
};

export type CommissionInvoice = {
  lines: CommissionLine[];
  taxableValue: Minor;
  cgst: Minor;
  sgst: Minor;
  igst: Minor;
  total: Minor;
};

/** GST on a signed amount: computed on its size, then given its sign (a credit rounds like a charge). */
function signedGst(taxable: Minor, rate: string, intraState: boolean): GstComponents {
  const c = gstComponents(Math.abs(taxable), rate, intraState);
  const signed = (v: Minor) => (taxable < 0 && v !== 0 ? -v : v);
  return { cgst: signed(c.cgst), sgst: signed(c.sgst), igst: signed(c.igst) };
}

/**
 * A month's commission invoice: one line for the commission charged (delivered units), one negative line
 * for the commission credited (returned units) when there is any. Nothing charged, or a credit at least
 * as large as the charge → undefined: no invoice (a net credit is left to the ledger, issue 16).
 */
export function commissionInvoice(input: {
  month: string;
  charged: Minor;
  credited: Minor;
  gstRate: string;
  intraState: boolean;
}): CommissionInvoice | undefined {
  const { charged, credited, intraState } = input;
  if (!Number.isSafeInteger(charged) || charged < 0 || !Number.isSafeInteger(credited) || credited < 0) {
    throw new RangeError('commission amounts must be non-negative paise');
  }
  if (charged - credited <= 0) return undefined;
  const rate = canonicalRate(input.gstRate);
  const line = (description: string, taxableValue: Minor): CommissionLine => {
    const gst = signedGst(taxableValue, rate, intraState);
    return { description, taxableValue, rate, gst, total: taxableValue + gstTotal(gst) };
  };
  const lines = [line(`Marketplace commission on orders delivered in ${input.month}`, charged)];
  if (credited > 0) lines.push(line(`Commission credited on units returned in ${input.month}`, -credited));
  const sum = (f: (l: CommissionLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  return {
    lines,
    taxableValue: sum((l) => l.taxableValue),
    cgst: sum((l) => l.gst.cgst),
    sgst: sum((l) => l.gst.sgst),
    igst: sum((l) => l.gst.igst),
    total: sum((l) => l.total),
  };
}
