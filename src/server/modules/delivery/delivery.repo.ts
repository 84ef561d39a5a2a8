import { asc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  deliverySettings,
  pincodes,
  products,
  sellerDeliveryAreas,
  shops,
  users,
} from '../../db/schema/index.ts';

/**
 * SQL of the delivery promise (docs/decisions/0113-delivery-promise.md): the pincode table and its
 * operator flags, the one settings row, sellers' delivery areas and where each seller ships from.
 */

export type SettingsRow = typeof deliverySettings.$inferSelect;
export type PincodeRecord = typeof pincodes.$inferSelect;
export type AreaRecord = typeof sellerDeliveryAreas.$inferSelect;

/** The settings row (id 1; migration 0015 inserts it, and a database without it gets the defaults back). */
export async function settings(db: Queryable): Promise<SettingsRow> {
  const [row] = await db.select().from(deliverySettings).where(eq(deliverySettings.id, 1));
  if (row) return row;
  const [made] = await db
    .insert(deliverySettings)
    .values({ id: 1 })
    .onConflictDoUpdate({ target: deliverySettings.id, set: { id: 1 } })
    .returning();
  return made!;
}

export async function updateSettings(
  db: Queryable,
  values: Omit<SettingsRow, 'id' | 'updatedAt'>,
): Promise<SettingsRow> {
  await settings(db);
  const [row] = await db
    .update(deliverySettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliverySettings.id, 1))
    .returning();
  return row!;
}

export async function pincode(db: Queryable, code: string): Promise<PincodeRecord | undefined> {
  const [row] = await db.select().from(pincodes).where(eq(pincodes.pincode, code));
  return row;
}

/** Pincodes starting with the digits, or whose district or state contains the words; pincode order. */
export async function searchPincodes(db: Queryable, q: string, limit: number): Promise<PincodeRecord[]> {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = /^\d+$/.test(q)
    ? like(pincodes.pincode, `${escaped}%`)
    : or(ilike(pincodes.district, `%${escaped}%`), ilike(pincodes.state, `%${escaped}%`));
  return db.select().from(pincodes).where(where).orderBy(asc(pincodes.pincode)).limit(limit);
}

export async function updatePincode(
  db: Queryable,
  code: string,
  flags: { serviceable: boolean; codAllowed: boolean; codLimit: string | null },
): Promise<PincodeRecord | undefined> {
  const [row] = await db.update(pincodes).set(flags).where(eq(pincodes.pincode, code)).returning();
  return row;
}

/** India's states and union territories as the pincode table spells them. */
export async function pincodeStates(db: Queryable): Promise<string[]> {
  const rows = await db.selectDistinct({ state: pincodes.state }).from(pincodes).orderBy(asc(pincodes.state));
  return rows.map((r) => r.state);
}

export type SellerFacts = {
  sellerId: string;
  /** The shop name, else the seller's name. */
  shop: string;
  country: string;
  postalCode: string | null;
  /** The seller's own pincode's place, when it is an Indian pincode of the table. */
  originState: string | null;
  originDistrict: string | null;
  area: AreaRecord | null;
};

/** What the promise needs of each seller: name, where it ships from, its delivery area. */
export async function sellerFacts(db: Queryable, sellerIds: string[]): Promise<Map<string, SellerFacts>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .select({
      sellerId: users.id,
      name: users.name,
      shopName: shops.shopName,
      country: users.country,
      postalCode: users.postalCode,
      originState: pincodes.state,
      originDistrict: pincodes.district,
      area: sellerDeliveryAreas,
    })
    .from(users)
    .leftJoin(shops, eq(shops.userId, users.id))
    .leftJoin(pincodes, eq(pincodes.pincode, sql`trim(${users.postalCode})`))
    .leftJoin(sellerDeliveryAreas, eq(sellerDeliveryAreas.sellerId, users.id))
    .where(inArray(users.id, sellerIds));
  return new Map(
    rows.map((r) => [
      r.sellerId,
      {
        sellerId: r.sellerId,
        shop: r.shopName ?? r.name,
        country: r.country,
        postalCode: r.postalCode,
        originState: r.originState,
        originDistrict: r.originDistrict,
        area: r.area,
      },
    ]),
  );
}

/** Each product's seller and name. */
export async function productSellers(
  db: Queryable,
  productIds: string[],
): Promise<Map<string, { sellerId: string; name: string }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, sellerId: products.userId, name: products.name })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, { sellerId: r.sellerId, name: r.name }]));
}

export async function sellerArea(db: Queryable, sellerId: string): Promise<AreaRecord | undefined> {
  const [row] = await db.select().from(sellerDeliveryAreas).where(eq(sellerDeliveryAreas.sellerId, sellerId));
  return row;
}

export async function saveSellerArea(
  db: Queryable,
  sellerId: string,
  values: { states: string[]; excludedPrefixes: string[]; codAllowed: boolean; handlingDays: number | null },
): Promise<AreaRecord> {
  const [row] = await db
    .insert(sellerDeliveryAreas)
    .values({ sellerId, ...values })
    .onConflictDoUpdate({ target: sellerDeliveryAreas.sellerId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
