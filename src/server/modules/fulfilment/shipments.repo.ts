import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_RETURN_STATES,
  ORDER_LEVEL_DELIVER_FROM,
  SHIPMENT_STATES,
  illegalMoveMessage,
  shipmentMove,
  type ActorRole,
  type ShipmentState,
} from '#shared/fulfilment.ts';
import type { Queryable } from '../../db/client.ts';
import {
  orderEvents,
  orderItems,
  orders,
  shipments,
  shops,
  users,
  type ShippingAddressRow,
} from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { ledgerOnShipmentMove } from '../settlements/ledger.service.ts';
import { taxDocumentsOnShipmentMove } from '../tax-documents/tax-documents.service.ts';
import { conflict, illegalTransition, notFound } from '../../lib/errors.ts';

/**
 * The one place a shipment changes state (docs/decisions/0109-shipments-per-seller.md): the row is locked,
 * the move checked against the state machine of src/shared/fulfilment.ts, the state and its date set, a
 * dated event written, the order's SPEC flags (`isDelivered`, `deliveredAt`, `status`) derived again and
 * the step's mails queued (shipped, delivered, returned to origin), all on the caller's transaction. Ownership (a seller's own shipment, a buyer's own order) is the
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
 * `sellerIds`: the sellers of the lines just written, when the caller has them (one read fewer while the
 * order's products are locked); else they are read from the order's lines.
 */
export async function createShipmentsForOrder(
  tx: Queryable,
  orderId: string,
  opts: {
    pincode: string | null;
    expected?: ReadonlyMap<string, string | null>;
    sellerIds?: readonly string[];
  },
): Promise<ShipmentRow[]> {
  const sellers = opts.sellerIds
    ? [...new Set(opts.sellerIds)].sort().map((sellerId) => ({ sellerId }))
    : await tx
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

/** The moves that send an order's parcel on its way; an unpaid online order makes none of them. */
const FORWARD_STATES: readonly ShipmentState[] = ['accepted', 'packed', 'shipped', 'delivered'];

export const UNPAID_MESSAGE =
  'The buyer has not paid for this order yet; it can be accepted once it is paid.';

/**
 * An order paid online (RazorPay, PayPal) whose payment has not come in: its parcels wait (ADR 0109).
 * Cash on delivery is paid at the door, so its parcels go out unpaid.
 */
export const awaitsPayment = (o: { isPaid: boolean; paymentMethod: string }) =>
  !o.isPaid && o.paymentMethod !== 'CashOnDelivery';

/**
 * Moves a shipment, or throws: 404 for no such shipment, 409 `illegal_transition` with the current state
 * when the machine forbids the move (including a move to the state it is already in), 409 `order_unpaid`
 * when a parcel of an unpaid online order would be accepted, packed, shipped or delivered. Returns the row
 * as it is after the move. Must run on a transaction.
 */
export async function moveShipment(tx: Queryable, input: MoveInput): Promise<ShipmentRow> {
  // The shipment row is locked (the lock order of every move: shipments, then their order); its order's
  // payment is read in the same statement.
  const [found] = await tx
    .select({ shipment: shipments, isPaid: orders.isPaid, paymentMethod: orders.paymentMethod })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, input.shipmentId))
    .for('update', { of: shipments });
  if (!found) throw notFound('Shipment not found');
  const current = found.shipment;
  const from = current.state;
  const allowed = input.orderLevel
    ? input.to === 'delivered' &&
      ORDER_LEVEL_DELIVER_FROM.includes(from) &&
      (input.actor.role === 'admin' || input.actor.role === 'distributor')
    : shipmentMove(from, input.to, input.actor.role);
  if (!allowed) throw illegalTransition(illegalMoveMessage('shipment', from, input.to), from);
  if (current.kind === 'order' && FORWARD_STATES.includes(input.to) && awaitsPayment(found)) {
    throw conflict(UNPAID_MESSAGE, 'order_unpaid');
  }

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
  // Shipped: the seller's tax invoice; cancelled or back at the seller after invoicing: a credit note.
  await taxDocumentsOnShipmentMove(tx, {
    shipmentId: row.id,
    orderId: row.orderId,
    sellerId: row.sellerId,
    kind: row.kind,
    to: input.to,
    at,
  });
  // The seller's ledger: the sale when it is delivered (or shipped), taken back when cancelled or returned.
  await ledgerOnShipmentMove(tx, {
    shipmentId: row.id,
    sellerId: row.sellerId,
    kind: row.kind,
    to: input.to,
    at,
  });
  // Shipped, delivered, returned to origin: the buyer (and for a return to origin the seller) is told,
  // once, whoever made the move (seller, operator, courier, the order-level deliver).
  if (isMailEvent(input.to)) await queueShipmentMail(tx, row.id, input.to);
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
 * (`deliveredAt` the last of them); cancelled (`cancelledAt` set once) when none is live any more, every
 * one cancelled or returned to origin, and then not delivered. Exchange shipments do not change them.
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
             count(*) as total,
             max(delivered_at) as last_delivered
        from shipments where order_id = ${orderId} and kind = 'order')
    update ${orders} o set
      is_delivered = (s.live > 0 and s.delivered = s.live),
      delivered_at = case when s.live > 0 and s.delivered = s.live then s.last_delivered else null end,
      status = case when s.live = 0 then 'cancelled'::order_status else o.status end,
      cancelled_at = case when s.live = 0 then coalesce(o.cancelled_at, ${at}) else o.cancelled_at end,
      updated_at = ${at}
    from s
    where o.id = ${orderId} and s.total > 0`);
}

// ---------------------------------------------------------------------------------------------------------
// Mails queued by a move, the order-level deliver, and what the shipment screens read
// ---------------------------------------------------------------------------------------------------------

/** The job that writes a shipment's mails (shipment-mails.ts handles it; the fulfilment plugin registers it). */
export const SHIPMENT_MAIL_JOB = 'shipment.mail';
export const SHIPMENT_MAIL_EVENTS = [
  'shipped',
  'out_for_delivery',
  'delivered',
  'returned_to_origin',
] as const;
export type ShipmentMailEvent = (typeof SHIPMENT_MAIL_EVENTS)[number];
const isMailEvent = (s: string): s is ShipmentMailEvent =>
  (SHIPMENT_MAIL_EVENTS as readonly string[]).includes(s);

/**
 * Queues the mails of a shipment's step on the caller's transaction: a job, once per (event, shipment) by
 * its dedupe key, that writes them with `enqueueEmail` (whose own unique key keeps each mail once per
 * recipient). A job rather than the mail itself because moves run inside the orders module's deliver too,
 * and the notifications module already depends on orders (docs/decisions/0109-shipments-per-seller.md).
 */
export async function queueShipmentMail(
  tx: Queryable,
  shipmentId: string,
  event: ShipmentMailEvent,
): Promise<void> {
  await enqueue(
    tx,
    SHIPMENT_MAIL_JOB,
    { shipmentId, event },
    { dedupeKey: `${SHIPMENT_MAIL_JOB}:${event}:${shipmentId}` },
  );
}

/**
 * SPEC's order-level "mark delivered" (Admin, Distributor): every live shipment of kind 'order' not yet
 * delivered is moved to delivered, whatever step it is at, with `orderLevel` (so each records it). The
 * shipments are locked in id order first, so two concurrent calls deliver each one once; a shipment
 * already delivered is left as it is. Returns how many shipments the order has and how many this call moved.
 */
export async function deliverOrderShipments(
  tx: Queryable,
  orderId: string,
  actor: EventActor,
): Promise<{ total: number; moved: number }> {
  const rows = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'order')))
    .orderBy(asc(shipments.id))
    .for('update');
  let moved = 0;
  for (const s of rows) {
    if (!ORDER_LEVEL_DELIVER_FROM.includes(s.state)) continue;
    await moveShipment(tx, { shipmentId: s.id, to: 'delivered', actor, orderLevel: true });
    moved += 1;
  }
  return { total: rows.length, moved };
}

/** How many of a buyer's parcels came back to the seller (refused or undeliverable): the COD rules read it. */
export async function rtoCountOfBuyer(db: Queryable, buyerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(orders.userId, buyerId), eq(shipments.state, 'returned_to_origin')));
  return row?.n ?? 0;
}

/** Whether a courier notice (e.g. 'out_for_delivery') was already recorded for a shipment. */
export async function hasShipmentNotice(db: Queryable, shipmentId: string, notice: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.subject, 'shipment'),
        eq(orderEvents.subjectId, shipmentId),
        eq(orderEvents.toState, notice),
      ),
    )
    .limit(1);
  return !!row;
}

const buyerUser = alias(users, 'buyer');
const sellerUser = alias(users, 'seller');

/** A shipment with what every screen shows next to it: its order, buyer, seller and shop. */
export type ShipmentView = ShipmentRow & {
  orderNumber: string;
  buyerId: string;
  buyerName: string;
  buyerPhone: string;
  buyerEmail: string;
  shippingAddress: ShippingAddressRow;
  paymentMethod: 'RazorPay' | 'PayPal' | 'CashOnDelivery';
  isPaid: boolean;
  orderStatus: 'placed' | 'cancelled';
  sellerName: string;
  sellerEmail: string;
  shopName: string | null;
  late: boolean;
};

/** Past its promised date (India's calendar) and still on its way. */
/** Late: past its promised date (India's calendar) and neither delivered nor stopped. The one copy of the rule. */
export const lateSql = sql<boolean>`(${shipments.expectedDeliveryDate} is not null
  and ${shipments.expectedDeliveryDate} < (now() at time zone 'Asia/Kolkata')::date
  and ${shipments.state} not in ('delivered', 'cancelled', 'returned_to_origin'))`;

const viewColumns = {
  shipment: shipments,
  orderNumber: orders.orderNumber,
  buyerId: orders.userId,
  buyerName: buyerUser.name,
  buyerPhone: buyerUser.phone,
  buyerEmail: buyerUser.email,
  shippingAddress: orders.shippingAddress,
  paymentMethod: orders.paymentMethod,
  isPaid: orders.isPaid,
  orderStatus: orders.status,
  sellerName: sellerUser.name,
  sellerEmail: sellerUser.email,
  shopName: shops.shopName,
  late: lateSql,
};

type ViewRecord = { shipment: ShipmentRow } & Omit<ShipmentView, keyof ShipmentRow>;
const flatten = ({ shipment, ...rest }: ViewRecord): ShipmentView => ({ ...shipment, ...rest });

function viewQuery(db: Queryable) {
  return db
    .select(viewColumns)
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(buyerUser, eq(buyerUser.id, orders.userId))
    .innerJoin(sellerUser, eq(sellerUser.id, shipments.sellerId))
    .leftJoin(shops, eq(shops.userId, shipments.sellerId));
}

export async function findShipmentView(db: Queryable, shipmentId: string): Promise<ShipmentView | undefined> {
  const [row] = await viewQuery(db).where(eq(shipments.id, shipmentId));
  return row ? flatten(row) : undefined;
}

/** An order's shipments (both kinds), as views, oldest first; only `sellerId`'s when given. */
export async function shipmentViewsOfOrder(
  db: Queryable,
  orderId: string,
  sellerId?: string,
): Promise<ShipmentView[]> {
  const rows = await viewQuery(db)
    .where(and(eq(shipments.orderId, orderId), sellerId ? eq(shipments.sellerId, sellerId) : undefined))
    .orderBy(asc(shipments.createdAt), asc(shipments.sellerId), asc(shipments.id));
  return rows.map(flatten);
}

export type ShipmentFilter = {
  sellerId?: string;
  state?: ShipmentState | 'late';
  /** YYYY-MM-DD, India's calendar, of when the shipment was created (the order placed). */
  from?: string;
  to?: string;
  /** A pincode or its first digits. */
  pincode?: string;
};

function filterConditions(f: ShipmentFilter, withState: boolean): SQL | undefined {
  const createdDay = sql`(${shipments.createdAt} at time zone 'Asia/Kolkata')::date`;
  return and(
    f.sellerId ? eq(shipments.sellerId, f.sellerId) : undefined,
    f.from ? sql`${createdDay} >= ${f.from}::date` : undefined,
    f.to ? sql`${createdDay} <= ${f.to}::date` : undefined,
    f.pincode ? like(shipments.pincode, `${f.pincode}%`) : undefined,
    withState && f.state ? (f.state === 'late' ? lateSql : eq(shipments.state, f.state)) : undefined,
  );
}

/** One page of shipments, newest first, with the number in each state (and late) under the other filters. */
export async function listShipmentViews(
  db: Queryable,
  filter: ShipmentFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: ShipmentView[]; total: number; counts: Record<string, number> }> {
  const where = filterConditions(filter, true);
  const rows = await viewQuery(db)
    .where(where)
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(shipments)
    .where(where);
  const byState = await db
    .select({
      state: shipments.state,
      n: sql<number>`count(*)::int`,
      late: sql<number>`(count(*) filter (where ${lateSql}))::int`,
    })
    .from(shipments)
    .where(filterConditions(filter, false))
    .groupBy(shipments.state);
  const counts: Record<string, number> = Object.fromEntries(SHIPMENT_STATES.map((s) => [s, 0]));
  counts.late = 0;
  for (const r of byState) {
    counts[r.state] = r.n;
    counts.late += r.late;
  }
  return { rows: rows.map(flatten), total, counts };
}

/** A line a shipment carries, with the units already asked back. */
export type ShipmentLineRow = {
  shipmentId: string;
  orderItemId: string;
  productId: string | null;
  name: string;
  image: string | null;
  size: string | null;
  colour: string | null;
  sku: string | null;
  qty: number;
  returnedQty: number;
};

/**
 * The lines of these shipments: a shipment of kind 'order' carries its seller's lines of the order; an
 * exchange shipment carries the units of its return request, in the size asked for. `returnedQty` counts
 * the units of open return and exchange requests (OPEN_RETURN_STATES) of each line.
 */
export async function linesOfShipments(db: Queryable, list: ShipmentRow[]): Promise<ShipmentLineRow[]> {
  if (list.length === 0) return [];
  const ids = list.map((s) => s.id);
  const open = sql.join(
    OPEN_RETURN_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute<{
    shipment_id: string;
    order_item_id: string;
    product_id: string | null;
    name: string;
    image: string | null;
    size: string | null;
    colour: string | null;
    sku: string | null;
    qty: number;
    returned_qty: number;
  }>(sql`
    with s as (select id, order_id, seller_id, kind, return_request_id from shipments
                where id = any(${`{${ids.join(',')}}`}::uuid[]))
    select s.id as shipment_id, oi.id as order_item_id, oi.product_id, oi.name, oi.image[1] as image, oi.size,
           oi.colour, oi.sku, oi.qty,
           coalesce((select sum(r.qty) from return_requests r
                      where r.order_item_id = oi.id and r.state in (${open})), 0)::int as returned_qty,
           oi.position
      from s join order_items oi on oi.order_id = s.order_id and oi.seller_id = s.seller_id
     where s.kind = 'order'
    union all
    select s.id, oi.id, oi.product_id, oi.name, oi.image[1],
           coalesce(nullif(v.size, 'N/A'), oi.size), coalesce(v.colour, oi.colour), coalesce(v.sku, oi.sku),
           r.qty, 0, oi.position
      from s join return_requests r on r.id = s.return_request_id
      join order_items oi on oi.id = r.order_item_id
      left join product_variants v on v.id = r.exchange_variant_id
     where s.kind = 'exchange'
     order by shipment_id, position, order_item_id`);
  return result.rows.map((r) => ({
    shipmentId: r.shipment_id,
    orderItemId: r.order_item_id,
    productId: r.product_id,
    name: r.name,
    image: r.image,
    size: r.size,
    colour: r.colour,
    sku: r.sku,
    qty: r.qty,
    returnedQty: r.returned_qty,
  }));
}

/** The events of these shipments, oldest first. */
export async function eventsOfShipments(db: Queryable, shipmentIds: string[]): Promise<OrderEventRow[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.subject, 'shipment'), inArray(orderEvents.subjectId, shipmentIds)))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

/** Who the order belongs to, for the order fulfilment page; undefined when there is no such order. */
export async function orderHeadOf(
  db: Queryable,
  orderId: string,
): Promise<{ id: string; orderNumber: string; buyerId: string } | undefined> {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, buyerId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The seller's return address, for the packing slip. */
export async function sellerAddressOf(
  db: Queryable,
  sellerId: string,
): Promise<
  | {
      address: string;
      city: string;
      state: string;
      postalCode: string | null;
      country: string;
      phone: string;
    }
  | undefined
> {
  const [row] = await db
    .select({
      address: users.address,
      city: users.city,
      state: users.state,
      postalCode: users.postalCode,
      country: users.country,
      phone: users.phone,
    })
    .from(users)
    .where(eq(users.id, sellerId));
  return row;
}

/**
 * What the courier collects for this shipment of an unpaid cash-on-delivery order (INR, decimal text): its
 * lines' value (discounted price and GST); the first shipment of the order also carries the rest of the
 * order total (shipping), so the parcels together collect exactly the order total.
 */
export async function codAmountOf(db: Queryable, shipment: ShipmentRow): Promise<string> {
  const result = await db.execute<{ amount: string }>(sql`
    with o as (select id, total_price_inr from orders where id = ${shipment.orderId}),
    per_seller as (
      select seller_id, sum(discounted_price * qty + tax_amount) as v
        from order_items where order_id = ${shipment.orderId} group by seller_id),
    first_shipment as (
      select id from shipments where order_id = ${shipment.orderId} and kind = 'order'
       order by created_at, seller_id, id limit 1)
    select (coalesce((select v from per_seller where seller_id = ${shipment.sellerId}), 0)
            + case when ${shipment.id}::uuid = (select id from first_shipment)
                   then greatest(0, (select total_price_inr from o) - coalesce((select sum(v) from per_seller), 0))
                   else 0 end)::numeric(14, 2)::text as amount`);
  return result.rows[0]?.amount ?? '0.00';
}
