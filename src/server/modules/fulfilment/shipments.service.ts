import { validateTracking } from '#shared/couriers.ts';
import { parseMoney, toWireNumber } from '#shared/money.ts';
import {
  SHIPMENT_MOVES,
  isLiveShipment,
  nextShipmentStates,
  returnWindowEndsAt,
  returnWindowOpen,
  shipmentMove,
  type ActorRole,
  type ShipmentState,
} from '#shared/fulfilment.ts';
import { canViewOrder, hasRole, isAdmin, isSeller, type Actor } from '#shared/permissions.ts';
import {
  SHIPMENT_ACTIONS,
  type OrderEvent,
  type OrderFulfilment,
  type ShipBody,
  type Shipment,
  type ShipmentAction,
  type ShipmentList,
  type ShipmentListQuery,
  type ShipmentListRow,
} from '#shared/schemas/fulfilment.ts';
import { conveniencesAllowed, type Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { refundsOfOrder, requestRefund } from '../refunds/refunds.service.ts';
import { failExchange, returnsOfOrder } from '../returns/returns.service.ts';
import { scheduleSimulatedCourier, type CourierNotice } from './courier-sandbox.ts';
import { renderPackingSlip } from './packing-slip.ts';
import { translator } from '../../lib/messages.ts';
import * as repo from './shipments.repo.ts';
import { linesOfShipment, restockLines, reverseSellerPayments } from './stock.repo.ts';

/**
 * Shipments per seller (docs/decisions/0109-shipments-per-seller.md): the seller's queue, the operator's
 * list, one shipment with its timeline, the moves accept → pack → ship → deliver or return to origin, the
 * packing slip and the order's fulfilment page. Every move goes through `moveShipment` (the state machine
 * of src/shared/fulfilment.ts); this service decides who the caller is to the shipment.
 */

export type ShipmentCtx = AuthedCtx & { config: Config };

export const SHIPMENT_MSG = {
  notFound: 'Shipment not found',
  orderNotFound: 'Order not found',
  notYours: 'You cannot do that with this shipment',
  trackingInvalid: 'Please check the courier and tracking number',
  rtoReason: 'Parcel returned to the seller (refused or undeliverable)',
} as const;

export const SHIPMENT_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------------------
// Who the caller is to a shipment
// ---------------------------------------------------------------------------------------------------------

/**
 * The roles the caller holds towards this shipment: Admin and Distributor towards every one, the seller
 * towards its own (while active), the buyer towards the shipments of its order (an inactive buyer still
 * sees its orders). None: the caller may not even see it (404).
 */
export function rolesOn(actor: Actor, s: { sellerId: string; buyerId: string }): ActorRole[] {
  const roles: ActorRole[] = [];
  if (isAdmin(actor)) roles.push('admin');
  if (hasRole(actor, 'Distributor')) roles.push('distributor');
  if (isSeller(actor) && actor.id === s.sellerId) roles.push('seller');
  if (actor.id === s.buyerId) roles.push('buyer');
  return roles;
}

const ACTION_OF: Partial<Record<ShipmentState, ShipmentAction>> = {
  accepted: 'accept',
  packed: 'pack',
  shipped: 'ship',
  delivered: 'deliver',
  cancelled: 'cancel',
  returned_to_origin: 'return_to_origin',
};

/** The moves that send a parcel on its way: none while its online order waits for payment. */
const FORWARD: ReadonlySet<ShipmentAction> = new Set(['accept', 'pack', 'ship', 'deliver']);

/**
 * What these roles may do with the shipment now, in SHIPMENT_ACTIONS order (what the UI offers), as
 * `moveShipment` would allow it: nothing forward for a parcel of an unpaid online order; on an exchange
 * parcel the buyer cancels through its return request (not here) and asks no return of it (ADR 0109).
 */
export function actionsOf(
  roles: readonly ActorRole[],
  s: Pick<repo.ShipmentView, 'state' | 'deliveredAt' | 'kind' | 'isPaid' | 'paymentMethod'>,
  lines: readonly { qty: number; returnedQty: number }[],
  now: Date = new Date(),
): ShipmentAction[] {
  const set = new Set<ShipmentAction>();
  const unpaid = s.kind === 'order' && repo.awaitsPayment(s);
  for (const role of roles) {
    if (role === 'buyer' && s.kind === 'exchange') continue;
    for (const to of nextShipmentStates(s.state, role)) {
      const action = ACTION_OF[to];
      if (action && !(unpaid && FORWARD.has(action))) set.add(action);
    }
  }
  if (
    s.kind === 'order' &&
    roles.includes('buyer') &&
    s.state === 'delivered' &&
    returnWindowOpen(s.deliveredAt, now) &&
    lines.some((l) => l.qty > l.returnedQty)
  ) {
    set.add('request_return');
  }
  return SHIPMENT_ACTIONS.filter((a) => set.has(a));
}

// ---------------------------------------------------------------------------------------------------------
// Wire mapping
// ---------------------------------------------------------------------------------------------------------

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toEvent(e: repo.OrderEventRow): OrderEvent {
  return {
    at: e.at.toISOString(),
    subject: e.subject as OrderEvent['subject'],
    subjectId: e.subjectId,
    fromState: e.fromState,
    toState: e.toState,
    actorRole: e.actorRole as OrderEvent['actorRole'],
    note: e.note,
  };
}

function toLine(l: repo.ShipmentLineRow): Shipment['lines'][number] {
  return {
    _id: l.orderItemId,
    product: l.productId,
    name: l.name,
    image: l.image,
    size: l.size,
    colour: l.colour,
    sku: l.sku,
    qty: l.qty,
    returnedQty: l.returnedQty,
  };
}

type Loaded = { lines: Map<string, repo.ShipmentLineRow[]>; events: Map<string, repo.OrderEventRow[]> };

async function loadDetails(db: Queryable, views: repo.ShipmentView[], withEvents: boolean): Promise<Loaded> {
  const lines = new Map<string, repo.ShipmentLineRow[]>();
  for (const l of await repo.linesOfShipments(db, views)) {
    const list = lines.get(l.shipmentId) ?? [];
    list.push(l);
    lines.set(l.shipmentId, list);
  }
  const events = new Map<string, repo.OrderEventRow[]>();
  if (withEvents) {
    for (const e of await repo.eventsOfShipments(
      db,
      views.map((v) => v.id),
    )) {
      const list = events.get(e.subjectId) ?? [];
      list.push(e);
      events.set(e.subjectId, list);
    }
  }
  return { lines, events };
}

function toShipmentBase(v: repo.ShipmentView, lines: repo.ShipmentLineRow[], actions: ShipmentAction[]) {
  return {
    _id: v.id,
    orderId: v.orderId,
    orderNumber: v.orderNumber,
    kind: v.kind,
    seller: { _id: v.sellerId, name: v.sellerName, shopName: v.shopName },
    state: v.state,
    courier: v.courier,
    trackingNumber: v.trackingNumber,
    trackingUrl: v.trackingUrl,
    expectedDeliveryDate: v.expectedDeliveryDate,
    pincode: v.pincode,
    cancelReason: v.cancelReason,
    cancelledBy: v.cancelledBy,
    createdAt: v.createdAt.toISOString(),
    acceptedAt: iso(v.acceptedAt),
    packedAt: iso(v.packedAt),
    shippedAt: iso(v.shippedAt),
    deliveredAt: iso(v.deliveredAt),
    cancelledAt: iso(v.cancelledAt),
    returnedAt: iso(v.returnedAt),
    returnWindowEndsAt:
      v.state === 'delivered' && v.deliveredAt ? returnWindowEndsAt(v.deliveredAt).toISOString() : null,
    lines: lines.map(toLine),
    actions,
  };
}

function toShipment(actor: Actor, v: repo.ShipmentView, d: Loaded, now: Date): Shipment {
  const lines = d.lines.get(v.id) ?? [];
  return {
    ...toShipmentBase(v, lines, actionsOf(rolesOn(actor, v), v, lines, now)),
    events: (d.events.get(v.id) ?? []).map(toEvent),
  };
}

function toListRow(actor: Actor, v: repo.ShipmentView, d: Loaded, now: Date): ShipmentListRow {
  const lines = d.lines.get(v.id) ?? [];
  return {
    ...toShipmentBase(v, lines, actionsOf(rolesOn(actor, v), v, lines, now)),
    buyer: { _id: v.buyerId, name: v.buyerName },
    shipTo: {
      name: v.buyerName,
      address: v.shippingAddress.address,
      city: v.shippingAddress.city,
      state: v.shippingAddress.state,
      postalCode: v.shippingAddress.postalCode,
      country: v.shippingAddress.country,
      phone: v.buyerPhone,
    },
    paymentMethod: v.paymentMethod,
    isPaid: v.isPaid,
    late: v.late,
    awaitingPayment: v.kind === 'order' && isLiveShipment(v.state) && repo.awaitsPayment(v),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

async function list(ctx: AuthedCtx, filter: repo.ShipmentFilter, page: number): Promise<ShipmentList> {
  const { rows, total, counts } = await repo.listShipmentViews(ctx.db, filter, page, SHIPMENT_PAGE_SIZE);
  const d = await loadDetails(ctx.db, rows, false);
  const now = new Date();
  const shipments: ShipmentListRow[] = [];
  for (const v of rows) {
    const row = toListRow(ctx.actor, v, d, now);
    // Unpaid cash on delivery: what the courier collects for this parcel.
    if (v.paymentMethod === 'CashOnDelivery' && !v.isPaid && v.kind === 'order') {
      row.toCollect = toWireNumber(parseMoney(await repo.codAmountOf(ctx.db, v)));
    } else {
      row.toCollect = null;
    }
    shipments.push(row);
  }
  return {
    shipments,
    page,
    pages: Math.max(1, Math.ceil(total / SHIPMENT_PAGE_SIZE)),
    counts,
  };
}

type ListQuery = Omit<ShipmentListQuery, 'pageNumber'> & { pageNumber: number };

/** GET /api/seller/shipments: the active seller's own shipments (the route checks the seller). */
export function listSellerShipments(ctx: AuthedCtx, q: ListQuery): Promise<ShipmentList> {
  if (!isSeller(ctx.actor)) throw forbidden();
  return list(
    ctx,
    { sellerId: ctx.actor.id, state: q.state, from: q.from, to: q.to, pincode: q.pincode },
    q.pageNumber,
  );
}

/** GET /api/shipments (Admin, Distributor; the route checks): every shipment, filtered. */
export function listShipments(ctx: AuthedCtx, q: ListQuery): Promise<ShipmentList> {
  return list(
    ctx,
    { sellerId: q.seller, state: q.state, from: q.from, to: q.to, pincode: q.pincode },
    q.pageNumber,
  );
}

/** A shipment the caller may see, with the caller's roles towards it; 404 for anybody else. */
async function visibleShipment(
  ctx: AuthedCtx,
  shipmentId: string,
): Promise<{ view: repo.ShipmentView; roles: ActorRole[] }> {
  const view = await repo.findShipmentView(ctx.db, shipmentId);
  if (!view) throw notFound(SHIPMENT_MSG.notFound);
  const roles = rolesOn(ctx.actor, view);
  if (roles.length === 0) throw notFound(SHIPMENT_MSG.notFound);
  return { view, roles };
}

/** GET /api/shipments/:id: its seller, the order's buyer, Admin and Distributor. */
export async function getShipment(ctx: AuthedCtx, shipmentId: string): Promise<Shipment> {
  const { view } = await visibleShipment(ctx, shipmentId);
  return toShipment(ctx.actor, view, await loadDetails(ctx.db, [view], true), new Date());
}

/**
 * GET /api/orders/:id/fulfilment: the order's shipments with their timelines and the caller's actions,
 * its returns and refunds. The buyer, Admin and Distributor see everything; a seller only its own
 * shipments and what belongs to them; anybody else 404.
 */
export async function orderFulfilment(ctx: AuthedCtx, orderId: string): Promise<OrderFulfilment> {
  const head = await repo.orderHeadOf(ctx.db, orderId);
  if (!head) throw notFound(SHIPMENT_MSG.orderNotFound);
  const full = canViewOrder(ctx.actor, head.buyerId);
  if (!full && !isSeller(ctx.actor)) throw notFound(SHIPMENT_MSG.orderNotFound);
  const views = await repo.shipmentViewsOfOrder(ctx.db, orderId, full ? undefined : ctx.actor.id);
  if (!full && views.length === 0) throw notFound(SHIPMENT_MSG.orderNotFound);
  const d = await loadDetails(ctx.db, views, true);
  const now = new Date();
  const shipments = views.map((v) => toShipment(ctx.actor, v, d, now));
  const own = new Set(views.map((v) => v.id));
  const returns = (await returnsOfOrder(ctx.db, orderId, ctx.actor)).filter(
    (r) => full || own.has(r.shipmentId),
  );
  const refunds = (await refundsOfOrder(ctx.db, orderId, ctx.actor)).filter(
    (r) => full || (r.shipmentId !== null && own.has(r.shipmentId)),
  );
  const live = views.filter((v) => v.kind === 'order' && isLiveShipment(v.state));
  const canCancelOrder =
    ctx.actor.id === head.buyerId &&
    live.length > 0 &&
    live.every((v) => shipmentMove(v.state, 'cancelled', 'buyer'));
  return { orderId, orderNumber: head.orderNumber, shipments, returns, refunds, canCancelOrder };
}

// ---------------------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------------------

/** Whether `role` makes a move to `to` from any state (else the caller is refused, 403, not told 409). */
const mayEverMove = (role: ActorRole, to: ShipmentState) =>
  SHIPMENT_MOVES.some((m) => m.to === to && m.by.includes(role));

type MoveExtras = {
  set?: repo.MoveInput['set'];
  note?: string | null;
  data?: Record<string, unknown> | null;
  after?: (tx: Queryable, row: repo.ShipmentRow, actor: repo.EventActor) => Promise<void>;
};

/**
 * One move by the caller: 404 when the caller may not see the shipment, 403 when none of its roles ever
 * makes this move, else `moveShipment` on a transaction (409 `illegal_transition` with the current
 * state when the machine forbids it now, including a second, racing call).
 */
async function moveAsCaller(
  ctx: ShipmentCtx,
  shipmentId: string,
  to: ShipmentState,
  extras: MoveExtras = {},
): Promise<Shipment> {
  const { view, roles } = await visibleShipment(ctx, shipmentId);
  const able = roles.filter((r) => mayEverMove(r, to));
  if (able.length === 0) throw forbidden(SHIPMENT_MSG.notYours);
  const role = able.find((r) => shipmentMove(view.state, to, r)) ?? able[0]!;
  const actor = { id: ctx.actor.id, role };
  await ctx.db.transaction(async (tx) => {
    const row = await repo.moveShipment(tx, {
      shipmentId,
      to,
      actor,
      set: extras.set,
      note: extras.note ?? null,
      data: extras.data ?? null,
    });
    await extras.after?.(tx, row, actor);
  });
  return getShipment(ctx, shipmentId);
}

/** PUT /api/shipments/:id/accept (the seller, Admin). */
export const acceptShipment = (ctx: ShipmentCtx, id: string) => moveAsCaller(ctx, id, 'accepted');

/** PUT /api/shipments/:id/pack (the seller, Admin). */
export const packShipment = (ctx: ShipmentCtx, id: string) => moveAsCaller(ctx, id, 'packed');

/**
 * PUT /api/shipments/:id/ship (the seller, Admin): with the courier and a tracking number of that
 * courier's shape (src/shared/couriers.ts; 400 naming the field otherwise) and its tracking link. In
 * development the simulated courier then brings it out for delivery and delivers it.
 */
export async function shipShipment(ctx: ShipmentCtx, id: string, body: ShipBody): Promise<Shipment> {
  const check = validateTracking(body.courier, body.trackingNumber);
  if (!check.ok) {
    throw invalid(SHIPMENT_MSG.trackingInvalid, [{ path: check.field, message: check.message }]);
  }
  return moveAsCaller(ctx, id, 'shipped', {
    set: { courier: check.courier, trackingNumber: check.trackingNumber, trackingUrl: check.trackingUrl },
    note: `${check.courier} ${check.trackingNumber}`,
    data: { courier: check.courier, trackingNumber: check.trackingNumber, trackingUrl: check.trackingUrl },
    after: async (tx, row) => {
      if (simulatedCourierOn(ctx.config)) await scheduleSimulatedCourier(tx, row.id);
    },
  });
}

/** The development courier runs only where conveniences are allowed, and never under tests (they call it). */
export const simulatedCourierOn = (config: Config) => conveniencesAllowed(config) && config.env !== 'test';

/**
 * PUT /api/shipments/:id/deliver (Admin, Distributor): a shipped parcel delivered. Not the seller: the
 * buyer's return window and the cash collected on delivery start from it (ADR 0109).
 */
export const deliverShipment = (ctx: ShipmentCtx, id: string) => moveAsCaller(ctx, id, 'delivered');

/**
 * PUT /api/shipments/:id/return-to-origin (the seller, Admin, Distributor): a shipped parcel refused or
 * undeliverable came back. Its units go back on the shelf, the seller's payout for them is taken back,
 * nothing is charged to the buyer, and a paid online order is refunded for them (one refund per shipment).
 */
export const returnToOrigin = (ctx: ShipmentCtx, id: string) =>
  moveAsCaller(ctx, id, 'returned_to_origin', { after: afterReturnToOrigin });

/** What a return to origin does besides the move; also run by a courier's return-to-origin notice. */
export async function afterReturnToOrigin(
  tx: Queryable,
  row: repo.ShipmentRow,
  actor: repo.EventActor,
): Promise<void> {
  // An exchange parcel: its size goes back once and the buyer is refunded instead (ADR 0112, failExchange).
  if (row.kind !== 'order') {
    await failExchange(tx, row, actor, { cause: 'returned_to_origin', reason: SHIPMENT_MSG.rtoReason });
    return;
  }
  const units = (await linesOfShipment(tx, row)).map((l) => ({ orderItemId: l.id, qty: l.qty }));
  await restockLines(tx, row.orderId, units);
  await reverseSellerPayments(tx, units);
  const view = await repo.findShipmentView(tx, row.id);
  if (view && view.isPaid && view.paymentMethod !== 'CashOnDelivery') {
    await requestRefund(tx, {
      orderId: row.orderId,
      cause: { kind: 'cancel', shipmentId: row.id },
      lines: units,
      reason: SHIPMENT_MSG.rtoReason,
      actor,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Courier notices
// ---------------------------------------------------------------------------------------------------------

/**
 * A courier's tracking notice for a shipped parcel: 'out_for_delivery' is recorded on the timeline (once)
 * and mailed; 'delivered' and 'returned_to_origin' move the shipment as the courier. The simulated courier
 * of development calls this, and a real courier's webhook would call it the same way. A notice for a
 * shipment that is not (or no longer) shipped, or repeated, changes nothing: answered 'ignored'.
 */
export async function courierNotice(
  db: Queryable,
  input: { shipmentId: string; notice: CourierNotice; note?: string | null; at?: Date },
): Promise<'recorded' | 'ignored'> {
  const actor: repo.EventActor = { id: null, role: 'courier' };
  return db.transaction(async (tx) => {
    const s = await repo.lockShipment(tx, input.shipmentId);
    if (!s || s.state !== 'shipped') return 'ignored';
    if (input.notice === 'out_for_delivery') {
      if (await repo.hasShipmentNotice(tx, s.id, 'out_for_delivery')) return 'ignored';
      await repo.recordEvent(tx, {
        orderId: s.orderId,
        subject: 'shipment',
        subjectId: s.id,
        fromState: s.state,
        toState: 'out_for_delivery',
        actor,
        note: input.note ?? null,
        at: input.at,
      });
      await repo.queueShipmentMail(tx, s.id, 'out_for_delivery');
      return 'recorded';
    }
    const row = await repo.moveShipment(tx, {
      shipmentId: s.id,
      to: input.notice,
      actor,
      note: input.note ?? null,
      at: input.at,
    });
    if (input.notice === 'returned_to_origin') await afterReturnToOrigin(tx, row, actor);
    return 'recorded';
  });
}

// ---------------------------------------------------------------------------------------------------------
// Packing slip
// ---------------------------------------------------------------------------------------------------------

/** GET /api/shipments/:id/packing-slip (the seller, Admin, Distributor): a PDF, labelled in `language`. */
export async function packingSlip(
  ctx: AuthedCtx,
  shipmentId: string,
  language = 'en',
): Promise<{ pdf: Buffer; filename: string }> {
  const { view, roles } = await visibleShipment(ctx, shipmentId);
  if (!roles.some((r) => r === 'seller' || r === 'admin' || r === 'distributor')) {
    throw forbidden(SHIPMENT_MSG.notYours);
  }
  const [lines, from] = await Promise.all([
    repo.linesOfShipments(ctx.db, [view]),
    repo.sellerAddressOf(ctx.db, view.sellerId),
  ]);
  const codAmount =
    view.paymentMethod === 'CashOnDelivery' && !view.isPaid ? await repo.codAmountOf(ctx.db, view) : null;
  const pdf = await renderPackingSlip(
    { shipment: view, lines, from: from ?? null, codAmount },
    translator(language),
  );
  return { pdf, filename: `packing-slip-${view.orderNumber}-${view.id.slice(0, 8)}.pdf` };
}
