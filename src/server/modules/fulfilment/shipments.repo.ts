import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ORDER_LEVEL_DELIVER_FROM,
  illegalMoveMessage,
  shipmentMove,
  type ActorRole,
  type ShipmentState,
} from '#shared/fulfilment.ts';
import type { Queryable } from '../../db/client.ts';
import { orderEvents, orderItems, orders, shipments } from '../../db/schema/index.ts';
import { illegalTransition, notFound } from '../../lib/errors.ts';

/**
 * The one place a shipment changes state (docs/decisions/0109-shipments-per-seller.md): the row is locked,
 * the move checked against the state machine of src/shared/fulfilment.ts, the state and its date set, a
 * dated event written and the order's SPEC flags (`isDelivered`, `deliveredAt`, `status`) derived again,
 * all on the caller's transaction. Ownership (a seller's own shipment, a buyer's own order) is the
 * caller's check; this module knows roles, not people.
 */

export type ShipmentRow = typeof shipments.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type EventActor = { id: string | null; role: ActorRole };

/** The date column each state sets when entered. */
const STATE_DATE: Partial<Record<ShipmentState, keyof ShipmentRow>> = {
  accepted: 'acceptedAt',
  packed: 'packedAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
  returned_to_origin: 'returnedAt',
};

/**
 * One shipment per seller of the order's lines (kind 'order'), state 'placed', each with a 'placed' event.
 * `expected` gives each seller's promised delivery date (YYYY-MM-DD), when the delivery promise made one.
 */
export async function createShipmentsForOrder(
  tx: Queryable,
  orderId: string,
  opts: { pincode: string | null; expected?: ReadonlyMap<string, string | null> },
): Promise<ShipmentRow[]> {
  const sellers = await tx
    .selectDistinct({ sellerId: orderItems.sellerId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.sellerId));
  if (sellers.length === 0) return [];
  const rows = await tx
    .insert(shipments)
    .values(
      sellers.map(({ sellerId }) => ({
        orderId,
        sellerId,
        pincode: opts.pincode,
        expectedDeliveryDate: opts.expected?.get(sellerId) ?? null,
      })),
    )
    .returning();
  await tx.insert(orderEvents).values(
    rows.map((s) => ({
      orderId,
      subject: 'shipment',
      subjectId: s.id,
      fromState: null,
      toState: 'placed',
      actorRole: 'system',
      at: s.createdAt,
    })),
  );
  return rows;
}

/** A shipment, locked FOR UPDATE on a transaction; undefined when there is none. */
export async function lockShipment(tx: Queryable, shipmentId: string): Promise<ShipmentRow | undefined> {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
  return row;
}

export async function findShipment(db: Queryable, shipmentId: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
  return row;
}

export async function shipmentsOfOrder(db: Queryable, orderId: string): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.createdAt), asc(shipments.sellerId));
}

export type MoveInput = {
  shipmentId: string;
  to: ShipmentState;
  actor: EventActor;
  note?: string | null;
  data?: Record<string, unknown> | null;
  /** Other columns set with the move (courier, tracking number, cancel reason, …). */
  set?: Partial<
    Pick<ShipmentRow, 'courier' | 'trackingNumber' | 'trackingUrl' | 'cancelReason' | 'cancelledBy'>
  >;
  /** The order-level "mark delivered" of Admin/Distributor: delivered from any live, undelivered state. */
  orderLevel?: boolean;
  at?: Date;
};

/**
 * Moves a shipment, or throws: 404 for no such shipment, 409 `illegal_transition` with the current state
 * when the machine forbids the move (including a move to the state it is already in). Returns the row
 * as it is after the move. Must run on a transaction.
 */
export async function moveShipment(tx: Queryable, input: MoveInput): Promise<ShipmentRow> {
  const current = await lockShipment(tx, input.shipmentId);
  if (!current) throw notFound('Shipment not found');
  const from = current.state;
  const allowed = input.orderLevel
    ? input.to === 'delivered' &&
      ORDER_LEVEL_DELIVER_FROM.includes(from) &&
      (input.actor.role === 'admin' || input.actor.role === 'distributor')
    : shipmentMove(from, input.to, input.actor.role);
  if (!allowed) throw illegalTransition(illegalMoveMessage('shipment', from, input.to), from);

  const at = input.at ?? new Date();
  const dateColumn = STATE_DATE[input.to];
  const [row] = await tx
    .update(shipments)
    .set({
      ...input.set,
      state: input.to,
      ...(dateColumn ? { [dateColumn]: at } : {}),
      updatedAt: at,
    })
    .where(and(eq(shipments.id, current.id), eq(shipments.state, from)))
    .returning();
  if (!row) throw illegalTransition(illegalMoveMessage('shipment', from, input.to), from);
  await recordEvent(tx, {
    orderId: row.orderId,
    subject: 'shipment',
    subjectId: row.id,
    fromState: from,
    toState: input.to,
    actor: input.actor,
    note: input.note ?? null,
    data: input.data ?? null,
    at,
  });
  await refreshOrderFlags(tx, row.orderId, at);
  return row;
}

/** A dated event on an order's timeline: a move of a shipment, return or refund, or a courier notice. */
export async function recordEvent(
  tx: Queryable,
  e: {
    orderId: string;
    subject: 'shipment' | 'return' | 'refund';
    subjectId: string;
    fromState: string | null;
    toState: string;
    actor: EventActor;
    note?: string | null;
    data?: Record<string, unknown> | null;
    at?: Date;
  },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: e.orderId,
    subject: e.subject,
    subjectId: e.subjectId,
    fromState: e.fromState,
    toState: e.toState,
    actorId: e.actor.id,
    actorRole: e.actor.role,
    note: e.note ?? null,
    data: e.data ?? null,
    ...(e.at ? { at: e.at } : {}),
  });
}

export async function eventsOfOrder(db: Queryable, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

/**
 * SPEC's order flags follow the shipments of kind 'order': delivered once every live one is delivered
 * (`deliveredAt` the last of them); cancelled once every one is cancelled. Exchange shipments do not
 * change them.
 */
export async function refreshOrderFlags(
  tx: Queryable,
  orderId: string,
  at: Date = new Date(),
): Promise<void> {
  await tx.execute(sql`
    with s as (
      select count(*) filter (where state not in ('cancelled', 'returned_to_origin')) as live,
             count(*) filter (where state = 'delivered') as delivered,
             count(*) filter (where state = 'cancelled') as cancelled,
             count(*) as total,
             max(delivered_at) as last_delivered
        from shipments where order_id = ${orderId} and kind = 'order')
    update ${orders} o set
      is_delivered = (s.live > 0 and s.delivered = s.live),
      delivered_at = case when s.live > 0 and s.delivered = s.live then s.last_delivered else null end,
      status = case when s.total > 0 and s.cancelled = s.total then 'cancelled'::order_status else o.status end,
      cancelled_at = case when s.total > 0 and s.cancelled = s.total then coalesce(o.cancelled_at, ${at}) else o.cancelled_at end,
      updated_at = ${at}
    from s
    where o.id = ${orderId} and s.total > 0`);
}
