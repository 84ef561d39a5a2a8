import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { refundMove, type RefundState } from '#shared/fulfilment.ts';
import { INR, formatDecimal, parseMoney, sumMoney, type Minor } from '#shared/money.ts';
import { paymentShare, unitsRefund } from '#shared/refunds.ts';
import type { RefundAccount } from '#shared/schemas/fulfilment.ts';
import type { Queryable } from '../../db/client.ts';
import { orderItems, orders, payments, refunds, shipments, users } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { recordEvent, type EventActor } from '../fulfilment/fulfilment.service.ts';

/**
 * Asking for a refund (docs/decisions/0111-refunds.md). Cancellations, returns and late
 * payments call `requestRefund` inside their own transaction; it writes one `refunds` row per cause — the
 * cause is the unique idempotency key, so a repeated or racing call writes nothing more — and, for an online
 * payment, queues the `refund.execute` job that asks the provider (the refunds module handles it). A cash on
 * delivery refund waits for an Admin to pay it by bank or UPI and record the reference.
 */

export const REFUND_EXECUTE_JOB = 'refund.execute';

export type RefundRow = typeof refunds.$inferSelect;

export type RefundCause =
  | { kind: 'cancel'; shipmentId: string }
  | { kind: 'return'; returnRequestId: string; shipmentId: string }
  | { kind: 'late-payment'; paymentId: string };

export const refundKeyOf = (cause: RefundCause): string =>
  cause.kind === 'cancel'
    ? `cancel:${cause.shipmentId}`
    : cause.kind === 'return'
      ? `return:${cause.returnRequestId}`
      : `late-payment:${cause.paymentId}`;

export type RefundRequest = {
  orderId: string;
  cause: RefundCause;
  /** The units going back (cancel, return); ignored for a late payment, which is refunded whole. */
  lines: { orderItemId: string; qty: number }[];
  reason: string;
  refundAccount?: RefundAccount | null;
  actor: EventActor;
};

/**
 * Writes the refund a cause is owed, or returns the one it already has. Returns null when nothing was
 * paid (an unpaid order: nothing to give back). Locks the order row so refunds of one order are computed
 * one at a time. Must run on a transaction.
 */
export async function requestRefund(tx: Queryable, input: RefundRequest): Promise<RefundRow | null> {
  const key = refundKeyOf(input.cause);
  const [order] = await tx
    .select({
      id: orders.id,
      isPaid: orders.isPaid,
      paymentMethod: orders.paymentMethod,
      totalPriceInr: orders.totalPriceInr,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for('update');
  if (!order) return null;
  const existing = await refundByKey(tx, key);
  if (existing) return existing;

  let payment: { id: string; amountMinor: number; currency: string; provider: string } | undefined;
  let amountInr: Minor;
  let amountMinor: Minor;
  if (input.cause.kind === 'late-payment') {
    [payment] = await paymentRows(tx).where(eq(payments.id, input.cause.paymentId));
    if (!payment) return null;
    amountMinor = payment.amountMinor;
    amountInr = parseMoney(order.totalPriceInr);
  } else {
    // A returned parcel of a cash-on-delivery order was paid for at the door when it was delivered, even
    // when nobody has marked the order paid yet; anything else unpaid has nothing to give back.
    const paidAtDoor = order.paymentMethod === 'CashOnDelivery' && input.cause.kind === 'return';
    if (!order.isPaid && !paidAtDoor) return null;
    const value = await linesValueInr(tx, input.orderId, input.lines);
    if (value <= 0) return null;
    amountInr = value;
    const before = await refundedSoFar(tx, input.orderId);
    if (order.paymentMethod === 'CashOnDelivery') {
      amountMinor = Math.min(value, parseMoney(order.totalPriceInr) - before.valueInr);
    } else {
      [payment] = await paymentRows(tx)
        .where(
          and(
            eq(payments.orderId, input.orderId),
            eq(payments.status, 'paid'),
            // Not a second payment that is itself being given back whole (paid after the order was).
            sql`not exists (select 1 from refunds r where r.payment_id = ${payments.id}
                              and r.idempotency_key like 'late-payment:%')`,
          ),
        )
        .orderBy(asc(payments.updatedAt))
        .limit(1);
      if (!payment) return null;
      const fromPayment = await refundedFromPayment(tx, payment.id);
      amountMinor = paymentShare({
        paymentAmount: payment.amountMinor,
        orderTotal: parseMoney(order.totalPriceInr),
        refund: value,
        alreadyRefunded: fromPayment,
        alreadyRefundedValue: before.valueInr,
      });
    }
  }
  if (amountMinor <= 0) return null;

  const manual = !payment;
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: input.orderId,
      shipmentId: input.cause.kind === 'late-payment' ? null : input.cause.shipmentId,
      returnRequestId: input.cause.kind === 'return' ? input.cause.returnRequestId : null,
      paymentId: payment?.id ?? null,
      method: manual ? 'CashOnDelivery' : (payment!.provider as RefundRow['method']),
      idempotencyKey: key,
      amountInr: formatDecimal(amountInr),
      amountMinor,
      currency: manual ? INR.code : payment!.currency,
      reason: input.reason,
      refundAccount: input.refundAccount ?? null,
    })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  if (!row) return (await refundByKey(tx, key)) ?? null;
  await recordEvent(tx, {
    orderId: input.orderId,
    subject: 'refund',
    subjectId: row.id,
    fromState: null,
    toState: 'pending',
    actor: input.actor,
    note: input.reason,
  });
  if (!manual) {
    await enqueue(
      tx,
      REFUND_EXECUTE_JOB,
      { refundId: row.id },
      { dedupeKey: `${REFUND_EXECUTE_JOB}:${row.id}` },
    );
  }
  return row;
}

/**
 * The order's own parcels (kind 'order') that will never be delivered — cancelled or returned to origin —
 * for refunding them when the order is paid after they went (docs/decisions/0111-refunds.md).
 */
export async function goneShipmentsOfOrder(
  db: Queryable,
  orderId: string,
): Promise<{ id: string; orderId: string; sellerId: string; state: string }[]> {
  return db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      sellerId: shipments.sellerId,
      state: shipments.state,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, orderId),
        eq(shipments.kind, 'order'),
        inArray(shipments.state, ['cancelled', 'returned_to_origin']),
      ),
    )
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
}

/** The payment columns a refund needs, for the caller's WHERE. */
const paymentRows = (tx: Queryable) =>
  tx
    .select({
      id: payments.id,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      provider: payments.provider,
    })
    .from(payments);

export async function refundByKey(db: Queryable, key: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row;
}

/** What `lines` cost the buyer in INR minor units (discounted price and their share of the line's GST). */
async function linesValueInr(
  tx: Queryable,
  orderId: string,
  lines: { orderItemId: string; qty: number }[],
): Promise<Minor> {
  if (lines.length === 0) return 0;
  const rows = await tx
    .select({
      id: orderItems.id,
      qty: orderItems.qty,
      discountedPrice: orderItems.discountedPrice,
      taxAmount: orderItems.taxAmount,
    })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        inArray(
          orderItems.id,
          lines.map((l) => l.orderItemId),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return sumMoney(
    lines.map((l) => {
      const r = byId.get(l.orderItemId);
      if (!r) throw new Error(`requestRefund: line ${l.orderItemId} is not in order ${orderId}`);
      return unitsRefund(
        { qty: r.qty, discountedUnit: parseMoney(r.discountedPrice), lineTax: parseMoney(r.taxAmount) },
        l.qty,
      );
    }),
  );
}

/**
 * The order value (INR) already refunded or being refunded for cancellations and returns (late payments
 * excluded). A failed refund still counts: it is retried, never dropped.
 */
async function refundedSoFar(tx: Queryable, orderId: string): Promise<{ valueInr: Minor }> {
  const rows = await tx.execute<{ v: string | null }>(sql`
    select coalesce(sum(amount_inr), 0)::text as v from refunds
     where order_id = ${orderId} and idempotency_key not like 'late-payment:%'`);
  return { valueInr: parseMoney(rows.rows[0]?.v ?? '0') };
}

/** Minor units of one payment already refunded or being refunded. */
async function refundedFromPayment(tx: Queryable, paymentId: string): Promise<Minor> {
  const rows = await tx.execute<{ v: number | null }>(sql`
    select coalesce(sum(amount_minor), 0)::int as v from refunds where payment_id = ${paymentId}`);
  return rows.rows[0]?.v ?? 0;
}

// ---------------------------------------------------------------------------------------------------------
// Reading refunds
// ---------------------------------------------------------------------------------------------------------

/** A refund with what its wire shape needs of its order, buyer and shipment. */
export type RefundView = RefundRow & {
  orderNumber: string;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  buyerDeletedAt: Date | null;
  sellerId: string | null;
};

const viewColumns = {
  refund: refunds,
  orderNumber: orders.orderNumber,
  buyerId: orders.userId,
  buyerName: users.name,
  buyerEmail: users.email,
  buyerDeletedAt: users.deletedAt,
  sellerId: shipments.sellerId,
};

function toView(r: {
  refund: RefundRow;
  orderNumber: string;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  buyerDeletedAt: Date | null;
  sellerId: string | null;
}): RefundView {
  return {
    ...r.refund,
    orderNumber: r.orderNumber,
    buyerId: r.buyerId,
    buyerName: r.buyerName,
    buyerEmail: r.buyerEmail,
    buyerDeletedAt: r.buyerDeletedAt,
    sellerId: r.sellerId,
  };
}

function viewQuery(db: Queryable) {
  return db
    .select(viewColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(shipments, eq(shipments.id, refunds.shipmentId));
}

export async function refundViewsOfOrder(db: Queryable, orderId: string): Promise<RefundView[]> {
  const rows = await viewQuery(db)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(toView);
}

export async function refundView(db: Queryable, refundId: string): Promise<RefundView | undefined> {
  const [row] = await viewQuery(db).where(eq(refunds.id, refundId));
  return row ? toView(row) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Moving refunds
// ---------------------------------------------------------------------------------------------------------

/** The job that writes the 'refund_issued' mail of a processed refund (refund-mails.ts handles it). */
export const REFUND_MAIL_JOB = 'refund.mail';

/** A refund, locked FOR UPDATE on a transaction; undefined when there is none. */
export async function lockRefund(tx: Queryable, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  return row;
}

export type RefundMove = {
  to: RefundState;
  actor: EventActor;
  note?: string | null;
  /** Columns set with the move. */
  set?: Partial<Pick<RefundRow, 'providerRefundId' | 'reference' | 'lastError' | 'raw'>> & {
    countAttempt?: boolean;
  };
};

/**
 * The one way a refund changes state (docs/decisions/0111-refunds.md): on the caller's transaction, the
 * refund `current` (locked by `lockRefund`) moves if the machine of src/shared/fulfilment.ts allows it,
 * by a conditional UPDATE on its state, with a dated order event; entering 'processed' queues the buyer's
 * mail (once: the job's dedupe key). Returns the row after the move, or null when the move is not
 * allowed from the state it is in (the caller answers 409 or treats it as already done).
 */
export async function moveRefund(
  tx: Queryable,
  current: RefundRow,
  move: RefundMove,
): Promise<RefundRow | null> {
  if (!refundMove(current.state, move.to, move.actor.role)) return null;
  const at = new Date();
  const { countAttempt, ...set } = move.set ?? {};
  const [row] = await tx
    .update(refunds)
    .set({
      ...set,
      state: move.to,
      ...(countAttempt ? { attempts: sql`${refunds.attempts} + 1` } : {}),
      ...(move.to === 'processed' ? { processedAt: at, lastError: null } : {}),
      updatedAt: at,
    })
    .where(and(eq(refunds.id, current.id), eq(refunds.state, current.state)))
    .returning();
  if (!row) return null;
  await recordEvent(tx, {
    orderId: row.orderId,
    subject: 'refund',
    subjectId: row.id,
    fromState: current.state,
    toState: move.to,
    actor: move.actor,
    note: move.note ?? null,
    at,
  });
  if (move.to === 'processed') {
    await enqueue(tx, REFUND_MAIL_JOB, { refundId: row.id }, { dedupeKey: `${REFUND_MAIL_JOB}:${row.id}` });
  }
  return row;
}

/**
 * Keeps the provider's refund id (and its answer) on the refund. The id never changes once set: the
 * provider answers the same refund to the same idempotency key, and (method, providerRefundId) is unique.
 */
export async function setProviderRefund(
  tx: Queryable,
  refundId: string,
  providerRefundId: string,
  raw: Record<string, unknown>,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({ providerRefundId, raw, updatedAt: new Date() })
    .where(
      and(
        eq(refunds.id, refundId),
        sql`(${refunds.providerRefundId} is null or ${refunds.providerRefundId} = ${providerRefundId})`,
      ),
    )
    .returning();
  return row;
}

/** The provider's payment a refund gives back from (its id at the provider and what was charged). */
export async function paymentOfRefund(
  db: Queryable,
  paymentId: string,
): Promise<{ providerPaymentId: string | null; amountMinor: number; currency: string } | undefined> {
  const [row] = await db
    .select({
      providerPaymentId: payments.providerPaymentId,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row;
}

/** The refund a provider's refund id names, or (when the provider echoes it) our own id. */
export async function findRefundForProvider(
  db: Queryable,
  method: RefundRow['method'],
  providerRefundId: string,
  refundId: string | null,
): Promise<RefundRow | undefined> {
  const [byProvider] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.method, method), eq(refunds.providerRefundId, providerRefundId)));
  if (byProvider) return byProvider;
  if (!refundId || !isUuidText(refundId)) return undefined;
  const [byId] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.method, method)));
  return byId;
}

const isUuidText = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

// ---------------------------------------------------------------------------------------------------------
// The Admin list
// ---------------------------------------------------------------------------------------------------------

export type RefundFilter = {
  state?: RefundState;
  method?: RefundRow['method'];
  /** YYYY-MM-DD, India's calendar, inclusive. */
  from?: string;
  to?: string;
  /** Part of an order number (HAAT-2026-000123), any case. */
  order?: string;
};

export async function listRefundViews(
  db: Queryable,
  filter: RefundFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: RefundView[]; total: number }> {
  const day = sql`(${refunds.createdAt} at time zone 'Asia/Kolkata')::date`;
  const where = and(
    filter.state ? eq(refunds.state, filter.state) : undefined,
    filter.method ? eq(refunds.method, filter.method) : undefined,
    filter.from ? sql`${day} >= ${filter.from}::date` : undefined,
    filter.to ? sql`${day} <= ${filter.to}::date` : undefined,
    filter.order ? ilike(orders.orderNumber, `%${escapeLike(filter.order)}%`) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(where),
  ]);
  return { rows: rows.map(toView), total: count?.n ?? 0 };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
