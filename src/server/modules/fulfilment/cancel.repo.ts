import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orderItems, orders, shipments, shops, users } from '../../db/schema/index.ts';
import type { ShipmentRow } from './shipments.repo.ts';

/**
 * What cancelling needs to read (docs/decisions/0110-cancellations.md): a shipment with its order's
 * buyer, an order's shipments locked in id order, and what the cancellation mails say.
 */

export type ShipmentWithOrder = ShipmentRow & { buyerId: string };

/** A shipment with its order's buyer (for the ownership check). */
export async function findShipmentWithOrder(
  db: Queryable,
  shipmentId: string,
): Promise<ShipmentWithOrder | undefined> {
  const [row] = await db
    .select({ shipment: shipments, buyerId: orders.userId })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, shipmentId));
  return row ? { ...row.shipment, buyerId: row.buyerId } : undefined;
}

export type OrderHead = { id: string; buyerId: string; orderNumber: string; status: 'placed' | 'cancelled' };

export async function findOrderHead(db: Queryable, orderId: string): Promise<OrderHead | undefined> {
  const [row] = await db
    .select({ id: orders.id, buyerId: orders.userId, orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/**
 * The shipments of kind 'order' of an order, locked FOR UPDATE by seller id then id: the lock order that lets a
 * whole-order cancel or a sweep run beside single moves (each of which locks one shipment, then the order)
 * without a deadlock. Callers move them in this order, so for the credit notes they issue series rows are
 * taken in seller-id order too (ADR 0117).
 */
export async function lockShipmentsOfOrder(tx: Queryable, orderId: string): Promise<ShipmentRow[]> {
  return tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'order')))
    .orderBy(asc(shipments.sellerId), asc(shipments.id))
    .for('update');
}

/** The shop name (else the seller's name) of each seller, for naming a parcel. */
export async function sellerNames(db: Queryable, sellerIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of new Set(sellerIds)) {
    const [row] = await db
      .select({ name: users.name, shopName: shops.shopName })
      .from(users)
      .leftJoin(shops, eq(shops.userId, users.id))
      .where(eq(users.id, id));
    if (row) out.set(id, row.shopName ?? row.name);
  }
  return out;
}

export type CancelMailFacts = {
  orderId: string;
  orderNumber: string;
  paymentMethod: 'RazorPay' | 'PayPal' | 'CashOnDelivery';
  isPaid: boolean;
  buyer: { name: string; email: string; deleted: boolean };
  seller: { name: string; shopName: string | null; email: string; deleted: boolean };
  lines: { name: string; size: string | null; colour: string | null; qty: number }[];
};

/** Who is told about a cancelled shipment, and what it carried. */
export async function cancelMailFacts(
  db: Queryable,
  shipment: { orderId: string; sellerId: string },
): Promise<CancelMailFacts | undefined> {
  const [o] = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
      isPaid: orders.isPaid,
      buyerName: users.name,
      buyerEmail: users.email,
      buyerDeletedAt: users.deletedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, shipment.orderId));
  const [s] = await db
    .select({
      name: users.name,
      email: users.email,
      deletedAt: users.deletedAt,
      shopName: shops.shopName,
    })
    .from(users)
    .leftJoin(shops, eq(shops.userId, users.id))
    .where(eq(users.id, shipment.sellerId));
  if (!o || !s) return undefined;
  const lines = await db
    .select({ name: orderItems.name, size: orderItems.size, colour: orderItems.colour, qty: orderItems.qty })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, shipment.orderId), eq(orderItems.sellerId, shipment.sellerId)))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  return {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    paymentMethod: o.paymentMethod,
    isPaid: o.isPaid,
    buyer: { name: o.buyerName, email: o.buyerEmail, deleted: !!o.buyerDeletedAt },
    seller: { name: s.name, shopName: s.shopName, email: s.email, deleted: !!s.deletedAt },
    lines,
  };
}
