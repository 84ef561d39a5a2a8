import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { VariantInput } from '#shared/variants.ts';
import type { Queryable } from '../../db/client.ts';
import { productVariants, sizeCharts } from '../../db/schema/index.ts';

/**
 * Variant rows (docs/decisions/0102-product-variants.md). Writing them fires the trigger that refreshes the
 * product's derived columns (count_in_stock, sizes, colours, prices), so callers never set those.
 */

export type VariantRow = typeof productVariants.$inferSelect;

/** Inserts a product's variants in the given order (their `position`). */
export async function insertVariants(
  db: Queryable,
  productId: string,
  variants: readonly VariantInput[],
): Promise<VariantRow[]> {
  if (variants.length === 0) return [];
  return db
    .insert(productVariants)
    .values(
      variants.map((v, position) => ({
        productId,
        size: v.size,
        colour: v.colour,
        sku: v.sku,
        countInStock: v.countInStock,
        price: v.price,
        position,
      })),
    )
    .returning();
}

/** The variants of some products, each product's in display order. */
export async function variantsOf(
  db: Queryable,
  productIds: readonly string[],
): Promise<Map<string, VariantRow[]>> {
  const byProduct = new Map<string, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(
      productIds.length === 1
        ? eq(productVariants.productId, productIds[0]!)
        : inArray(productVariants.productId, [...productIds]),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.createdAt));
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return byProduct;
}

/** A product's variants in display order, locked for the rest of the transaction (an edit of them). */
export async function lockVariantsOf(db: Queryable, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt))
    .for('update');
}

/** `stockSeen`: the stock the seller's form showed; see stockToWrite. */
export type VariantWrite = VariantInput & { _id?: string | undefined; stockSeen?: number | undefined };

/**
 * The stock to write for an existing variant: the seller's count, unless it is still the count their form
 * showed (`stockSeen`), in which case the variant keeps its stock as it is now, under the lock: orders taken
 * while the form was open are not undone by a save that did not touch the count.
 */
export function stockToWrite(next: VariantWrite, current: VariantRow | undefined): number {
  if (current && next.stockSeen !== undefined && next.countInStock === next.stockSeen)
    return current.countInStock;
  return next.countInStock;
}

/**
 * Makes a product's variants `next`, in that order: rows with `_id` update that variant (the caller has
 * checked it is the product's), rows without are inserted, variants left out are deleted (order lines
 * keep their copy of size, colour and SKU; their variant_id becomes null). Variants whose size, colour or
 * SKU change are first moved out of the way, so a swap (M ⇄ L, or two SKUs) never trips the unique keys
 * halfway. Each write fires the trigger that refreshes the product's derived columns.
 */
export async function saveVariants(
  db: Queryable,
  productId: string,
  current: readonly VariantRow[],
  next: readonly VariantWrite[],
): Promise<void> {
  const keep = next.flatMap((v) => (v._id ? [v._id] : []));
  await db
    .delete(productVariants)
    .where(
      keep.length > 0
        ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, keep))
        : eq(productVariants.productId, productId),
    );
  const byId = new Map(current.map((v) => [v.id, v]));
  const moved = next.filter((v) => {
    const was = v._id ? byId.get(v._id) : undefined;
    return was !== undefined && (was.size !== v.size || was.colour !== v.colour || was.sku !== v.sku);
  });
  if (moved.length > 0)
    await db
      .update(productVariants)
      .set({
        size: sql`'~' || ${productVariants.id}::text`,
        sku: sql`'~' || ${productVariants.id}::text`,
      })
      .where(
        inArray(
          productVariants.id,
          moved.map((v) => v._id!),
        ),
      );
  const inserts: (typeof productVariants.$inferInsert)[] = [];
  for (const [position, v] of next.entries()) {
    const values = {
      size: v.size,
      colour: v.colour,
      sku: v.sku,
      countInStock: stockToWrite(v, v._id ? byId.get(v._id) : undefined),
      price: v.price,
      position,
    };
    if (!v._id) {
      inserts.push({ productId, ...values });
      continue;
    }
    const was = byId.get(v._id);
    const same =
      was &&
      was.size === v.size &&
      was.colour === v.colour &&
      was.sku === v.sku &&
      was.countInStock === values.countInStock &&
      (was.price === null ? v.price === null : v.price !== null && Number(was.price) === Number(v.price)) &&
      was.position === position;
    if (same) continue;
    await db
      .update(productVariants)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(productVariants.id, v._id), eq(productVariants.productId, productId)));
  }
  if (inserts.length > 0) await db.insert(productVariants).values(inserts);
}

/** The seller a size chart belongs to; null when there is no such chart. */
export async function sizeChartSeller(db: Queryable, id: string): Promise<string | null> {
  const rows = await db
    .select({ sellerId: sizeCharts.sellerId })
    .from(sizeCharts)
    .where(eq(sizeCharts.id, id));
  return rows[0]?.sellerId ?? null;
}
