import { asc, eq, inArray } from 'drizzle-orm';
import type { VariantInput } from '#shared/variants.ts';
import type { Queryable } from '../../db/client.ts';
import { productVariants } from '../../db/schema/index.ts';

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
