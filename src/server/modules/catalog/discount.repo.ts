import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { productDiscounts, products } from '../../db/schema/index.ts';

/**
 * SQL for product discounts (docs/product/catalog.md#discounts). One discount per product: the unique
 * key on `product_id` makes saving an upsert, safe when two saves race.
 */

export type DiscountRow = {
  id: string;
  productId: string;
  discountValue: string;
  discountUnit: 'percentage' | 'amount';
  validUntil: Date;
  couponCode: string | null;
  activate: boolean;
};

const columns = {
  id: productDiscounts.id,
  productId: productDiscounts.productId,
  discountValue: productDiscounts.discountValue,
  discountUnit: productDiscounts.discountUnit,
  validUntil: productDiscounts.validUntil,
  couponCode: productDiscounts.couponCode,
  activate: productDiscounts.activate,
};

/**
 * Live discounts: activated, not yet expired, on an active product; soonest to end first. With
 * `couponCode`, only those of that code, matched trimmed and case-insensitively (as `couponMatches` in
 * #shared/discounts.ts does when pricing the cart). With `productIds`, only those products' (an empty
 * list matches nothing).
 */
export async function liveDiscounts(
  db: Queryable,
  couponCode?: string,
  productIds?: readonly string[],
): Promise<DiscountRow[]> {
  if (productIds?.length === 0) return [];
  return db
    .select(columns)
    .from(productDiscounts)
    .innerJoin(products, eq(products.id, productDiscounts.productId))
    .where(
      and(
        eq(productDiscounts.activate, true),
        gt(productDiscounts.validUntil, sql`now()`),
        eq(products.status, true),
        couponCode === undefined
          ? undefined
          : sql`lower(trim(${productDiscounts.couponCode})) = lower(trim(${couponCode}))`,
        productIds === undefined ? undefined : inArray(productDiscounts.productId, [...productIds]),
      ),
    )
    .orderBy(asc(productDiscounts.validUntil), asc(productDiscounts.id));
}

/** The discount of one product, live or not (the owner's view), or null. */
export async function discountOfProduct(db: Queryable, productId: string): Promise<DiscountRow | null> {
  const rows = await db
    .select(columns)
    .from(productDiscounts)
    .where(eq(productDiscounts.productId, productId));
  return rows[0] ?? null;
}

export type DiscountValue = Omit<DiscountRow, 'id' | 'productId'>;

/** Create or replace the product's discount (one per product, by its unique key). */
export async function upsertDiscount(
  db: Queryable,
  productId: string,
  value: DiscountValue,
): Promise<DiscountRow> {
  const [row] = await db
    .insert(productDiscounts)
    .values({ productId, ...value })
    .onConflictDoUpdate({ target: productDiscounts.productId, set: { ...value, updatedAt: sql`now()` } })
    .returning(columns);
  if (!row) throw new Error('upsertDiscount: no row returned');
  return row;
}
