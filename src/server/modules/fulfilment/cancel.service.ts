import { COD_NOT_ACCEPTED_REASON, codUnacceptedCutoff } from '#shared/cod.ts';
import { currencyByCode } from '#shared/currencies.ts';
import {
  SELLER_CANCEL_REASONS,
  SHIPMENT_STATE_LABELS,
  isLiveShipment,
  shipmentMove,
} from '#shared/fulfilment.ts';
import { parseMoney, toWireNumber } from '#shared/money.ts';
import { canViewOrder, isAdmin, isSeller, type Actor } from '#shared/permissions.ts';
import { SHIP_MSG, type CancelBody, type CancelResult } from '#shared/schemas/fulfilment.ts';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { forbidden, illegalTransition, invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { requestRefund } from '../refunds/refunds.service.ts';
import { failExchange } from '../returns/returns.service.ts';
import { queueCancelMails, type CancelledBy } from './cancel-mails.ts';
import * as repo from './cancel.repo.ts';
import { codSettings, lockIfUnacceptedCod, unacceptedCodOrderIds } from './cod.repo.ts';
import { moveShipment, shipmentsOfOrder, type EventActor, type ShipmentRow } from './shipments.repo.ts';
import { linesOfShipment, restockLines, reverseSellerPayments } from './stock.repo.ts';

/**
 * Cancelling (docs/decisions/0110-cancellations.md). A cancel is one transaction: the shipment moves to
 * 'cancelled' through `moveShipment` (its row lock decides a race with shipping; an illegal move is a 409
 * with the current state), every unit goes back to the variant it was bought from, the seller's payout
 * record is taken back, a paid order gets its refund row (`requestRefund`, once per shipment) and the
 * 'shipment_cancelled' mails are queued.
 *
 * Who may cancel what is the state machine of src/shared/fulfilment.ts plus ownership, checked here:
 * the order's buyer (until shipped), the shipment's own seller (until shipped, with a reason from
 * SELLER_CANCEL_REASONS) and Admin (until delivered). Anybody else gets 404, as for an unknown id; a
 * Distributor, who may see the order, gets 403.
 */

export type CancelCtx = AuthedCtx & { config: Config };

export const CANCEL_MSG = {
  shipmentNotFound: 'Shipment not found',
  orderNotFound: 'Order not found',
  notYours: 'Only the buyer, the seller of this parcel or Admin may cancel it.',
  orderNotYours: 'Only the buyer or Admin may cancel a whole order; a seller cancels its own parcel.',
  exchangeBuyer:
    'An exchange parcel cannot be cancelled by the buyer. Once it arrives you can ask for a return within 7 days.',
  nothingLeft: 'Nothing in this order can be cancelled any more: every parcel is already cancelled.',
  blocked: (shop: string, state: string) =>
    `The parcel from ${shop} is already ${state.toLowerCase()}, so the order cannot be cancelled as a whole. Nothing was cancelled.`,
} as const;

const sellerReasonLabel = (code: string | undefined) =>
  code ? (SELLER_CANCEL_REASONS.find((r) => r.code === code)?.label ?? code) : null;

type Cancellation = {
  actor: EventActor;
  by: CancelledBy;
  /** Stored as the shipment's cancelReason: words the buyer and seller read. */
  reason: string | null;
  /** The seller's reason code, kept on the event. */
  reasonCode?: string | null;
  note: string | null;
  at: Date;
};

type Cancelled = { shipment: ShipmentRow; refund: Awaited<ReturnType<typeof requestRefund>> };

const refundReason = (c: Cancellation) => {
  const who = { buyer: 'the buyer', seller: 'the seller', admin: 'Admin', system: 'Haat' }[c.by];
  return `Cancelled by ${who}${c.reason ? `: ${c.reason}` : ''}`;
};

/**
 * Cancels one shipment of kind 'order' on `tx`, with everything that follows from it. Throws the 409 of
 * `moveShipment` when the shipment is past where `c.actor.role` may cancel it.
 */
async function cancelInTx(
  tx: Queryable,
  config: Config,
  shipmentId: string,
  c: Cancellation,
): Promise<Cancelled> {
  const shipment = await moveShipment(tx, {
    shipmentId,
    to: 'cancelled',
    actor: c.actor,
    note: c.note ?? c.reason,
    data: c.reasonCode ? { reason: c.reasonCode } : null,
    set: { cancelReason: c.reason, cancelledBy: c.by },
    at: c.at,
  });
  const units = (await linesOfShipment(tx, shipment)).map((l) => ({ orderItemId: l.id, qty: l.qty }));
  await restockLines(tx, shipment.orderId, units);
  await reverseSellerPayments(tx, units, c.at);
  const refund = await requestRefund(tx, {
    orderId: shipment.orderId,
    cause: { kind: 'cancel', shipmentId: shipment.id },
    lines: units,
    reason: refundReason(c),
    actor: c.actor,
  });
  await queueCancelMails(tx, config, {
    shipment,
    by: c.by,
    reason: c.reason,
    note: c.note,
    refund: refund
      ? { amountMinor: refund.amountMinor, currency: refund.currency, method: refund.method }
      : null,
  });
  return { shipment, refund };
}

/**
 * Cancels an exchange parcel on `tx` (its seller or Admin, before it is delivered): the move, then what a
 * failed exchange does (failExchange, docs/decisions/0112-returns-and-exchanges.md): the size set aside
 * goes back, the seller's payout share for the returned units is taken back, the buyer is refunded for
 * them and told. Lock order as every cancel: the shipment, the order row, the request, products, variants.
 */
async function cancelExchangeInTx(tx: Queryable, shipmentId: string, c: Cancellation): Promise<Cancelled> {
  const shipment = await moveShipment(tx, {
    shipmentId,
    to: 'cancelled',
    actor: c.actor,
    note: c.note ?? c.reason,
    data: c.reasonCode ? { reason: c.reasonCode } : null,
    set: { cancelReason: c.reason, cancelledBy: c.by },
    at: c.at,
  });
  const refund = await failExchange(tx, shipment, c.actor, {
    cause: 'cancelled',
    reason: c.reason,
    at: c.at,
  });
  return { shipment, refund };
}

async function answer(db: Queryable, orderId: string, done: Cancelled[]): Promise<CancelResult> {
  const order = await repo.findOrderHead(db, orderId);
  if (!order) throw notFound(CANCEL_MSG.orderNotFound);
  return {
    orderId,
    orderNumber: order.orderNumber,
    orderStatus: order.status,
    shipments: done.map(({ shipment: s }) => ({
      _id: s.id,
      state: s.state,
      cancelReason: s.cancelReason,
      cancelledBy: s.cancelledBy,
      cancelledAt: s.cancelledAt ? s.cancelledAt.toISOString() : null,
    })),
    refunds: done.flatMap(({ refund: r }) =>
      r
        ? [
            {
              _id: r.id,
              shipmentId: r.shipmentId,
              method: r.method,
              state: r.state,
              amountInr: toWireNumber(parseMoney(r.amountInr)),
              amount: toWireNumber(r.amountMinor, currencyByCode(r.currency)?.decimalDigits ?? 2),
              currency: r.currency,
            },
          ]
        : [],
    ),
  };
}

const eventActor = (actor: Actor, role: EventActor['role']): EventActor => ({ id: actor.id, role });

/** The role `actor` cancels this shipment in, or the 403/404 for someone who may not. */
function shipmentCanceller(actor: Actor, s: repo.ShipmentWithOrder, body: CancelBody) {
  if (isAdmin(actor)) return 'admin' as const;
  const ownSeller = isSeller(actor) && actor.id === s.sellerId;
  const buyer = actor.id === s.buyerId;
  // A seller buying from its own shop cancels as the seller only when it gives a seller's reason.
  if (ownSeller && (body.reason !== undefined || !buyer)) return 'seller' as const;
  if (buyer) return 'buyer' as const;
  if (canViewOrder(actor, s.buyerId)) throw forbidden(CANCEL_MSG.notYours);
  throw notFound(CANCEL_MSG.shipmentNotFound);
}

/** PUT /api/shipments/:id/cancel. */
export async function cancelShipment(
  ctx: CancelCtx,
  shipmentId: string,
  body: CancelBody,
): Promise<CancelResult> {
  const s = await repo.findShipmentWithOrder(ctx.db, shipmentId);
  if (!s) throw notFound(CANCEL_MSG.shipmentNotFound);
  const role = shipmentCanceller(ctx.actor, s, body);
  if (role === 'seller' && !body.reason) {
    throw invalid(SHIP_MSG.reason, [{ path: 'reason', message: SHIP_MSG.reason }]);
  }
  // An exchange parcel: its seller or Admin cancels it (with a reason) and the buyer is refunded instead;
  // the buyer, who already sent the goods back, cannot call off the size owed to them.
  if (s.kind === 'exchange' && role === 'buyer') throw forbidden(CANCEL_MSG.exchangeBuyer);
  if (s.kind === 'exchange' && !body.reason) {
    throw invalid(SHIP_MSG.reason, [{ path: 'reason', message: SHIP_MSG.reason }]);
  }
  const c: Cancellation = {
    actor: eventActor(ctx.actor, role),
    by: role,
    reason: role === 'buyer' ? null : sellerReasonLabel(body.reason),
    reasonCode: role === 'buyer' ? null : (body.reason ?? null),
    note: body.note || null,
    at: new Date(),
  };
  const done = await ctx.db.transaction((tx) =>
    s.kind === 'exchange' ? cancelExchangeInTx(tx, shipmentId, c) : cancelInTx(tx, ctx.config, shipmentId, c),
  );
  return answer(ctx.db, s.orderId, [done]);
}

/**
 * PUT /api/orders/:id/cancel: the buyer (or Admin) cancels every live shipment of the order at once, or
 * none: one shipment past where that role may cancel (shipped for the buyer, delivered for Admin) is a
 * 409 naming its seller, and nothing changes.
 */
export async function cancelOrder(ctx: CancelCtx, orderId: string, body: CancelBody): Promise<CancelResult> {
  const order = await repo.findOrderHead(ctx.db, orderId);
  if (!order) throw notFound(CANCEL_MSG.orderNotFound);
  const role = isAdmin(ctx.actor) ? 'admin' : ctx.actor.id === order.buyerId ? 'buyer' : null;
  if (!role) {
    const sellsInIt =
      isSeller(ctx.actor) &&
      (await shipmentsOfOrder(ctx.db, orderId)).some((s) => s.sellerId === ctx.actor.id);
    if (sellsInIt || canViewOrder(ctx.actor, order.buyerId)) throw forbidden(CANCEL_MSG.orderNotYours);
    throw notFound(CANCEL_MSG.orderNotFound);
  }
  const c: Cancellation = {
    actor: eventActor(ctx.actor, role),
    by: role,
    reason: role === 'admin' ? sellerReasonLabel(body.reason) : null,
    reasonCode: role === 'admin' ? (body.reason ?? null) : null,
    note: body.note || null,
    at: new Date(),
  };
  const done = await ctx.db.transaction(async (tx) => {
    const live = (await repo.lockShipmentsOfOrder(tx, orderId)).filter((s) => isLiveShipment(s.state));
    const blocking = live.find((s) => !shipmentMove(s.state, 'cancelled', role));
    if (blocking) {
      const shop = (await repo.sellerNames(tx, [blocking.sellerId])).get(blocking.sellerId) ?? 'a seller';
      throw illegalTransition(
        CANCEL_MSG.blocked(shop, SHIPMENT_STATE_LABELS[blocking.state]),
        blocking.state,
      );
    }
    if (live.length === 0) throw illegalTransition(CANCEL_MSG.nothingLeft, 'cancelled');
    const out: Cancelled[] = [];
    for (const s of live) out.push(await cancelInTx(tx, ctx.config, s.id, c));
    return out;
  });
  return answer(ctx.db, orderId, done);
}

// ---------------------------------------------------------------------------------------------------------
// The sweep of unaccepted cash-on-delivery orders
// ---------------------------------------------------------------------------------------------------------

const SYSTEM: EventActor = { id: null, role: 'system' };

/**
 * Cancels the unpaid cash-on-delivery orders that no seller accepted within the operator's
 * `codUnacceptedHours` of `now` (docs/decisions/0110-cancellations.md): each of their shipments still
 * placed is cancelled by 'system' with the reason 'Not accepted in time', restocked, and the buyer and
 * sellers are told. One transaction per order; the order's shipments are locked and the condition checked
 * again under the locks, so two processes sweeping at once cancel (and restock) each order once, and a
 * seller accepting at the same moment either wins (nothing is cancelled) or gets a 409. Returns the
 * orders this call cancelled.
 */
export async function cancelUnacceptedCodOrders(
  deps: { db: Database; config: Config },
  now: Date = new Date(),
  batch = 200,
): Promise<{ cancelled: string[] }> {
  const { codUnacceptedHours } = await codSettings(deps.db);
  const before = codUnacceptedCutoff(now, codUnacceptedHours);
  const cancelled: string[] = [];
  const seen = new Set<string>();
  for (;;) {
    const ids = await unacceptedCodOrderIds(deps.db, before, batch);
    // An order listed again was left as it was (another run or a seller got there first, under the locks):
    // once a batch holds nothing new, the sweep is done.
    const fresh = ids.filter((id) => !seen.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) {
      seen.add(id);
      const done = await deps.db.transaction(async (tx) => {
        const shipments = await repo.lockShipmentsOfOrder(tx, id);
        if (!(await lockIfUnacceptedCod(tx, id, before))) return false;
        const c: Cancellation = {
          actor: SYSTEM,
          by: 'system',
          reason: COD_NOT_ACCEPTED_REASON,
          note: null,
          at: now,
        };
        for (const s of shipments) {
          if (s.state === 'placed') await cancelInTx(tx, deps.config, s.id, c);
        }
        return true;
      });
      if (done) cancelled.push(id);
    }
    if (ids.length < batch) break;
  }
  return { cancelled };
}
