import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orderItems, productVariants, products, sellerPayments } from '../../db/schema/index.ts';

/**
 * Units going back to the shelf and payouts taken back, for cancellations, returns and parcels returned
 * to origin (docs/decisions/0109-shipments-per-seller.md). Lock order is the one placing an order uses:
 * the products rows in id order, then the variants, so restocking never deadlocks with a sale.
 */

export type ShipmentLine = typeof orderItems.$inferSelect;
export type UnitsOfLine = { orderItemId: string; qty: number };

/** The order lines a shipment of kind 'order' carries: its order's lines of its seller, in placing order. */
export async function linesOfShipment(
  db: Queryable,
  shipment: { orderId: string; sellerId: string },
): Promise<ShipmentLine[]> {
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, shipment.orderId), eq(orderItems.sellerId, shipment.sellerId)))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

/**
 * Puts `lines` units back on the variants they were bought from. A line whose variant is gone goes back
 * to the product's variant of the same size and colour when there is one; otherwise its units have
 * nowhere to go (the product or size no longer exists). Must run on a transaction.
 */
export async function restockLines(tx: Queryable, orderId: string, lines: UnitsOfLine[]): Promise<void> {
  if (lines.length === 0) return;
  const qtyByItem = new Map<string, number>();
  for (const l of lines) qtyByItem.set(l.orderItemId, (qtyByItem.get(l.orderItemId) ?? 0) + l.qty);
  const rows = await tx.execute<{ item_id: string; product_id: string; variant_id: string }>(sql`
    select oi.id as item_id, v.product_id, v.id as variant_id
      from order_items oi
      join lateral (
        select v.id, v.product_id from product_variants v
         where v.id = oi.variant_id
            or (oi.variant_id is null
                and v.product_id = oi.product_id
                and upper(v.size) = upper(coalesce(nullif(btrim(oi.size), ''), 'N/A'))
                and coalesce(lower(v.colour), '') = coalesce(lower(btrim(oi.colour)), ''))
         order by (v.id = oi.variant_id) desc
         limit 1) v on true
     where oi.order_id = ${orderId}
       and oi.id = any(${`{${[...qtyByItem.keys()].join(',')}}`}::uuid[])`);
  const productIds = [...new Set(rows.rows.map((r) => r.product_id))].sort();
  if (productIds.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update');
  const byVariant = new Map<string, { productId: string; qty: number }>();
  for (const r of rows.rows) {
    const qty = qtyByItem.get(r.item_id) ?? 0;
    const same = byVariant.get(r.variant_id);
    if (same) same.qty += qty;
    else byVariant.set(r.variant_id, { productId: r.product_id, qty });
  }
  const ordered = [...byVariant.entries()].sort(
    ([va, a], [vb, b]) => a.productId.localeCompare(b.productId) || va.localeCompare(vb),
  );
  for (const [variantId, { qty }] of ordered) {
    if (qty <= 0) continue;
    await tx
      .update(productVariants)
      .set({ countInStock: sql`${productVariants.countInStock} + ${qty}` })
      .where(eq(productVariants.id, variantId));
  }
}

/**
 * Takes back from each line's seller payment record its share for `lines` units (itemTotalPrice × qty /
 * line qty, half-up; all the units take back exactly the rest), so the seller is owed only what was
 * kept. Never below zero. Issue 16's ledger replaces this record; until then it is what sellers are paid by.
 */
export async function reverseSellerPayments(tx: Queryable, lines: UnitsOfLine[], at: Date = new Date()) {
  for (const l of lines) {
    await tx.execute(sql`
      update ${sellerPayments} sp set
        reversed_amount = least(sp.item_total_price,
          sp.reversed_amount + case when ${l.qty} >= oi.qty then sp.item_total_price
            else round(sp.item_total_price * ${l.qty} / oi.qty, 2) end),
        reversed_at = ${at}
        from ${orderItems} oi
       where sp.order_item_id = ${l.orderItemId} and oi.id = sp.order_item_id`);
  }
}
