import { GST_STATE_CODES, gstinStateCode, isValidGstin } from '#shared/gst.ts';
import { canonicalRate, indiaDate } from '#shared/gst-rates.ts';
import {
  gstr1Csv,
  gstr8Csv,
  indiaMonthRange,
  planRateChange,
  rulesOfRateChange,
  type Gstr1Section,
  type ReturnDocument,
  type ReturnLine,
  type SellerTcs,
} from '#shared/gst-returns.ts';
import { splitIntraState } from '#shared/ledger-reports.ts';
import { parseMoney } from '#shared/money.ts';
import { isAdmin, isSeller } from '#shared/permissions.ts';
import type { GstRateChangeForm, GstRateRuleWire, GstSettings, TaxFact } from '#shared/schemas/gst.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx, Ctx } from '../../lib/types.ts';
import { canSeeProduct } from '../catalog/product.service.ts';
import { tcsOfMonth as settlementsTcsOfMonth } from '../settlements/statements.service.ts';
import * as repo from './gst.repo.ts';

/**
 * GST (docs/product/gst-and-invoices.md; docs/decisions/0118-gst-returns-and-commission-invoices.md): the
 * dated rate table, the operator's tax settings and each seller's state, as other modules read them inside
 * their transactions; the public rate table and tax facts; the Admin's rate changes and settings; the
 * GSTR-1 and GSTR-8 exports.
 */
export { allGstRules, readGstSettings, sellerStateCodes } from './gst.repo.ts';

export const GST_MSG = {
  futureOnly: 'A rate change must start on a future date',
  categoryNotFound: 'Category not found',
  sellerRequired: 'Please choose a seller',
  sellerNotFound: 'Seller not found',
} as const;

const toWire = (r: repo.RateRecord): GstRateRuleWire => ({
  _id: r.id,
  hsnPrefix: r.hsnPrefix,
  categoryId: r.categoryId,
  categoryName: r.categoryId === null ? null : r.categoryName || null,
  fromPaise: r.fromPaise,
  toPaise: r.toPaise,
  basis: r.basis,
  rate: canonicalRate(r.rate),
  effectiveFrom: r.effectiveFrom,
  effectiveTo: r.effectiveTo,
  note: r.note,
});

/** GET /api/gst/rates (public): every rule, past, present and future. */
export async function listRates(ctx: Ctx): Promise<{ rules: GstRateRuleWire[] }> {
  return { rules: (await repo.rateRecords(ctx.db)).map(toWire) };
}

/**
 * GET /api/gst/tax-facts (public): per product the caller may see (the product page's rule: active, or
 * its own seller's, or Admin) its category, HSN, category rate and seller state; and the rules.
 */
export async function taxFacts(
  ctx: Ctx,
  productIds: readonly string[],
): Promise<{ products: TaxFact[]; rules: GstRateRuleWire[] }> {
  const records = (await repo.productTaxRecords(ctx.db, productIds)).filter((r) =>
    canSeeProduct(ctx.actor, { userId: r.sellerId, status: r.status }),
  );
  const states = await repo.sellerStateCodes(
    ctx.db,
    records.map((r) => r.sellerId),
  );
  return {
    products: records.map((r) => ({
      product: r.product,
      categoryId: r.categoryId,
      hsn: r.hsn,
      categoryTax: canonicalRate(r.tax),
      sellerStateCode: states.get(r.sellerId) ?? null,
    })),
    rules: (await repo.rateRecords(ctx.db)).map(toWire),
  };
}

/**
 * POST /api/admin/gst-rates: a dated change of one HSN prefix's or category's rate, from a future date
 * (India calendar). In one transaction: the rules of the same key still in force then end the day before,
 * those that would only start on or after it go (they never took effect), and the new slabs are added.
 */
export async function changeRates(
  ctx: AuthedCtx & { db: Database },
  form: Required<GstRateChangeForm>,
  now: Date = new Date(),
): Promise<{ rules: GstRateRuleWire[] }> {
  if (!(form.effectiveFrom > indiaDate(now)))
    throw invalid(GST_MSG.futureOnly, [{ path: 'effectiveFrom', message: GST_MSG.futureOnly }]);
  const ids = await ctx.db.transaction(async (tx) => {
    if (form.categoryId !== '' && !(await repo.categoryExists(tx, form.categoryId)))
      throw notFound(GST_MSG.categoryNotFound);
    await repo.lockRateTable(tx);
    const rules = rulesOfRateChange({
      hsnPrefix: form.hsnPrefix,
      categoryId: form.categoryId,
      effectiveFrom: form.effectiveFrom,
      slabs: form.slabs.map((s) => ({ upToInr: s.upToInr ?? '', rate: s.rate })),
      note: form.note,
    });
    const key = { hsnPrefix: rules[0]!.hsnPrefix, categoryId: rules[0]!.categoryId };
    const plan = planRateChange(await repo.rulesOfKey(tx, key), form.effectiveFrom);
    await repo.deleteRules(tx, plan.remove);
    for (const c of plan.close) await repo.closeRule(tx, c.id, c.effectiveTo);
    return repo.insertRules(tx, rules, ctx.actor.id);
  });
  return { rules: (await repo.rateRecords(ctx.db, ids)).map(toWire) };
}

type GstSettingsRow = Awaited<ReturnType<typeof repo.readGstSettings>>;

const settingsWire = (row: GstSettingsRow): GstSettings => ({
  invoiceOn: row.invoiceOn,
  operatorLegalName: row.operatorLegalName,
  operatorGstin: row.operatorGstin,
  operatorAddress: row.operatorAddress,
  commissionGstRate: canonicalRate(row.commissionGstRate),
  operatorStateCode: row.operatorStateCode,
  operatorStateName: GST_STATE_CODES[row.operatorStateCode] ?? '',
});

/** GET /api/admin/gst-settings. */
export async function getSettings(ctx: AuthedCtx): Promise<GstSettings> {
  return settingsWire(await repo.readGstSettings(ctx.db));
}

/** PUT /api/admin/gst-settings: the operator's state is the first two digits of its GSTIN. */
export async function putSettings(
  ctx: AuthedCtx,
  body: Omit<GstSettings, 'operatorStateCode' | 'operatorStateName'>,
): Promise<GstSettings> {
  const stateCode = gstinStateCode(body.operatorGstin);
  if (!stateCode || !isValidGstin(body.operatorGstin)) throw invalid('Please enter a valid GSTIN.');
  const row = await repo.updateGstSettings(ctx.db, {
    invoiceOn: body.invoiceOn,
    operatorLegalName: body.operatorLegalName,
    operatorGstin: body.operatorGstin,
    operatorAddress: body.operatorAddress,
    operatorStateCode: stateCode,
    commissionGstRate: canonicalRate(body.commissionGstRate),
  });
  return settingsWire(row);
}

// ---------------------------------------------------------------------------------------------------------
// Returns

type Wire = number | string | null | undefined;
const paise = (v: Wire): number => (v === null || v === undefined || v === '' ? 0 : Math.abs(parseMoney(v)));

type ContentLine = {
  hsn?: string;
  unit?: string;
  qty?: number;
  taxableValue?: Wire;
  rate?: string;
  cgst?: Wire;
  sgst?: Wire;
  igst?: Wire;
};
type Content = {
  intraState?: boolean;
  supplier?: { name?: string; gstin?: string | null };
  recipient?: { name?: string; businessName?: string | null };
  refersTo?: { number: string; issuedAt: string } | null;
  ecommerceOperator?: { gstin?: string } | null;
  lines?: ContentLine[];
};

/**
 * An issued document as the returns read it: the supplier and recipient as frozen on it (a GSTIN changed
 * after issue does not move the document), its frozen lines, amounts as positive paise.
 */
function returnDocument(r: repo.ReturnRecord): ReturnDocument {
  const c = (r.content ?? {}) as Content;
  const lines: ReturnLine[] = (c.lines ?? []).map((l) => ({
    hsn: l.hsn ?? '',
    unit: l.unit ?? 'PCS',
    qty: Math.abs(l.qty ?? 0),
    taxableValue: paise(l.taxableValue),
    rate: l.rate ?? '0',
    cgst: paise(l.cgst),
    sgst: paise(l.sgst),
    igst: paise(l.igst),
  }));
  const supplierGstin = c.supplier?.gstin ?? null;
  return {
    kind: r.kind === 'credit_note' ? 'credit_note' : 'invoice',
    number: r.number,
    issuedAt: r.issuedAt,
    sellerId: r.sellerId,
    supplierGstin: supplierGstin && isValidGstin(supplierGstin) ? supplierGstin : null,
    supplierName: c.supplier?.name || r.sellerName,
    placeOfSupply: r.placeOfSupply,
    intraState: c.intraState ?? paise(r.cgst) > 0,
    recipientGstin: r.recipientGstin,
    recipientName: c.recipient?.businessName || c.recipient?.name || '',
    total: paise(r.total),
    taxableValue: paise(r.taxableValue),
    refersTo: c.refersTo ?? null,
    ecommerceGstin: c.ecommerceOperator?.gstin ?? null,
    lines,
  };
}

export type Gstr1Query = { month: string; section: Gstr1Section; seller?: string | undefined };

/**
 * GET /api/gst/gstr1: a section of a seller's GSTR-1 for a month (CSV). An active seller gets its own
 * (`seller` ignored); Admin names the seller; anybody else 403.
 */
export async function gstr1(ctx: AuthedCtx, q: Gstr1Query): Promise<{ csv: string; filename: string }> {
  let sellerId: string;
  if (isAdmin(ctx.actor)) {
    if (!q.seller) throw invalid(GST_MSG.sellerRequired);
    if (!(await repo.userExists(ctx.db, q.seller))) throw notFound(GST_MSG.sellerNotFound);
    sellerId = q.seller;
  } else if (isSeller(ctx.actor)) sellerId = ctx.actor.id;
  else throw forbidden();
  const docs = await repo.documentsForReturns(ctx.db, { sellerId, ...indiaMonthRange(q.month) });
  return {
    csv: gstr1Csv(q.section, docs.map(returnDocument)),
    filename: `gstr1-${q.section}-${q.month}.csv`,
  };
}

/**
 * The TCS the ledger withheld in a month per seller and GSTIN (docs/decisions/0122): integrated tax on
 * inter-state supplies, central and state tax half each on intra-state ones.
 */
async function tcsOfMonth(db: Queryable, month: string): Promise<SellerTcs[]> {
  const byKey = new Map<string, SellerTcs>();
  for (const r of await settlementsTcsOfMonth(db, month)) {
    const g = r.gstin?.trim().toUpperCase() ?? null;
    const gstin = g && isValidGstin(g) ? g : null;
    const key = `${r.sellerId}\u0000${gstin ?? ''}`;
    const t = byKey.get(key) ?? {
      sellerId: r.sellerId,
      supplierGstin: gstin,
      supplierName: r.sellerName,
      igst: 0,
      cgst: 0,
      sgst: 0,
    };
    if (r.intraState) {
      const half = splitIntraState(r.amount);
      t.cgst += half.cgst;
      t.sgst += half.sgst;
    } else t.igst += r.amount;
    byKey.set(key, t);
  }
  return [...byKey.values()];
}

/** GET /api/admin/gstr8 (Admin): the operator's per-seller summary of a month with the TCS withheld (CSV). */
export async function gstr8(
  ctx: { db: Queryable },
  month: string,
): Promise<{ csv: string; filename: string }> {
  const [docs, tcs] = await Promise.all([
    repo.documentsForReturns(ctx.db, indiaMonthRange(month)),
    tcsOfMonth(ctx.db, month),
  ]);
  return { csv: gstr8Csv(docs.map(returnDocument), tcs), filename: `gstr8-${month}.csv` };
}
