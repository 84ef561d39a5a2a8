import { amountInWords } from '#shared/amount-in-words.ts';
import {
  COMMISSION_SAC,
  COMMISSION_UNIT,
  commissionInvoice,
  commissionOf,
  type CommissionInvoice,
} from '#shared/commission.ts';
import { GST_STATE_CODES, isValidGstin } from '#shared/gst.ts';
import { canonicalRate } from '#shared/gst-rates.ts';
import { indiaMonthOf, indiaMonthRange, previousMonth } from '#shared/gst-returns.ts';
import { formatDecimal, parseMoney, toWireNumber } from '#shared/money.ts';
import type { TaxDocument, TaxDocumentSummary } from '#shared/schemas/gst.ts';
import { addressLine, halfRate, TAX_DOCUMENT_TITLES } from '#shared/tax-documents.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { readGstSettings, sellerStateCodes } from '../gst/gst.service.ts';
import { issueTaxDocument } from '../tax-documents/tax-documents.service.ts';
import * as repo from './commission-invoices.repo.ts';

/**
 * The marketplace's monthly commission invoices (docs/decisions/0118-gst-returns-and-commission-invoices.md):
 * per seller and month (India calendar), one invoice from the operator for the commission on the seller's
 * shipments delivered that month, less the commission on units returned that month, with GST at the
 * operator's rate split by the seller's state against the operator's. Issued once per seller and month
 * (cause `commission:<seller>:<YYYY-MM>`) in the operator's own series; the amounts are the pure rules of
 * #shared/commission.ts.
 */

export const COMMISSION_MSG = {
  pastMonthOnly: 'Commission invoices are issued for a month that has ended',
} as const;

export const commissionCause = (sellerId: string, month: string) => `commission:${sellerId}:${month}`;

type Totals = { charged: number; credited: number };

/** Commission charged (delivered) and credited (returned) per seller in a month, in paise. */
async function monthCommission(db: Database, month: string): Promise<Map<string, Totals>> {
  const range = indiaMonthRange(month);
  const out = new Map<string, Totals>();
  const add = (rows: repo.CommissionUnitRecord[], field: keyof Totals) => {
    for (const r of rows) {
      const t = out.get(r.sellerId) ?? { charged: 0, credited: 0 };
      t[field] +=
        r.ledgerCommission !== null
          ? Number(r.ledgerCommission)
          : commissionOf({
              unitPrice: parseMoney(r.price),
              discountPerUnit: parseMoney(r.discount),
              qty: r.qty,
              percentageMarkup: r.percentageMarkup,
            });
      out.set(r.sellerId, t);
    }
  };
  add(await repo.deliveredLines(db, range), 'charged');
  add(await repo.returnedUnits(db, range), 'credited');
  for (const c of await repo.failedExchangeCredits(db, range)) {
    const t = out.get(c.sellerId) ?? { charged: 0, credited: 0 };
    t.credited += c.paise;
    out.set(c.sellerId, t);
  }
  return out;
}

const stateName = (code: string | null | undefined) => (code ? (GST_STATE_CODES[code] ?? '') : '');

function contentOf(
  inv: CommissionInvoice,
  facts: {
    month: string;
    intraState: boolean;
    settings: Awaited<ReturnType<typeof readGstSettings>>;
    seller: repo.SellerParty;
    sellerState: string | undefined;
  },
): Omit<TaxDocument, '_id' | 'number' | 'issuedAt' | 'financialYear' | 'kind'> {
  const { settings, seller, sellerState, intraState } = facts;
  const rate = canonicalRate(settings.commissionGstRate);
  const half = intraState ? halfRate(rate) : '0';
  const w = toWireNumber;
  return {
    title: TAX_DOCUMENT_TITLES.commission_invoice,
    orderId: null,
    orderNumber: null,
    shipmentId: null,
    refersTo: null,
    reason: null,
    supplier: {
      name: settings.operatorLegalName,
      businessName: null,
      address: settings.operatorAddress,
      stateCode: settings.operatorStateCode,
      stateName: stateName(settings.operatorStateCode),
      gstin: settings.operatorGstin,
    },
    recipient: {
      name: seller.name,
      businessName: null,
      address: addressLine(seller),
      stateCode: sellerState ?? null,
      stateName: stateName(sellerState),
      gstin: seller.gstin && isValidGstin(seller.gstin) ? seller.gstin : null,
    },
    // A service to a registered business is supplied where the business is.
    placeOfSupply: sellerState ? { stateCode: sellerState, stateName: stateName(sellerState) } : null,
    intraState,
    reverseCharge: false,
    ecommerceOperator: null,
    period: facts.month,
    lines: inv.lines.map((l) => ({
      description: l.description,
      hsn: COMMISSION_SAC,
      qty: 1,
      unit: COMMISSION_UNIT,
      unitPrice: w(l.taxableValue),
      discount: 0,
      taxableValue: w(l.taxableValue),
      rate,
      cgstRate: half,
      cgst: w(l.gst.cgst),
      sgstRate: half,
      sgst: w(l.gst.sgst),
      igstRate: intraState ? '0' : rate,
      igst: w(l.gst.igst),
      total: w(l.total),
    })),
    totals: {
      taxableValue: w(inv.taxableValue),
      discount: 0,
      cgst: w(inv.cgst),
      sgst: w(inv.sgst),
      igst: w(inv.igst),
      tax: w(inv.cgst + inv.sgst + inv.igst),
      total: w(inv.total),
      totalInWords: amountInWords(inv.total),
    },
    currency: 'INR',
  };
}

type TaxDocumentRow = NonNullable<Awaited<ReturnType<typeof issueTaxDocument>>>;

const summaryOf = (row: TaxDocumentRow, sellerName: string): TaxDocumentSummary => {
  const tax = parseMoney(row.cgst) + parseMoney(row.sgst) + parseMoney(row.igst);
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    sellerId: row.sellerId,
    sellerName,
    orderId: null,
    orderNumber: null,
    shipmentId: null,
    invoiceId: null,
    taxableValue: toWireNumber(parseMoney(row.taxableValue)),
    tax: toWireNumber(tax),
    total: toWireNumber(parseMoney(row.total)),
  };
};

/**
 * Issues the commission invoices of a month that has ended, one per seller with commission to charge,
 * each in its own transaction; returns them, with those issued before (idempotent). Sellers with nothing
 * to charge (or whose returns outweigh their sales) get none.
 */
export async function issueCommissionInvoices(
  ctx: { db: Database },
  month: string,
  now: Date = new Date(),
): Promise<TaxDocumentSummary[]> {
  if (!(month < indiaMonthOf(now))) throw invalid(COMMISSION_MSG.pastMonthOnly);
  const totals = await monthCommission(ctx.db, month);
  const sellerIds = [...totals.keys()].filter((id) => totals.get(id)!.charged > 0);
  const parties = new Map((await repo.sellerParties(ctx.db, sellerIds)).map((p) => [p.id, p]));
  const out: TaxDocumentSummary[] = [];
  for (const sellerId of sellerIds.sort()) {
    const seller = parties.get(sellerId);
    if (!seller) continue;
    const row = await ctx.db.transaction(async (tx) =>
      issueTaxDocument(tx, {
        kind: 'commission_invoice',
        sellerId,
        cause: commissionCause(sellerId, month),
        issuedAt: now,
        draft: async () => {
          const settings = await readGstSettings(tx);
          const sellerState = (await sellerStateCodes(tx, [sellerId])).get(sellerId);
          const intraState = sellerState === settings.operatorStateCode;
          const t = totals.get(sellerId)!;
          const inv = commissionInvoice({
            month,
            charged: t.charged,
            credited: t.credited,
            gstRate: settings.commissionGstRate,
            intraState,
          });
          if (!inv) return undefined;
          const content = contentOf(inv, { month, intraState, settings, seller, sellerState });
          return {
            orderId: null,
            shipmentId: null,
            returnRequestId: null,
            invoiceId: null,
            placeOfSupply: sellerState ?? null,
            recipientGstin: content.recipient.gstin,
            taxableValue: formatDecimal(inv.taxableValue),
            cgst: formatDecimal(inv.cgst),
            sgst: formatDecimal(inv.sgst),
            igst: formatDecimal(inv.igst),
            total: formatDecimal(inv.total),
            content: content as unknown as Record<string, unknown>,
          };
        },
      }),
    );
    if (row) out.push(summaryOf(row, seller.name));
  }
  return out;
}

/** The month the timer issues on a given day: last month, from the 1st of the next. */
export const monthToInvoice = (now: Date): string => previousMonth(indiaMonthOf(now));
