import { asc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { gstRates, gstSettings, users, type GstSettingsRow } from '../../db/schema/index.ts';
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
