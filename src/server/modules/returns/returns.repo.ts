import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReturnState } from '#shared/fulfilment.ts';
import type { Queryable } from '../../db/client.ts';
import {
  orderItems,
  orders,
  productVariants,
  products,
  returnRequests,
  shipments,
  shops,
  users,
} from '../../db/schema/index.ts';

/**
 * Return and exchange requests as stored (docs/decisions/0112-returns-and-exchanges.md). The state moves
 * with conditional UPDATEs on the state read, so two racing moves never both win.
 */

export type ReturnRow = typeof returnRequests.$inferSelect;

/** A request with what its wire shape shows: order number, the line, the people, the exchange size. */
export type ReturnView = ReturnRow & {
  orderNumber: string;
  lineName: string;
  lineImage: string[];
  lineSize: string | null;
  lineColour: string | null;
  buyerName: string;
  sellerName: string;
  exchangeSize: string | null;
  exchangeColour: string | null;
};

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

function viewQuery(db: Queryable) {
  return db
    .select({
      row: returnRequests,
      orderNumber: orders.orderNumber,
      lineName: orderItems.name,
      lineImage: orderItems.image,
      lineSize: orderItems.size,
      lineColour: orderItems.colour,
      buyerName: buyer.name,
      sellerName: seller.name,
      exchangeSize: productVariants.size,
      exchangeColour: productVariants.colour,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
    .innerJoin(buyer, eq(buyer.id, returnRequests.buyerId))
    .innerJoin(seller, eq(seller.id, returnRequests.sellerId))
    .leftJoin(productVariants, eq(productVariants.id, returnRequests.exchangeVariantId));
}

type ViewRecord = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];
const flatten = ({ row, ...rest }: ViewRecord): ReturnView => ({ ...row, ...rest });

export async function returnViewsOfOrder(db: Queryable, orderId: string): Promise<ReturnView[]> {
  const rows = await viewQuery(db)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
  return rows.map(flatten);
}

export async function returnView(db: Queryable, id: string): Promise<ReturnView | undefined> {
  const [row] = await viewQuery(db).where(eq(returnRequests.id, id));
  return row ? flatten(row) : undefined;
}

export type ReturnListFilter = { sellerId?: string; state?: ReturnState; page: number; pageSize: number };

/** A page of requests, newest first, with the number of pages. */
export async function listReturnViews(
  db: Queryable,
  f: ReturnListFilter,
): Promise<{ rows: ReturnView[]; total: number }> {
  const where: SQL[] = [];
  if (f.sellerId) where.push(eq(returnRequests.sellerId, f.sellerId));
  if (f.state) where.push(eq(returnRequests.state, f.state));
  const cond = where.length ? and(...where) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(cond);
  const rows = await viewQuery(db)
    .where(cond)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { rows: rows.map(flatten), total: count?.n ?? 0 };
}

/**
 * The order row, locked FOR UPDATE: the first lock every return move takes, before the request, the
 * products and the variants (the lock order of docs/decisions/0112-returns-and-exchanges.md, the one a
 * refund takes too), so a receive never deadlocks with a cancel or a return to origin of the same order.
 */
export async function lockOrderRow(tx: Queryable, orderId: string): Promise<boolean> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  return !!row;
}

export async function lockReturn(tx: Queryable, id: string): Promise<ReturnRow | undefined> {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
  return row;
}

export async function findReturn(db: Queryable, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row;
}

/** Units of an order line held by requests in `states` (what a new request cannot take). */
export async function unitsHeld(
  db: Queryable,
  orderItemId: string,
  states: readonly ReturnState[],
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${returnRequests.qty}), 0)::int` })
    .from(returnRequests)
    .where(and(eq(returnRequests.orderItemId, orderItemId), inArray(returnRequests.state, [...states])));
  return row?.n ?? 0;
}

export async function insertReturn(
  tx: Queryable,
  values: typeof returnRequests.$inferInsert,
): Promise<ReturnRow> {
  const [row] = await tx.insert(returnRequests).values(values).returning();
  return row!;
}

/**
 * Moves a request from `from` to `to` with the columns given, only if it is still in `from`; undefined
 * when another move got there first.
 */
export async function updateReturnState(
  tx: Queryable,
  id: string,
  from: ReturnState,
  to: ReturnState,
  set: Partial<
    Pick<ReturnRow, 'rejectReason' | 'pickupScheduledFor' | 'approvedAt' | 'receivedAt' | 'exchangeReserved'>
  > = {},
  at: Date = new Date(),
): Promise<ReturnRow | undefined> {
  const [row] = await tx
    .update(returnRequests)
    .set({ ...set, state: to, updatedAt: at })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.state, from)))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Asking: the line, its delivered shipment, the size wanted
// ---------------------------------------------------------------------------------------------------------

export type LineForReturn = {
  orderItemId: string;
  orderId: string;
  productId: string | null;
  variantId: string | null;
  sellerId: string;
  qty: number;
  name: string;
  size: string | null;
  colour: string | null;
  buyerId: string;
  paymentMethod: 'RazorPay' | 'PayPal' | 'CashOnDelivery';
  orderStatus: 'placed' | 'cancelled';
  shipmentId: string;
  shipmentState: string;
  deliveredAt: Date | null;
  pincode: string | null;
};

/**
 * An order line with its order and the shipment (kind 'order') that carried it; the line row is locked
 * FOR UPDATE so two requests for one line count the units left one at a time.
 */
export async function lockLineForReturn(
  tx: Queryable,
  orderId: string,
  orderItemId: string,
): Promise<LineForReturn | undefined> {
  const [row] = await tx
    .select({
      orderItemId: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      sellerId: orderItems.sellerId,
      qty: orderItems.qty,
      name: orderItems.name,
      size: orderItems.size,
      colour: orderItems.colour,
      buyerId: orders.userId,
      paymentMethod: orders.paymentMethod,
      orderStatus: orders.status,
      shipmentId: shipments.id,
      shipmentState: shipments.state,
      deliveredAt: shipments.deliveredAt,
      pincode: shipments.pincode,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(
      shipments,
      and(
        eq(shipments.orderId, orderItems.orderId),
        eq(shipments.sellerId, orderItems.sellerId),
        eq(shipments.kind, 'order'),
      ),
    )
    .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, orderId)))
    .for('update', { of: orderItems });
  return row;
}

export type VariantRow = {
  id: string;
  productId: string;
  size: string;
  colour: string | null;
  sku: string;
  countInStock: number;
};

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  size: productVariants.size,
  colour: productVariants.colour,
  sku: productVariants.sku,
  countInStock: productVariants.countInStock,
};

export async function findVariant(db: Queryable, variantId: string): Promise<VariantRow | undefined> {
  const [row] = await db
    .select(variantColumns)
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row;
}

/**
 * The lock order of placing an order: the product row first (FOR NO KEY UPDATE, as placing takes it),
 * then its variant by a conditional UPDATE.
 */
async function lockProduct(tx: Queryable, productId: string): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('no key update');
}

/** Takes `qty` units of a variant only if that many remain; undefined when nothing was taken. */
export async function takeVariantStock(
  tx: Queryable,
  v: { id: string; productId: string },
  qty: number,
): Promise<VariantRow | undefined> {
  await lockProduct(tx, v.productId);
  const [row] = await tx
    .update(productVariants)
    .set({ countInStock: sql`${productVariants.countInStock} - ${qty}` })
    .where(and(eq(productVariants.id, v.id), gte(productVariants.countInStock, qty)))
    .returning(variantColumns);
  return row;
}

/** Puts `qty` units back on a variant (an exchange reservation released). */
export async function putVariantStock(tx: Queryable, variantId: string, qty: number): Promise<void> {
  const v = await findVariant(tx, variantId);
  if (!v) return;
  await lockProduct(tx, v.productId);
  await tx
    .update(productVariants)
    .set({ countInStock: sql`${productVariants.countInStock} + ${qty}` })
    .where(eq(productVariants.id, variantId));
}

// ---------------------------------------------------------------------------------------------------------
// Exchange shipments
// ---------------------------------------------------------------------------------------------------------

export type ShipmentRow = typeof shipments.$inferSelect;

/**
 * A new shipment of kind 'exchange' for a request (state placed), from the same seller to the same order
 * and pincode as the shipment the goods came in; the unique key makes it one per request (undefined when
 * the request already has one).
 */
export async function insertExchangeShipment(
  tx: Queryable,
  v: { originalShipmentId: string; returnRequestId: string; at: Date },
): Promise<ShipmentRow | undefined> {
  const [original] = await tx.select().from(shipments).where(eq(shipments.id, v.originalShipmentId));
  if (!original) return undefined;
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: original.orderId,
      sellerId: original.sellerId,
      pincode: original.pincode,
      kind: 'exchange',
      state: 'placed',
      returnRequestId: v.returnRequestId,
      createdAt: v.at,
      updatedAt: v.at,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export type ExchangeLine = {
  returnRequestId: string;
  orderItemId: string;
  productId: string | null;
  name: string;
  image: string | null;
  size: string | null;
  colour: string | null;
  sku: string | null;
  variantId: string | null;
  qty: number;
};

/** The one line an exchange shipment carries: the request's product in the size wanted, its quantity. */
export async function exchangeLine(db: Queryable, shipmentId: string): Promise<ExchangeLine | undefined> {
  const [row] = await db
    .select({
      returnRequestId: returnRequests.id,
      orderItemId: returnRequests.orderItemId,
      productId: orderItems.productId,
      name: orderItems.name,
      image: orderItems.image,
      lineSize: orderItems.size,
      lineColour: orderItems.colour,
      lineSku: orderItems.sku,
      variantId: returnRequests.exchangeVariantId,
      size: productVariants.size,
      colour: productVariants.colour,
      sku: productVariants.sku,
      qty: returnRequests.qty,
    })
    .from(shipments)
    .innerJoin(returnRequests, eq(returnRequests.id, shipments.returnRequestId))
    .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
    .leftJoin(productVariants, eq(productVariants.id, returnRequests.exchangeVariantId))
    .where(and(eq(shipments.id, shipmentId), eq(shipments.kind, 'exchange')));
  if (!row) return undefined;
  const known = row.size !== null;
  return {
    returnRequestId: row.returnRequestId,
    orderItemId: row.orderItemId,
    productId: row.productId,
    name: row.name,
    image: row.image[0] ?? null,
    // The variant gone (deleted since): what the buyer bought, as the best description left.
    size: known ? row.size : row.lineSize,
    colour: known ? row.colour : row.lineColour,
    sku: known ? row.sku : row.lineSku,
    variantId: row.variantId,
    qty: row.qty,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Mails
// ---------------------------------------------------------------------------------------------------------

export type MailPeople = {
  buyer: { name: string; email: string; deleted: boolean };
  seller: { name: string; email: string; shopName: string | null; deleted: boolean };
};

export async function mailPeople(db: Queryable, returnId: string): Promise<MailPeople | undefined> {
  const [row] = await db
    .select({
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      buyerDeleted: buyer.deletedAt,
      sellerName: seller.name,
      sellerEmail: seller.email,
      sellerDeleted: seller.deletedAt,
      shopName: shops.shopName,
    })
    .from(returnRequests)
    .innerJoin(buyer, eq(buyer.id, returnRequests.buyerId))
    .innerJoin(seller, eq(seller.id, returnRequests.sellerId))
    .leftJoin(shops, eq(shops.userId, returnRequests.sellerId))
    .where(eq(returnRequests.id, returnId));
  if (!row) return undefined;
  return {
    buyer: { name: row.buyerName, email: row.buyerEmail, deleted: row.buyerDeleted !== null },
    seller: {
      name: row.sellerName,
      email: row.sellerEmail,
      shopName: row.shopName,
      deleted: row.sellerDeleted !== null,
    },
  };
}
