import type { z } from 'zod';
import { addWorkingDays, kolkataDate } from '#shared/delivery.ts';
import {
  illegalMoveMessage,
  OPEN_RETURN_STATES,
  RETURN_MAX_PHOTOS,
  RETURN_MAX_VIDEOS,
  RETURN_WINDOW_DAYS,
  returnMove,
  returnReasonLabel,
  returnWindowOpen,
  type ActorRole,
  type ReturnState,
} from '#shared/fulfilment.ts';
import { isAdmin, isSeller, type Actor } from '#shared/permissions.ts';
import {
  RETURN_MSG,
  refundAccountSchema,
  type createReturnBody,
  type RefundAccount,
  type rejectReturnBody,
  type returnListQuery,
  type ReturnRequest,
  type returnListSchema,
  isVideoUrl,
} from '#shared/schemas/fulfilment.ts';
import { IMAGE_VARIANTS, variantUrl } from '#shared/images.ts';
import { nameWithVariant } from '#shared/variants.ts';
import { conveniencesAllowed, type Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { enqueue, type JobHandler } from '../../jobs/queue.ts';
import { conflict, forbidden, illegalTransition, invalid, notFound } from '../../lib/errors.ts';
import { keyOfPublicUrl, type Storage, type StoredFile } from '../../lib/storage.ts';
import {
  recordEvent,
  restockLines,
  reverseSellerPayments,
  type EventActor,
} from '../fulfilment/fulfilment.service.ts';
import { orderOwnerId } from '../orders/orders.service.ts';
import { requestRefund } from '../refunds/refunds.service.ts';
import { ownedReturnMedia } from '../uploads/uploads.service.ts';
import { ledgerOnReturnReceived } from '../settlements/ledger.service.ts';
import { taxDocumentsOnReturnReceived } from '../tax-documents/tax-documents.service.ts';
import { queueReturnMail, RETURN_MAIL, type ReturnMailExtra } from './return-mails.ts';
import * as repo from './returns.repo.ts';

type ReturnRow = repo.ReturnRow;
type CreateReturnBodyOut = z.output<typeof createReturnBody>;
type RejectReturnBody = z.output<typeof rejectReturnBody>;
type ReturnListQuery = z.output<typeof returnListQuery>;
type ReturnList = z.output<typeof returnListSchema>;

/**
 * Return and exchange requests (docs/decisions/0112-returns-and-exchanges.md): what other modules read of
 * them (the buyer's order page) and the moves the routes make.
 */

type ReturnAction = ReturnRequest['actions'][number];

/** The role the viewer acts in on this request, or null when it may not see it. */
function roleOn(viewer: Actor | null, r: { buyerId: string; sellerId: string }): ActorRole | null {
  if (!viewer) return null;
  if (isAdmin(viewer)) return 'admin';
  if (isSeller(viewer) && viewer.id === r.sellerId) return 'seller';
  if (viewer.id === r.buyerId) return 'buyer';
  return null;
}

/** What `viewer` may do with a request now (the UI shows exactly these). */
export function actionsOf(viewer: Actor | null, r: repo.ReturnRow): ReturnAction[] {
  const role = roleOn(viewer, r);
  if (!role || !viewer?.active) return [];
  const out: ReturnAction[] = [];
  if (role !== 'buyer' && returnMove(r.state, 'approved', role)) out.push('approve');
  if (role !== 'buyer' && returnMove(r.state, 'rejected', role)) out.push('reject');
  if (returnMove(r.state, 'cancelled', role)) out.push('withdraw');
  if (returnMove(r.state, 'picked_up', role)) out.push('picked_up');
  if (returnMove(r.state, 'received', role)) out.push('receive');
  return out;
}

function accountOf(raw: unknown): RefundAccount | null {
  const parsed = refundAccountSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The wire shape of a request as `viewer` sees it (the refund account only for Admin and the buyer). */
export function toWire(viewer: Actor | null, r: repo.ReturnView): ReturnRequest {
  const showAccount = isAdmin(viewer) || viewer?.id === r.buyerId;
  return {
    _id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    shipmentId: r.shipmentId,
    orderItem: r.orderItemId,
    name: r.lineName,
    image: r.lineImage[0] ?? null,
    size: r.lineSize,
    colour: r.lineColour,
    kind: r.kind,
    qty: r.qty,
    reason: r.reason,
    reasonLabel: returnReasonLabel(r.reason),
    comment: r.comment,
    media: r.media.map((stored, i) => returnMediaUrl(r.id, i, stored)),
    exchangeVariant:
      r.exchangeVariantId && r.exchangeSize !== null
        ? {
            _id: r.exchangeVariantId,
            size: r.exchangeSize,
            colour: r.exchangeColour,
            reserved: r.exchangeReserved,
          }
        : null,
    state: r.state,
    rejectReason: r.rejectReason,
    pickupScheduledFor: r.pickupScheduledFor,
    buyer: { _id: r.buyerId, name: r.buyerName },
    seller: { _id: r.sellerId, name: r.sellerName },
    refundAccount: showAccount ? accountOf(r.refundAccount) : null,
    createdAt: r.createdAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    receivedAt: r.receivedAt?.toISOString() ?? null,
    actions: actionsOf(viewer, r),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Photos and video: private files, opened through an authorised route (ADR 0112)
// ---------------------------------------------------------------------------------------------------------

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/**
 * Where a viewer opens a request's `index`th photo or video: GET /api/returns/:id/media/:index/:file,
 * same-origin and cookie-authorised, so `<img src>` and `<video src>` load it. The stored URL (the upload's
 * `/uploads/<key>`) is only the file's name: the file is private and served nowhere else.
 */
export function returnMediaUrl(id: string, index: number, stored: string): string {
  const file = isVideoUrl(stored) ? `video.${extensionOf(stored)}` : 'original.webp';
  return `/api/returns/${id}/media/${index}/${file}`;
}

export const MEDIA_NOT_FOUND = 'Photo or video not found';

/**
 * GET /api/returns/:id/media/:index/:file: the private file, for those who may see the request (its
 * buyer, its seller, Admin); anybody else, or a file the request does not have, 404. `file` picks the
 * photo's original or a variant (`thumbnail.webp`, `medium.webp`), or `video.<ext>` for the video.
 */
export async function returnMediaFile(
  ctx: { db: Queryable; actor: Actor },
  storage: Storage,
  id: string,
  index: number,
  file: string,
): Promise<StoredFile> {
  const view = await repo.returnView(ctx.db, id);
  if (!view || !roleOn(ctx.actor, view)) throw notFound(RETURN_SERVICE_MSG.notFound);
  const stored = view.media[index];
  const key = stored === undefined ? null : keyOfPublicUrl(stored);
  let wanted: string | null = null;
  if (key && isVideoUrl(key)) {
    if (file === `video.${extensionOf(key)}`) wanted = key;
  } else if (key && file === 'original.webp') {
    wanted = key;
  } else if (key) {
    const variant = IMAGE_VARIANTS.find((v) => file === `${v}.webp`);
    if (variant) wanted = variantUrl(key, variant);
  }
  // Any visibility: a file uploaded before return media were made private is still shown to its viewers.
  const found = wanted ? await storage.get(wanted) : null;
  if (!found) throw notFound(MEDIA_NOT_FOUND);
  return found;
}

/**
 * An order's return and exchange requests as `viewer` sees them: the buyer and Admin (and Distributor,
 * who sees orders) all of them, a seller only its own. The caller has checked that `viewer` may see the order.
 */
export async function returnsOfOrder(
  db: Queryable,
  orderId: string,
  viewer: Actor,
): Promise<ReturnRequest[]> {
  const rows = await repo.returnViewsOfOrder(db, orderId);
  // A seller who is not the buyer sees only its own lines' requests; the buyer, Admin and Distributor all.
  const onlyOwn = isSeller(viewer) && !isAdmin(viewer);
  return rows
    .filter((r) => !onlyOwn || r.buyerId === viewer.id || r.sellerId === viewer.id)
    .map((r) => toWire(viewer, r));
}

// ---------------------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------------------

/** What the routes hand in: who asks, the database, the configuration (links in mails, conveniences). */
export type ReturnsCtx = { db: Database; actor: Actor; config: Config };

export const RETURN_SERVICE_MSG = {
  orderNotFound: 'Order not found',
  notFound: 'Return request not found',
  lineNotFound: 'This item is not in the order',
  notDelivered: 'This item has not been delivered yet: a return can be asked for once it is',
  windowClosed: `The ${RETURN_WINDOW_DAYS}-day return window of this item has closed`,
  orderCancelled: 'This order was cancelled',
  tooMany: (left: number) =>
    left === 0
      ? 'Every unit of this item is already in a return or exchange request'
      : `Only ${left} ${left === 1 ? 'unit' : 'units'} of this item can still be returned or exchanged`,
  exchangeVariant: 'Please choose another size of the same product',
  soldOut: (size: string) => `Size ${size} is sold out; ask for a return instead`,
  refundAccount: 'Please give a UPI id or a bank account for the refund of a cash-on-delivery order',
  notYours: 'Only the seller of this item or Admin can do that',
  buyerOnly: 'Only the buyer can withdraw a request',
} as const;

/** The simulated courier picks an approved return up after this long (development only). */
export const COURIER_PICKUP_DELAY_MS = 60_000;
export const COURIER_PICKUP_JOB = 'returns.courier_pickup';

/** The simulated courier runs where development conveniences are allowed, never under NODE_ENV=test. */
export const simulatedPickupOn = (config: Config) => conveniencesAllowed(config) && config.env !== 'test';

const fieldError = (path: string, message: string) => invalid(message, [{ path, message }]);

/** The request as `ctx.actor` sees it now. */
async function answer(ctx: { db: Queryable; actor: Actor }, id: string): Promise<ReturnRequest> {
  const view = await repo.returnView(ctx.db, id);
  if (!view) throw notFound(RETURN_SERVICE_MSG.notFound);
  return toWire(ctx.actor, view);
}

/**
 * POST /api/orders/:id/returns (the order's buyer, active; the route checks active). One transaction:
 * the checks, the exchange size reserved, the request, its event and the two mails.
 */
export async function createReturn(
  ctx: ReturnsCtx,
  orderId: string,
  body: CreateReturnBodyOut,
  now: Date = new Date(),
): Promise<ReturnRequest> {
  const id = await ctx.db.transaction(async (tx) => {
    // The lock order of every return move: the order row, then the line, the products, the variants.
    await repo.lockOrderRow(tx, orderId);
    const line = await repo.lockLineForReturn(tx, orderId, body.orderItem);
    if (!line) {
      // The order is the buyer's own or it is "not found" (never say whose it is).
      if ((await orderOwnerId(tx, orderId)) !== ctx.actor.id)
        throw notFound(RETURN_SERVICE_MSG.orderNotFound);
      throw notFound(RETURN_SERVICE_MSG.lineNotFound);
    }
    if (line.buyerId !== ctx.actor.id) throw notFound(RETURN_SERVICE_MSG.orderNotFound);
    if (line.orderStatus === 'cancelled')
      throw conflict(RETURN_SERVICE_MSG.orderCancelled, 'order_cancelled');
    if (line.shipmentState !== 'delivered')
      throw conflict(RETURN_SERVICE_MSG.notDelivered, 'return_window_closed');
    if (!returnWindowOpen(line.deliveredAt, now))
      throw conflict(RETURN_SERVICE_MSG.windowClosed, 'return_window_closed');

    const left = line.qty - (await repo.unitsHeld(tx, line.orderItemId, OPEN_RETURN_STATES));
    if (body.qty > left) throw conflict(RETURN_SERVICE_MSG.tooMany(Math.max(0, left)));

    const media = await ownedReturnMedia(tx, ctx.actor.id, body.media);
    const videos = media.filter((m) => m.type === 'video').length;
    if (media.length > RETURN_MAX_PHOTOS || (videos > 0 && media.length > RETURN_MAX_VIDEOS))
      throw fieldError('media', RETURN_MSG.media);

    const cod = line.paymentMethod === 'CashOnDelivery';
    if (cod && body.kind === 'return' && !body.refundAccount)
      throw fieldError('refundAccount', RETURN_SERVICE_MSG.refundAccount);

    let exchangeVariantId: string | null = null;
    if (body.kind === 'exchange') {
      if (!body.exchangeVariant) throw fieldError('exchangeVariant', RETURN_MSG.exchangeSize);
      const v = await repo.findVariant(tx, body.exchangeVariant);
      if (!v || v.productId !== line.productId || v.id === line.variantId)
        throw fieldError('exchangeVariant', RETURN_SERVICE_MSG.exchangeVariant);
      // Reserved now, like a sale: the product row, then a conditional decrement of the variant.
      const taken = await repo.takeVariantStock(tx, v, body.qty);
      if (!taken) throw conflict(RETURN_SERVICE_MSG.soldOut(v.size), 'out_of_stock');
      exchangeVariantId = v.id;
    }

    const row = await repo.insertReturn(tx, {
      orderId,
      shipmentId: line.shipmentId,
      orderItemId: line.orderItemId,
      sellerId: line.sellerId,
      buyerId: ctx.actor.id,
      kind: body.kind,
      qty: body.qty,
      reason: body.reason,
      comment: body.comment,
      media: media.map((m) => m.url),
      exchangeVariantId,
      exchangeReserved: exchangeVariantId !== null,
      refundAccount: (body.refundAccount as Record<string, string> | undefined) ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordEvent(tx, {
      orderId,
      subject: 'return',
      subjectId: row.id,
      fromState: null,
      toState: 'requested',
      actor: { id: ctx.actor.id, role: 'buyer' },
      note: returnReasonLabel(body.reason),
      data: { kind: body.kind, qty: body.qty, orderItemId: line.orderItemId },
      at: now,
    });
    await queueReturnMail(tx, ctx.config, RETURN_MAIL.requested, row.id);
    await queueReturnMail(tx, ctx.config, RETURN_MAIL.acknowledged, row.id);
    return row.id;
  });
  return answer(ctx, id);
}

/**
 * The request locked the way every return move locks it (docs/decisions/0112-returns-and-exchanges.md):
 * its order row first, then the request; products and variants only after. A shipment move or cancel
 * locks the shipment, then the order row (its order flags, its refund), then products; so neither waits
 * for the other while holding what the other needs.
 */
async function lockReturnAndOrder(tx: Queryable, id: string): Promise<ReturnRow | undefined> {
  const seen = await repo.findReturn(tx, id);
  if (!seen) return undefined;
  await repo.lockOrderRow(tx, seen.orderId);
  return repo.lockReturn(tx, id);
}

/**
 * The request, locked (order row first), with the role `actor` acts in on it; 404 when it may not see it
 * (another seller's request, another buyer's).
 */
async function lockFor(
  tx: Queryable,
  id: string,
  actor: Actor | null,
): Promise<{ row: ReturnRow; role: ActorRole }> {
  const row = await lockReturnAndOrder(tx, id);
  const role = row ? roleOn(actor, row) : null;
  if (!row || !role) throw notFound(RETURN_SERVICE_MSG.notFound);
  return { row, role };
}

/**
 * Moves a locked request `from` its state `to`, checked against the machine (409 illegal_transition with
 * the current state), by a conditional UPDATE, with a dated event on the order's timeline.
 */
async function move(
  tx: Queryable,
  row: ReturnRow,
  to: ReturnState,
  actor: EventActor,
  opts: { set?: Parameters<typeof repo.updateReturnState>[4]; note?: string | null; at?: Date } = {},
): Promise<ReturnRow> {
  const illegal = (state: ReturnState) =>
    illegalTransition(illegalMoveMessage('return request', state, to), state);
  if (!returnMove(row.state, to, actor.role)) throw illegal(row.state);
  const at = opts.at ?? new Date();
  const moved = await repo.updateReturnState(tx, row.id, row.state, to, opts.set, at);
  if (!moved) throw illegal((await repo.findReturn(tx, row.id))?.state ?? row.state);
  await recordEvent(tx, {
    orderId: row.orderId,
    subject: 'return',
    subjectId: row.id,
    fromState: row.state,
    toState: to,
    actor,
    note: opts.note ?? null,
    at,
  });
  return moved;
}

/** Seller or Admin only; the buyer may see the request but not decide on it (403). */
function deciderOf(ctx: { actor: Actor }, role: ActorRole): EventActor {
  if (role !== 'seller' && role !== 'admin') throw forbidden(RETURN_SERVICE_MSG.notYours);
  return { id: ctx.actor.id, role };
}

/** An exchange's reserved size back on the shelf (rejected, withdrawn). */
async function releaseReservation(tx: Queryable, row: ReturnRow): Promise<void> {
  if (row.kind !== 'exchange' || !row.exchangeReserved || !row.exchangeVariantId) return;
  await repo.putVariantStock(tx, row.exchangeVariantId, row.qty);
}

/** PUT /api/returns/:id/approve: requested → approved, a pickup the next working day. */
export async function approveReturn(
  ctx: ReturnsCtx,
  id: string,
  now: Date = new Date(),
): Promise<ReturnRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row, role } = await lockFor(tx, id, ctx.actor);
    const actor = deciderOf(ctx, role);
    const pickup = addWorkingDays(kolkataDate(now), 1);
    await move(tx, row, 'approved', actor, { set: { approvedAt: now, pickupScheduledFor: pickup }, at: now });
    await recordEvent(tx, {
      orderId: row.orderId,
      subject: 'return',
      subjectId: row.id,
      fromState: null,
      toState: 'pickup_scheduled',
      actor,
      note: pickup,
      data: { pickupScheduledFor: pickup },
      at: now,
    });
    await queueReturnMail(tx, ctx.config, RETURN_MAIL.approved, row.id);
    if (simulatedPickupOn(ctx.config)) {
      await enqueue(
        tx,
        COURIER_PICKUP_JOB,
        { returnRequestId: row.id },
        {
          dedupeKey: `${COURIER_PICKUP_JOB}:${row.id}`,
          runAt: new Date(now.getTime() + COURIER_PICKUP_DELAY_MS),
        },
      );
    }
  });
  return answer(ctx, id);
}

/** PUT /api/returns/:id/reject: requested → rejected with the reason; an exchange's size goes back. */
export async function rejectReturn(
  ctx: ReturnsCtx,
  id: string,
  body: RejectReturnBody,
): Promise<ReturnRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row, role } = await lockFor(tx, id, ctx.actor);
    const actor = deciderOf(ctx, role);
    await move(tx, row, 'rejected', actor, {
      set: { rejectReason: body.reason, exchangeReserved: false },
      note: body.reason,
    });
    await releaseReservation(tx, row);
    await queueReturnMail(tx, ctx.config, RETURN_MAIL.rejected, row.id);
  });
  return answer(ctx, id);
}

/** PUT /api/returns/:id/withdraw (the buyer; Admin too): requested → cancelled; an exchange's size goes back. */
export async function withdrawReturn(ctx: ReturnsCtx, id: string): Promise<ReturnRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row, role } = await lockFor(tx, id, ctx.actor);
    if (role === 'seller') throw forbidden(RETURN_SERVICE_MSG.buyerOnly);
    await move(tx, row, 'cancelled', { id: ctx.actor.id, role }, { set: { exchangeReserved: false } });
    await releaseReservation(tx, row);
  });
  return answer(ctx, id);
}

/** PUT /api/returns/:id/picked-up (seller, Admin): approved → picked_up. */
export async function markPickedUp(ctx: ReturnsCtx, id: string): Promise<ReturnRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row, role } = await lockFor(tx, id, ctx.actor);
    await move(tx, row, 'picked_up', deciderOf(ctx, role));
  });
  return answer(ctx, id);
}

/**
 * The simulated courier's pickup (job `returns.courier_pickup`, development only): approved → picked_up
 * by 'courier'. A request no longer approved (already picked up, received, …) is left as it is.
 */
export const courierPickupJob: JobHandler = async (payload, { db }) => {
  const id = typeof payload.returnRequestId === 'string' ? payload.returnRequestId : null;
  if (!id) return;
  await db.transaction(async (tx) => {
    const row = await lockReturnAndOrder(tx, id);
    if (!row || row.state !== 'approved') return;
    await move(tx, row, 'picked_up', { id: null, role: 'courier' });
  });
};

/**
 * PUT /api/returns/:id/receive (seller, Admin): the goods are back; approved | picked_up → received, and
 * in the same transaction what follows. Locks: the order row, the request, then products and variants
 * (restocking), the order row again for the refund (already held). A return (or an exchange whose size is no longer held): the units
 * back on the shelf, the seller's payout share taken back, the refund asked for, → refunded. An exchange
 * with its size held: the returned units back on the shelf, a new shipment of kind 'exchange' for the
 * size wanted, → exchanged.
 */
export async function receiveReturn(
  ctx: ReturnsCtx,
  id: string,
  now: Date = new Date(),
): Promise<ReturnRequest> {
  await ctx.db.transaction(async (tx) => {
    const { row, role } = await lockFor(tx, id, ctx.actor);
    const actor = deciderOf(ctx, role);
    const received = await move(tx, row, 'received', actor, { set: { receivedAt: now }, at: now });
    await taxDocumentsOnReturnReceived(tx, row.id, now);
    await queueReturnMail(tx, ctx.config, RETURN_MAIL.received, row.id);
    const units = [{ orderItemId: row.orderItemId, qty: row.qty }];
    // The units that came back go on the shelf whatever follows.
    await restockLines(tx, row.orderId, units);
    const system: EventActor = { id: null, role: 'system' };

    if (row.kind === 'exchange' && row.exchangeReserved && row.exchangeVariantId) {
      // The size wanted was set aside at request time: it ships now as a parcel of its own.
      const shipment = await repo.insertExchangeShipment(tx, {
        originalShipmentId: row.shipmentId,
        returnRequestId: row.id,
        at: now,
      });
      if (shipment) {
        await recordEvent(tx, {
          orderId: row.orderId,
          subject: 'shipment',
          subjectId: shipment.id,
          fromState: null,
          toState: 'placed',
          actor: system,
          data: { kind: 'exchange', returnRequestId: row.id },
          at: now,
        });
      }
      await move(tx, received, 'exchanged', system, { at: now });
      await queueReturnMail(tx, ctx.config, RETURN_MAIL.exchanged, row.id);
      return;
    }

    // A return, or an exchange whose size is gone: refunded as a return would be.
    await reverseSellerPayments(tx, units, now);
    await ledgerOnReturnReceived(tx, row.id, now);
    const view = await repo.returnView(tx, row.id);
    const refund = await requestRefund(tx, {
      orderId: row.orderId,
      cause: { kind: 'return', returnRequestId: row.id, shipmentId: row.shipmentId },
      lines: units,
      reason: `Returned: ${view ? nameWithVariant(view.lineName, { size: view.lineSize, colour: view.lineColour }) : 'item'} × ${row.qty} (${returnReasonLabel(row.reason)})`,
      refundAccount: accountOf(row.refundAccount),
      actor: system,
    });
    // Nothing was paid (an unpaid cash-on-delivery order): nothing to refund; the request stays received.
    if (!refund) return;
    await move(tx, received, 'refunded', system, {
      at: now,
      note: null,
    });
    await queueReturnMail(tx, ctx.config, RETURN_MAIL.refunded, row.id, {
      refund: { amountMinor: refund.amountMinor, currency: refund.currency, method: refund.method },
      startedAt: now,
    });
  });
  return answer(ctx, id);
}

/** GET /api/returns/:id: the request as the caller may see it (its buyer, its seller, Admin). */
export async function getReturn(ctx: { db: Queryable; actor: Actor }, id: string): Promise<ReturnRequest> {
  const view = await repo.returnView(ctx.db, id);
  if (!view || !roleOn(ctx.actor, view)) throw notFound(RETURN_SERVICE_MSG.notFound);
  return toWire(ctx.actor, view);
}

export const RETURNS_PAGE_SIZE = 20;

/** GET /api/seller/returns (the caller's own) and GET /api/returns (Admin, any seller): newest first. */
export async function listReturns(
  ctx: { db: Queryable; actor: Actor },
  q: ReturnListQuery,
  scope: 'own' | 'all',
): Promise<ReturnList> {
  const { rows, total } = await repo.listReturnViews(ctx.db, {
    sellerId: scope === 'own' ? ctx.actor.id : q.seller,
    state: q.state,
    page: q.pageNumber,
    pageSize: RETURNS_PAGE_SIZE,
  });
  return {
    returns: rows.map((r) => toWire(ctx.actor, r)),
    page: q.pageNumber,
    pages: Math.max(1, Math.ceil(total / RETURNS_PAGE_SIZE)),
  };
}

/**
 * The single line an exchange shipment carries (the product in the size wanted, the request's quantity),
 * or undefined when `shipmentId` is not an exchange shipment. An exchange shipment has no order lines of
 * its own: packing slips, lists and cancellations use this, never `linesOfShipment`.
 */
export async function exchangeLineOfShipment(
  db: Queryable,
  shipmentId: string,
): Promise<repo.ExchangeLine | undefined> {
  return repo.exchangeLine(db, shipmentId);
}

// ---------------------------------------------------------------------------------------------------------
// An exchange parcel that fails
// ---------------------------------------------------------------------------------------------------------

export const EXCHANGE_FAILED_MAIL_JOB = 'returns.exchange_failed_mail';

export type FailedExchange = NonNullable<Awaited<ReturnType<typeof requestRefund>>> | null;

/**
 * An exchange parcel that will never reach the buyer (docs/decisions/0112-returns-and-exchanges.md):
 * returned to origin, or cancelled by its seller or Admin. The caller has just moved `shipment` to its
 * final state on `tx` (moveShipment: the shipment, then the order row), so this runs once per parcel.
 * In the same transaction: the order row (FOR UPDATE) and the request are locked, then
 * - the refund of the request's units is asked for (cause 'return', the ORIGINAL shipment: the buyer
 *   sent those units back and gets the money instead of the size that did not come),
 * - the request moves exchanged → refunded (by a conditional UPDATE: a second call changes nothing),
 * - the size set aside for the parcel goes back on the shelf (products, then the variant), once,
 * - the seller's payout share for the original units is taken back,
 * - the buyer's mail ('return_exchange_failed') is queued as a job, once per request.
 * Returns the refund row, or null when there was nothing to do or nothing was paid.
 */
export async function failExchange(
  tx: Queryable,
  shipment: { id: string; kind: string; orderId: string; returnRequestId: string | null },
  actor: EventActor,
  how: { cause: 'returned_to_origin' | 'cancelled'; reason: string | null; at?: Date },
): Promise<FailedExchange> {
  if (shipment.kind !== 'exchange' || !shipment.returnRequestId) return null;
  const at = how.at ?? new Date();
  await repo.lockOrderRow(tx, shipment.orderId);
  const row = await repo.lockReturn(tx, shipment.returnRequestId);
  if (!row || row.state !== 'exchanged') return null;
  const system: EventActor = { id: null, role: 'system' };
  const units = [{ orderItemId: row.orderItemId, qty: row.qty }];
  const view = await repo.returnView(tx, row.id);
  const item = view
    ? nameWithVariant(view.lineName, { size: view.lineSize, colour: view.lineColour })
    : 'item';
  const what =
    how.cause === 'returned_to_origin'
      ? 'returned to the seller'
      : `cancelled${how.reason ? `: ${how.reason}` : ''}`;
  const refund = await requestRefund(tx, {
    orderId: row.orderId,
    cause: { kind: 'return', returnRequestId: row.id, shipmentId: row.shipmentId },
    lines: units,
    reason: `Exchange not delivered (${what}): ${item} × ${row.qty}`,
    refundAccount: accountOf(row.refundAccount),
    actor: system,
  });
  await move(tx, row, 'refunded', actor.role === 'admin' ? actor : system, {
    set: { exchangeReserved: false },
    note: how.cause === 'returned_to_origin' ? 'Exchange parcel returned to the seller' : how.reason,
    at,
  });
  // The size wanted was taken off the shelf when the exchange was asked for; it comes back now, once.
  if (row.exchangeVariantId) await repo.putVariantStock(tx, row.exchangeVariantId, row.qty);
  await reverseSellerPayments(tx, units, at);
  await enqueue(
    tx,
    EXCHANGE_FAILED_MAIL_JOB,
    {
      returnRequestId: row.id,
      cause: how.cause,
      reason: how.reason,
      startedAt: at.toISOString(),
      refund: refund
        ? { amountMinor: refund.amountMinor, currency: refund.currency, method: refund.method }
        : null,
    },
    { dedupeKey: `${EXCHANGE_FAILED_MAIL_JOB}:${row.id}` },
  );
  return refund;
}

/** The job that writes the buyer's 'return_exchange_failed' mail (the returns plugin registers it). */
export const exchangeFailedMailJob =
  (config: Config): JobHandler =>
  async (payload, { db }) => {
    const id = typeof payload.returnRequestId === 'string' ? payload.returnRequestId : null;
    if (!id) return;
    const refund = payload.refund as ReturnMailExtra['refund'];
    await db.transaction((tx) =>
      queueReturnMail(tx, config, RETURN_MAIL.exchangeFailed, id, {
        refund: refund ?? null,
        startedAt: typeof payload.startedAt === 'string' ? new Date(payload.startedAt) : new Date(),
        failure: {
          cause: payload.cause === 'cancelled' ? 'cancelled' : 'returned_to_origin',
          reason: typeof payload.reason === 'string' ? payload.reason : null,
        },
      }),
    );
  };
