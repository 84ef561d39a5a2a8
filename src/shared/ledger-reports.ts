import { indiaMonthOf, indiaMonthRange } from './gst-returns.ts';
import type { LedgerEntryKind } from './ledger.ts';
import type { Minor } from './money.ts';

/**
 * Reports folded from ledger entries (docs/decisions/0122-statements-and-tax-withheld.md): a seller's tax
 * withheld per India month of a financial year (the data of GSTR-8 credit and Form 16E-style certificates)
 * and the operator's settlement totals per month. Pure: the server reads the entries, these add them up.
 * Amounts are paise; entries keep the ledger's sign (+ owed to the seller), reports turn what was withheld
 * or earned into positive figures.
 */

/** The India months of a financial year '2026-27': April 2026 to March 2027. */
export function financialYearMonths(fy: string): string[] {
  const m = /^(\d{4})-(\d{2})$/.exec(fy);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) {
    throw new RangeError('financialYearMonths: fy must be like 2026-27');
  }
  const start = Number(m[1]);
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((3 + i) % 12) + 1;
    const year = i < 9 ? start : start + 1;
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}

/** The instants [start, end) of a financial year on the India calendar. */
export function financialYearRange(fy: string): { start: Date; end: Date } {
  const months = financialYearMonths(fy);
  return { start: indiaMonthRange(months[0]!).start, end: indiaMonthRange(months[11]!).end };
}

export type ReportEntry = {
  kind: LedgerEntryKind;
  /** Signed paise, as in the ledger. */
  amount: Minor;
  /** The entry reverses another (a cancellation, a return). */
  reversal: boolean;
  at: Date;
  /** The percentage it was taken at ('0.5'), when one was. */
  rate: string | null;
};

export type TaxWithheldMonth = {
  month: string;
  gross: Minor;
  returned: Minor;
  net: Minor;
  tcsRate: string | null;
  tcs: Minor;
  tdsBase: Minor;
  tdsRate: string | null;
  tds: Minor;
};
export type TaxWithheldTotals = Omit<TaxWithheldMonth, 'month' | 'tcsRate' | 'tdsRate'>;

/** One rate when every entry used the same, else null (none, or a rate changed within the month). */
function singleRate(rates: Set<string>): string | null {
  return rates.size === 1 ? [...rates][0]! : null;
}

/**
 * A seller's tax withheld per India month of `fy`: gross = taxable value of sales recorded; returned = the
 * taxable value taken back by reversals; net = gross − returned, the base of TCS (section 52) and of TDS
 * (section 194-O, on the same value net of returns); tcs and tds = what was withheld, net of what
 * reversals gave back. A rate is shown when the month used one. Entries outside the year are ignored.
 */
export function foldTaxWithheld(
  entries: Iterable<ReportEntry>,
  fy: string,
): { months: TaxWithheldMonth[]; totals: TaxWithheldTotals } {
  const months = financialYearMonths(fy);
  const acc = new Map(
    months.map((m) => [
      m,
      { gross: 0, returned: 0, tcs: 0, tds: 0, tcsRates: new Set<string>(), tdsRates: new Set<string>() },
    ]),
  );
  for (const e of entries) {
    const a = acc.get(indiaMonthOf(e.at));
    if (!a) continue;
    if (e.kind === 'sale') {
      if (e.reversal) a.returned -= e.amount;
      else a.gross += e.amount;
    } else if (e.kind === 'tcs') {
      a.tcs -= e.amount;
      if (e.rate !== null) a.tcsRates.add(e.rate);
    } else if (e.kind === 'tds') {
      a.tds -= e.amount;
      if (e.rate !== null) a.tdsRates.add(e.rate);
    }
  }
  const rows = months.map((month) => {
    const a = acc.get(month)!;
    const net = a.gross - a.returned;
    return {
      month,
      gross: a.gross,
      returned: a.returned,
      net,
      tcsRate: singleRate(a.tcsRates),
      tcs: a.tcs,
      tdsBase: net,
      tdsRate: singleRate(a.tdsRates),
      tds: a.tds,
    };
  });
  const totals: TaxWithheldTotals = { gross: 0, returned: 0, net: 0, tcs: 0, tdsBase: 0, tds: 0 };
  for (const r of rows) {
    totals.gross += r.gross;
    totals.returned += r.returned;
    totals.net += r.net;
    totals.tcs += r.tcs;
    totals.tdsBase += r.tdsBase;
    totals.tds += r.tds;
  }
  return { months: rows, totals };
}

export type SettlementTotalsMonth = {
  month: string;
  commission: Minor;
  commissionGst: Minor;
  tcs: Minor;
  tds: Minor;
  codFees: Minor;
  adjustments: Minor;
  paidOut: Minor;
};
export type SettlementTotals = Omit<SettlementTotalsMonth, 'month'>;

/**
 * The operator's books per India month of `fy`, over every seller: commission earned, GST on it, TCS and
 * TDS withheld, cash-on-delivery fees (each net of reversals, positive = the operator's), adjustments (the
 * ledger's sign: + given to sellers) and money paid out (processed payouts, by the month they were
 * processed).
 */
export function foldSettlementTotals(
  entries: Iterable<ReportEntry>,
  processedPayouts: Iterable<{ amount: Minor; processedAt: Date }>,
  fy: string,
): { months: SettlementTotalsMonth[]; totals: SettlementTotals } {
  const months = financialYearMonths(fy);
  const zero = (): SettlementTotals => ({
    commission: 0,
    commissionGst: 0,
    tcs: 0,
    tds: 0,
    codFees: 0,
    adjustments: 0,
    paidOut: 0,
  });
  const acc = new Map(months.map((m) => [m, zero()]));
  for (const e of entries) {
    const a = acc.get(indiaMonthOf(e.at));
    if (!a) continue;
    if (e.kind === 'commission') a.commission -= e.amount;
    else if (e.kind === 'commission_gst') a.commissionGst -= e.amount;
    else if (e.kind === 'tcs') a.tcs -= e.amount;
    else if (e.kind === 'tds') a.tds -= e.amount;
    else if (e.kind === 'cod_fee') a.codFees -= e.amount;
    else if (e.kind === 'adjustment') a.adjustments += e.amount;
  }
  for (const p of processedPayouts) {
    const a = acc.get(indiaMonthOf(p.processedAt));
    if (a) a.paidOut += p.amount;
  }
  const totals = zero();
  const rows = months.map((month) => {
    const a = acc.get(month)!;
    for (const k of Object.keys(totals) as (keyof SettlementTotals)[]) totals[k] += a[k];
    return { month, ...a };
  });
  return { months: rows, totals };
}

/** Half of a withheld amount for CGST and the rest for SGST (intra-state TCS), half-up on CGST. */
export function splitIntraState(amount: Minor): { cgst: Minor; sgst: Minor } {
  const cgst = Math.sign(amount) * Math.ceil(Math.abs(amount) / 2);
  return { cgst, sgst: amount - cgst };
}
