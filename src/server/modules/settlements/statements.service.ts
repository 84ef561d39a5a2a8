import { indiaDate } from '#shared/gst-rates.ts';
import { csvCell, indiaMonthRange } from '#shared/gst-returns.ts';
import { bucketTotals, ledgerEntryLabel, panOfGstin } from '#shared/ledger.ts';
import {
  financialYearRange,
  foldSettlementTotals,
  foldTaxWithheld,
  type TaxWithheldTotals,
} from '#shared/ledger-reports.ts';
import { formatDecimal, toWireNumber } from '#shared/money.ts';
import { isAdmin, isSeller, type Actor } from '#shared/permissions.ts';
import type {
  LedgerEntryWire,
  SellerLedgerResponse,
  SettlementTotalsResponse,
  TaxWithheldResponse,
} from '#shared/schemas/settlements.ts';
import { financialYearOf } from '#shared/tax-documents.ts';
import { nameWithVariant } from '#shared/variants.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { payoutAccountOf, payoutView, unpaidEntries } from './payouts.repo.ts';
import { accountToWire, payoutDestination, payoutToWire } from './payouts.service.ts';
import { payoutStatementPdf, type PayoutStatement } from './payout-statement-pdf.ts';
import { translator } from '../../lib/messages.ts';
import * as repo from './statements.repo.ts';

/**
 * Statements (docs/decisions/0122-statements-and-tax-withheld.md): a seller's ledger with its balance by
 * bucket, payouts and payout account; the statement of one payout as CSV or PDF; tax withheld per month
 * of a financial year (TCS and TDS certificate data); the operator's monthly totals; and the ledger's
 * figures other modules show (the pending seller payments screen, GSTR-8's TCS).
 */

export const STATEMENT_MSG = {
  sellerNotFound: 'Seller not found',
  payoutNotFound: 'Payout not found',
} as const;

export const LEDGER_PAGE_SIZE = 50;

type Ctx = { db: Queryable; actor: Actor };

const wire = toWireNumber;
const iso = (d: Date) => d.toISOString();

const itemNameOf = (r: repo.StatementEntryRow): string | null =>
  r.lineName === null ? null : nameWithVariant(r.lineName, { size: r.lineSize, colour: r.lineColour });

export function entryToWire(r: repo.StatementEntryRow): LedgerEntryWire {
  // Claimed by a payout: on its way, paid, or (cancelled, failed, reversed) returned — its money is owed
  // again through the payout's one 'payout_reversal' entry, which has a bucket of its own.
  const bucket: LedgerEntryWire['bucket'] =
    r.claimedBy === null
      ? (r.bucket ?? 'payable')
      : (repo.OPEN_PAYOUT_STATES as readonly string[]).includes(r.claimState ?? '')
        ? 'in_payout'
        : r.claimState === 'processed'
          ? 'paid'
          : 'returned';
  return {
    _id: r.id,
    kind: r.kind,
    label: ledgerEntryLabel(r.kind, r.reversal),
    reversal: r.reversal,
    amount: wire(r.amount),
    at: iso(r.at),
    cause: r.cause,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    shipmentId: r.shipmentId,
    orderItemId: r.orderItemId,
    itemName: itemNameOf(r),
    returnRequestId: r.returnRequestId,
    taxDocumentId: r.taxDocumentId,
    taxDocumentNumber: r.taxDocumentNumber,
    payoutId: r.payoutId,
    qty: r.qty,
    base: r.base === null ? null : wire(r.base),
    rate: r.rate,
    rule: r.rule,
    note: r.note,
    bucket,
  };
}

/** A seller (holding a seller role) or 404. */
async function sellerOr404(db: Queryable, id: string): Promise<repo.SellerRow> {
  const seller = await repo.sellerRow(db, id);
  if (!seller?.isSeller) throw notFound(STATEMENT_MSG.sellerNotFound);
  return seller;
}

export type LedgerQuery = { page: number; month?: string | undefined };

async function ledgerOf(
  db: Queryable,
  seller: repo.SellerRow,
  q: LedgerQuery,
  now: Date,
): Promise<SellerLedgerResponse> {
  const page = Math.max(1, q.page);
  const [{ rows, count }, unpaid, sums, payouts, account] = await Promise.all([
    repo.ledgerPage(db, {
      sellerId: seller.id,
      now,
      offset: (page - 1) * LEDGER_PAGE_SIZE,
      limit: LEDGER_PAGE_SIZE,
      ...(q.month ? { range: indiaMonthRange(q.month) } : {}),
    }),
    unpaidEntries(db, now, seller.id),
    repo.payoutSums(db, seller.id),
    repo.payoutsOfSeller(db, seller.id),
    payoutAccountOf(db, seller.id),
  ]);
  const b = bucketTotals(unpaid);
  return {
    seller: { _id: seller.id, name: seller.name, shopName: seller.shopName },
    balance: {
      pending: wire(b.pending),
      onHold: wire(b.onHold),
      payable: wire(b.payable),
      inPayout: wire(sums.inPayout),
      paid: wire(sums.paid),
      balance: wire(b.pending + b.onHold + b.payable),
    },
    entries: rows.map(entryToWire),
    page,
    pages: Math.max(1, Math.ceil(count / LEDGER_PAGE_SIZE)),
    payouts: payouts.map(payoutToWire),
    account: account ? accountToWire(account) : null,
  };
}

/** GET /api/seller/ledger (an active seller; the route checks): its own. */
export async function ownLedger(ctx: Ctx, q: LedgerQuery, now = new Date()): Promise<SellerLedgerResponse> {
  return ledgerOf(ctx.db, await sellerOr404(ctx.db, ctx.actor.id), q, now);
}

/** GET /api/admin/sellers/:id/ledger (Admin; the route checks). */
export async function sellerLedger(
  ctx: Ctx,
  sellerId: string,
  q: LedgerQuery,
  now = new Date(),
): Promise<SellerLedgerResponse> {
  return ledgerOf(ctx.db, await sellerOr404(ctx.db, sellerId), q, now);
}

// ---------------------------------------------------------------------------------------------------------
// Payout statements

/** An entry in words for a statement: its label and the rule or percentage it was taken at. */
export function describeEntry(w: Pick<LedgerEntryWire, 'label' | 'rule' | 'rate' | 'note' | 'kind'>): string {
  if (w.rule) return `${w.label}: ${w.rule}`;
  if (w.rate) return `${w.label} @ ${w.rate}%`;
  if (w.kind === 'adjustment' && w.note) return `${w.label}: ${w.note}`;
  return w.label;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'seller';

/** The payout with what it settled; the payout's own seller (active) or Admin, anybody else 404. */
async function statementOf(ctx: Ctx, payoutId: string): Promise<PayoutStatement> {
  const payout = await payoutView(ctx.db, payoutId);
  const mine = payout && isSeller(ctx.actor) && payout.sellerId === ctx.actor.id;
  if (!payout || !(mine || isAdmin(ctx.actor))) throw notFound(STATEMENT_MSG.payoutNotFound);
  const [seller, rows] = await Promise.all([
    repo.sellerRow(ctx.db, payout.sellerId),
    repo.payoutEntries(ctx.db, payout.id, new Date()),
  ]);
  const gstin = seller?.gstin ?? null;
  return {
    sellerName: payout.sellerName,
    shopName: seller?.shopName ?? null,
    gstin,
    pan: seller?.pan ?? panOfGstin(gstin) ?? null,
    batchNumber: payout.batchNumber,
    state: payout.state,
    utr: payout.utr,
    destination: payoutDestination(payout.account),
    createdAt: payout.createdAt,
    processedAt: payout.processedAt,
    amount: payout.amount,
    lines: rows.map((r) => {
      const w = entryToWire(r);
      return {
        date: indiaDate(r.at),
        orderNumber: r.orderNumber ?? '',
        item: w.itemName ?? '',
        description: describeEntry(w),
        amount: r.amount,
      };
    }),
    total: rows.reduce((n, r) => n + r.amount, 0),
  };
}

const statementFilename = (s: PayoutStatement, ext: string) =>
  `payout-${s.batchNumber}-${slug(s.shopName ?? s.sellerName)}.${ext}`;

/** The CSV of a statement: header lines (name and value), a blank line, the entries, the total. */
export function statementCsv(s: PayoutStatement): string {
  const head: [string, string][] = [
    ['Payout statement', `Batch ${s.batchNumber}`],
    ['Seller', s.shopName ? `${s.sellerName} (${s.shopName})` : s.sellerName],
    ['GSTIN', s.gstin ?? ''],
    ['PAN', s.pan ?? ''],
    ['State', s.state],
    ['UTR', s.utr ?? ''],
    ['Paid to', s.destination],
    ['Prepared on', indiaDate(s.createdAt)],
    ['Processed on', s.processedAt ? indiaDate(s.processedAt) : ''],
    ['Amount', formatDecimal(s.amount)],
  ];
  const lines = [
    ...head.map((r) => r.map(csvCell).join(',')),
    '',
    ['Date', 'Order', 'Item', 'Description', 'Amount (INR)'].join(','),
    ...s.lines.map((l) =>
      [l.date, l.orderNumber, l.item, l.description, formatDecimal(l.amount)].map(csvCell).join(','),
    ),
    ['', '', '', 'Total', formatDecimal(s.total)].map(csvCell).join(','),
  ];
  return lines.join('\r\n') + '\r\n';
}

/** GET /api/payouts/:id/statement.csv|.pdf. */
export async function payoutStatement(
  ctx: Ctx,
  payoutId: string,
  format: 'csv' | 'pdf',
  /** The PDF's labels (ADR 0137); the CSV is for machines and stays English. */
  language = 'en',
): Promise<{ body: string | Buffer; filename: string; contentType: string }> {
  const s = await statementOf(ctx, payoutId);
  if (format === 'csv') {
    return {
      body: statementCsv(s),
      filename: statementFilename(s, 'csv'),
      contentType: 'text/csv; charset=utf-8',
    };
  }
  return {
    body: await payoutStatementPdf(s, translator(language)),
    filename: statementFilename(s, 'pdf'),
    contentType: 'application/pdf',
  };
}

// ---------------------------------------------------------------------------------------------------------
// Tax withheld and totals

const withheldWire = (t: TaxWithheldTotals) => ({
  gross: wire(t.gross),
  returned: wire(t.returned),
  net: wire(t.net),
  tcs: wire(t.tcs),
  tdsBase: wire(t.tdsBase),
  tds: wire(t.tds),
});

async function taxWithheldOf(
  db: Queryable,
  seller: repo.SellerRow,
  fy: string,
): Promise<TaxWithheldResponse> {
  const entries = await repo.reportEntries(db, {
    sellerId: seller.id,
    ...financialYearRange(fy),
    kinds: ['sale', 'tcs', 'tds'],
  });
  const { months, totals } = foldTaxWithheld(entries, fy);
  return {
    fy,
    seller: {
      _id: seller.id,
      name: seller.name,
      gstin: seller.gstin,
      pan: seller.pan ?? panOfGstin(seller.gstin) ?? null,
    },
    months: months.map((m) => ({
      month: m.month,
      tcsRate: m.tcsRate,
      tdsRate: m.tdsRate,
      ...withheldWire(m),
    })),
    totals: withheldWire(totals),
  };
}

/** The financial year asked for, or the current one. */
export const fyOrNow = (fy: string | undefined, now = new Date()) => fy ?? financialYearOf(now);

/** GET /api/seller/tcs-tds (an active seller; the route checks). */
export async function ownTaxWithheld(ctx: Ctx, fy?: string): Promise<TaxWithheldResponse> {
  return taxWithheldOf(ctx.db, await sellerOr404(ctx.db, ctx.actor.id), fyOrNow(fy));
}

/** GET /api/admin/sellers/:id/tcs-tds (Admin; the route checks). */
export async function sellerTaxWithheld(
  ctx: Ctx,
  sellerId: string,
  fy?: string,
): Promise<TaxWithheldResponse> {
  return taxWithheldOf(ctx.db, await sellerOr404(ctx.db, sellerId), fyOrNow(fy));
}

/** GET /api/admin/settlement-totals (Admin; the route checks). */
export async function settlementTotals(ctx: Ctx, fy?: string): Promise<SettlementTotalsResponse> {
  const year = fyOrNow(fy);
  const range = financialYearRange(year);
  const [entries, paid] = await Promise.all([
    repo.reportEntries(ctx.db, {
      ...range,
      kinds: ['commission', 'commission_gst', 'tcs', 'tds', 'cod_fee', 'adjustment'],
    }),
    repo.processedPayouts(ctx.db, range),
  ]);
  const { months, totals } = foldSettlementTotals(entries, paid, year);
  const money = (t: Omit<(typeof months)[number], 'month'>) => ({
    commission: wire(t.commission),
    commissionGst: wire(t.commissionGst),
    tcs: wire(t.tcs),
    tds: wire(t.tds),
    codFees: wire(t.codFees),
    adjustments: wire(t.adjustments),
    paidOut: wire(t.paidOut),
  });
  return { fy: year, months: months.map((m) => ({ month: m.month, ...money(m) })), totals: money(totals) };
}

// ---------------------------------------------------------------------------------------------------------
// The ledger as other modules show it

export type { TcsRow, UnpaidOrderRow } from './statements.repo.ts';

/** Per seller and order, what is not yet paid out (the pending seller payments screen). */
export const unpaidByOrder = (db: Queryable) => repo.unpaidByOrder(db);

/** TCS withheld in a month per seller, GSTIN and kind of supply (GSTR-8). */
export const tcsOfMonth = (db: Queryable, month: string) => repo.tcsOfPeriod(db, indiaMonthRange(month));
