import { and, asc, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  orderItems,
  orders,
  returnRequests,
  shipments,
  shops,
  taxDocuments,
  users,
  type TaxDocumentRow,
} from '../../db/schema/index.ts';
import type { TaxDocumentKind } from '#shared/schemas/gst.ts';

/**
 * What tax documents read (docs/decisions/0117-tax-invoices-and-credit-notes.md): the facts of a shipment
 * an invoice is made from, the credits already given against an invoice, and the lists people see.
 */

export type ShipmentFacts = NonNullable<Awaited<ReturnType<typeof shipmentFacts>>>;

/** A shipment with its order, its seller (and shop) and the seller's lines of the order, in their order. */
export async function shipmentFacts(tx: Queryable, shipmentId: string) {
  const [head] = await tx
    .select({
      shipment: {
        id: shipments.id,
        kind: shipments.kind,
        state: shipments.state,
        sellerId: shipments.sellerId,
        returnRequestId: shipments.returnRequestId,
      },
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        userId: orders.userId,
        billingAddress: orders.billingAddress,
        shippingAddress: orders.shippingAddress,
        buyerGstin: orders.buyerGstin,
        buyerBusinessName: orders.buyerBusinessName,
        placeOfSupply: orders.placeOfSupply,
      },
      seller: {
        name: users.name,
        gstin: users.businessRegistrationCode,
        address: users.address,
        city: users.city,
        state: users.state,
        postalCode: users.postalCode,
        country: users.country,
      },
      shopName: shops.shopName,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(users, eq(users.id, shipments.sellerId))
    .leftJoin(shops, eq(shops.userId, shipments.sellerId))
    .where(eq(shipments.id, shipmentId));
  if (!head) return undefined;
  const lines = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, head.order.id), eq(orderItems.sellerId, head.shipment.sellerId)))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  return { ...head, lines };
}

/**
 * The order's shipments of kind 'order' that are not cancelled, by seller id then id, so that when their
 * invoices are issued in this order series rows are taken in seller-id order (ADR 0117): two orders of the
 * same sellers invoiced at once wait for each other instead of deadlocking.
 */
export async function liveOrderShipmentIds(tx: Queryable, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'order'), ne(shipments.state, 'cancelled')))
    .orderBy(asc(shipments.sellerId), asc(shipments.id));
  return rows.map((r) => r.id);
}

export async function returnRow(tx: Queryable, returnRequestId: string) {
  const [row] = await tx
    .select({
      id: returnRequests.id,
      kind: returnRequests.kind,
      shipmentId: returnRequests.shipmentId,
      orderItemId: returnRequests.orderItemId,
      qty: returnRequests.qty,
      exchangeReserved: returnRequests.exchangeReserved,
      exchangeVariantId: returnRequests.exchangeVariantId,
    })
    .from(returnRequests)
    .where(eq(returnRequests.id, returnRequestId));
  return row;
}

/**
 * The credit notes already issued against an invoice, oldest first, with the order line of the return each
 * was for (null: a cancellation or return to origin, which credited everything left) and their frozen
 * content (whose lines say how many units each credited, which may be fewer than the return asked for).
 */
export async function creditsAgainst(tx: Queryable, invoiceId: string) {
  return tx
    .select({
      id: taxDocuments.id,
      returnRequestId: taxDocuments.returnRequestId,
      orderItemId: returnRequests.orderItemId,
      content: taxDocuments.content,
    })
    .from(taxDocuments)
    .leftJoin(returnRequests, eq(returnRequests.id, taxDocuments.returnRequestId))
    .where(and(eq(taxDocuments.invoiceId, invoiceId), eq(taxDocuments.kind, 'credit_note')))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.serial));
}

/** A document with the buyer of its order (null for a commission invoice). */
export async function documentWithBuyer(
  tx: Queryable,
  id: string,
): Promise<{ doc: TaxDocumentRow; buyerId: string | null } | undefined> {
  const [row] = await tx
    .select({ doc: taxDocuments, buyerId: orders.userId })
    .from(taxDocuments)
    .leftJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(taxDocuments.id, id));
  return row ? { doc: row.doc, buyerId: row.buyerId ?? null } : undefined;
}

export async function orderBuyer(tx: Queryable, orderId: string): Promise<string | undefined> {
  const [row] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId;
}

export type DocumentFilter = {
  orderId?: string;
  sellerId?: string;
  kind?: TaxDocumentKind;
  /** Issued in [from, to). */
  from?: Date;
  to?: Date;
};

/** Documents for lists, newest first, with their seller's shop name (or name) and order number. */
export async function listDocuments(tx: Queryable, f: DocumentFilter, limit = 1000) {
  const where: SQL[] = [];
  if (f.orderId) where.push(eq(taxDocuments.orderId, f.orderId));
  if (f.sellerId) where.push(eq(taxDocuments.sellerId, f.sellerId));
  if (f.kind) where.push(eq(taxDocuments.kind, f.kind));
  if (f.from) where.push(gte(taxDocuments.issuedAt, f.from));
  if (f.to) where.push(lt(taxDocuments.issuedAt, f.to));
  return tx
    .select({
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      sellerId: taxDocuments.sellerId,
      sellerName: sql<string>`coalesce(${shops.shopName}, ${users.name})`,
      orderId: taxDocuments.orderId,
      orderNumber: orders.orderNumber,
      shipmentId: taxDocuments.shipmentId,
      invoiceId: taxDocuments.invoiceId,
      taxableValue: taxDocuments.taxableValue,
      cgst: taxDocuments.cgst,
      sgst: taxDocuments.sgst,
      igst: taxDocuments.igst,
      total: taxDocuments.total,
    })
    .from(taxDocuments)
    .innerJoin(users, eq(users.id, taxDocuments.sellerId))
    .leftJoin(shops, eq(shops.userId, taxDocuments.sellerId))
    .leftJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.serial))
    .limit(limit);
}

/** Whether the seller has lines in the order. */
export async function sellerHasLines(tx: Queryable, orderId: string, sellerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.sellerId, sellerId)))
    .limit(1);
  return row !== undefined;
}
