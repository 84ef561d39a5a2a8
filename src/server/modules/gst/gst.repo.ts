import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  categories,
  gstRates,
  gstSettings,
  products,
  taxDocuments,
  users,
  type GstRateRow,
  type GstSettingsRow,
  type TaxDocumentRow,
} from '../../db/schema/index.ts';
import type { GstRateRule } from '#shared/gst-rates.ts';
import { supplierStateCode } from '#shared/gst.ts';

/** Every dated GST rule (a small table: a few rows per HSN prefix or category and change). */
export async function allGstRules(tx: Queryable): Promise<(GstRateRule & { id: string })[]> {
  const rows = await tx.select().from(gstRates).orderBy(asc(gstRates.effectiveFrom), asc(gstRates.fromPaise));
  return rows.map((r) => ({
    id: r.id,
    hsnPrefix: r.hsnPrefix,
    categoryId: r.categoryId,
    fromPaise: r.fromPaise,
    toPaise: r.toPaise,
    basis: r.basis,
    rate: r.rate,
    effectiveFrom: r.effectiveFrom,
    effectiveTo: r.effectiveTo,
    note: r.note,
  }));
}

/** The operator's tax settings (the row migration 0016 inserted). */
export async function readGstSettings(tx: Queryable): Promise<GstSettingsRow> {
  const [row] = await tx.select().from(gstSettings).limit(1);
  if (!row) throw new Error('gst_settings has no row: run the migrations');
  return row;
}

/**
 * Each seller's GST state code: the first two digits of its GSTIN when it has a valid one, else its
 * registered address's state (Indian addresses only); missing when neither says.
 */
export async function sellerStateCodes(
  tx: Queryable,
  sellerIds: readonly string[],
): Promise<Map<string, string>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      gstin: users.businessRegistrationCode,
      country: users.country,
      state: users.state,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(sellerIds)]));
  const out = new Map<string, string>();
  for (const r of rows) {
    const code = supplierStateCode(r);
    if (code) out.set(r.id, code);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The rate table as the Admin and the browser see it (docs/decisions/0118-gst-returns-and-commission-invoices.md)

export type RateRecord = GstRateRow & { categoryName: string | null };

/** Every rule with its category's name (null for an HSN rule), oldest change first. */
export async function rateRecords(tx: Queryable, ids?: readonly string[]): Promise<RateRecord[]> {
  if (ids && ids.length === 0) return [];
  const rows = await tx
    .select({
      rule: gstRates,
      // The category's path, 'Clothing > Men > Kurtas' (null for an HSN rule).
      categoryName: sql<
        string | null
      >`concat_ws(' > ', ${categories.category}, ${categories.subCategory}, ${categories.levelThreeCategory}, ${categories.levelFourCategory}, ${categories.levelFiveCategory})`,
    })
    .from(gstRates)
    .leftJoin(categories, eq(categories.id, gstRates.categoryId))
    .where(ids ? inArray(gstRates.id, [...ids]) : undefined)
    .orderBy(asc(gstRates.effectiveFrom), asc(gstRates.hsnPrefix), asc(gstRates.fromPaise));
  return rows.map((r) => ({ ...r.rule, categoryName: r.categoryName }));
}

export async function categoryExists(tx: Queryable, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return !!row;
}

/** The rules of one key (an HSN prefix or a category), locked for a change. */
export async function rulesOfKey(
  tx: Queryable,
  key: { hsnPrefix: string | null; categoryId: string | null },
): Promise<GstRateRow[]> {
  return tx
    .select()
    .from(gstRates)
    .where(
      key.hsnPrefix !== null
        ? eq(gstRates.hsnPrefix, key.hsnPrefix)
        : eq(gstRates.categoryId, key.categoryId!),
    )
    .for('update');
}

export async function closeRule(tx: Queryable, id: string, effectiveTo: string): Promise<void> {
  await tx.update(gstRates).set({ effectiveTo }).where(eq(gstRates.id, id));
}

export async function deleteRules(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(gstRates).where(inArray(gstRates.id, [...ids]));
}

export async function insertRules(
  tx: Queryable,
  rules: readonly GstRateRule[],
  createdBy: string,
): Promise<string[]> {
  if (rules.length === 0) return [];
  const rows = await tx
    .insert(gstRates)
    .values(
      rules.map((r) => ({
        hsnPrefix: r.hsnPrefix,
        categoryId: r.categoryId,
        fromPaise: r.fromPaise,
        toPaise: r.toPaise,
        basis: r.basis,
        rate: r.rate,
        effectiveFrom: r.effectiveFrom,
        effectiveTo: r.effectiveTo,
        note: r.note ?? '',
        createdBy,
      })),
    )
    .returning({ id: gstRates.id });
  return rows.map((r) => r.id);
}

/** Serialises rate changes: one at a time, so two changes of one key cannot interleave. */
export async function lockRateTable(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('gst-rate-change', 0))`);
}

export type GstSettingsUpdate = Pick<
  GstSettingsRow,
  | 'invoiceOn'
  | 'operatorLegalName'
  | 'operatorGstin'
  | 'operatorAddress'
  | 'operatorStateCode'
  | 'commissionGstRate'
>;

export async function updateGstSettings(tx: Queryable, values: GstSettingsUpdate): Promise<GstSettingsRow> {
  const [row] = await tx
    .insert(gstSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: gstSettings.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('updateGstSettings: no row returned');
  return row;
}

/**
 * What the browser needs to tax a product: its category, the category's HSN and rate, its seller, and
 * whether it is active (the caller applies the catalog's visibility rule).
 */
export async function productTaxRecords(
  tx: Queryable,
  productIds: readonly string[],
): Promise<
  { product: string; categoryId: string; hsn: string; tax: string; sellerId: string; status: boolean }[]
> {
  if (productIds.length === 0) return [];
  return tx
    .select({
      product: products.id,
      categoryId: products.categoryId,
      hsn: categories.hsn,
      tax: categories.tax,
      sellerId: products.userId,
      status: products.status,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...productIds]));
}

// ---------------------------------------------------------------------------------------------------------
// Issued documents for the returns

export type ReturnRecord = TaxDocumentRow & { sellerName: string };

/**
 * A month's invoices and credit notes (of one seller, or of all), oldest first, with the seller's current
 * name (only a fallback: the returns read the supplier's name and GSTIN frozen on each document).
 */
export async function documentsForReturns(
  tx: Queryable,
  q: { sellerId?: string; start: Date; end: Date },
): Promise<ReturnRecord[]> {
  const rows = await tx
    .select({ doc: taxDocuments, sellerName: users.name })
    .from(taxDocuments)
    .innerJoin(users, eq(users.id, taxDocuments.sellerId))
    .where(
      and(
        inArray(taxDocuments.kind, ['invoice', 'credit_note']),
        gte(taxDocuments.issuedAt, q.start),
        lt(taxDocuments.issuedAt, q.end),
        q.sellerId ? eq(taxDocuments.sellerId, q.sellerId) : undefined,
      ),
    )
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.serial));
  return rows.map((r) => ({ ...r.doc, sellerName: r.sellerName }));
}

export async function userExists(tx: Queryable, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  return !!row;
}
