import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import {
  deliverySettings,
  notifications,
  orderEvents,
  orderItems,
  orders,
  payments,
  productVariants,
  refunds,
  returnRequests,
  sellerPayments,
  shipments,
  users,
} from '../../src/server/db/schema/index.ts';
import { makeDue, queuedJobs } from '../../src/server/jobs/queue.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { scheduleSimulatedCourier } from '../../src/server/modules/fulfilment/courier-sandbox.ts';
import { actionsOf, courierNotice } from '../../src/server/modules/fulfilment/shipments.service.ts';
import { rtoCountOfBuyer } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder, indiaAddress } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type Who } from '../factories/users.ts';
import { allMails } from '../factories/mails.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Shipments per seller (docs/decisions/0109-shipments-per-seller.md): the queues, every move per role and
 * owner, shipping with a courier's tracking number, the packing slip, the order-level deliver, return to
 * origin, the mails of each step and the simulated courier.
 */

let t: TestContext;
let buyer: Who;
let otherBuyer: Who;
let sellerA: Who;
let sellerB: Who;
let inactiveSeller: Who;
let admin: Who;
let distributor: Who;
let productA: ProductRow;
let productB: ProductRow;
/** A placed shipment of a seller made inactive after the order was placed. */
let inactiveShipmentId: string;

const who = async (roles: Parameters<typeof createUser>[1] = {}): Promise<Who> => {
  const user = await createUser(t.db, roles);
  return { user, token: await sessionToken(t.db, user.id) };
};

beforeAll(async () => {
  t = await createTestApp();
  // These tests place many unpaid cash-on-delivery orders for one buyer: no holding limit here.
  await t.db
    .insert(deliverySettings)
    .values({ id: 1, maxOpenCodOrders: 30_000, maxOpenCodUnits: 30_000 })
    .onConflictDoUpdate({
      target: deliverySettings.id,
      set: { maxOpenCodOrders: 30_000, maxOpenCodUnits: 30_000 },
    });
  buyer = await who({ name: 'Asha Buyer', phone: '9812345678' });
  otherBuyer = await who();
  sellerA = await who({ name: 'Seller A', roles: ['Seller-Company'], shop: { shopName: 'Ship Shop A' } });
  sellerB = await who({ name: 'Seller B', roles: ['Seller-Company'], shop: { shopName: 'Ship Shop B' } });
  inactiveSeller = await who({ roles: ['Seller-Company'], shop: { shopName: 'Ship Shop Idle' } });
  admin = await who({ roles: ['Admin'] });
  distributor = await who({ roles: ['Distributor'] });
  productA = await createProduct(t.db, { sellerId: sellerA.user.id, countInStock: 500, price: '1000.00' });
  productB = await createProduct(t.db, { sellerId: sellerB.user.id, countInStock: 500, price: '500.00' });
  const idle = await createProduct(t.db, { sellerId: inactiveSeller.user.id, countInStock: 50 });
  inactiveShipmentId = (await order({ product: idle, cod: true })).a.id;
  await t.db.update(users).set({ active: false }).where(eq(users.id, inactiveSeller.user.id));
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'PUT',
  url: string,
  w?: Who,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url,
    headers: w ? authHeader(w.token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const get = (url: string, w?: Who) => call('GET', url, w);
const put = (url: string, w?: Who, body?: unknown) => call('PUT', url, w, body);

const SHIP = { courier: 'Delhivery', trackingNumber: '1234567890123' };
const admins = { id: null, role: 'admin' } as const;

const shipmentsOf = (orderId: string) => t.db.select().from(shipments).where(eq(shipments.orderId, orderId));
const shipmentRow = async (id: string) =>
  (await t.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (productId: string) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId))).reduce(
    (n, v) => n + v.countInStock,
    0,
  );
const mailsOf = (shipmentId: string, type?: string) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.documentType, 'shipment'),
        eq(notifications.documentId, shipmentId),
        type ? eq(notifications.type, type) : undefined,
      ),
    );

/** An order of one unit of seller A's product (and more lines when given); its shipments. */
async function order(
  opts: { cod?: boolean; withB?: boolean; qty?: number; by?: Who; product?: ProductRow } = {},
) {
  const lines = [{ product: (opts.product ?? productA).id, qty: opts.qty ?? 1 }];
  if (opts.withB) lines.push({ product: productB.id, qty: 1 });
  const o = await placeOrder(
    t.app,
    (opts.by ?? buyer).token,
    orderBody(lines, opts.cod ? { paymentMethod: 'CashOnDelivery' } : {}),
  );
  const rows = await shipmentsOf(o._id);
  const sellerOf = (opts.product ?? productA).userId;
  return {
    order: o,
    a: rows.find((s) => s.sellerId === sellerOf)!,
    b: rows.find((s) => s.sellerId === sellerB.user.id),
  };
}

/** Moves a shipment, as Admin, along the happy path up to `state` (or to cancelled / returned to origin). */
async function bringTo(shipmentId: string, state: ShipmentState) {
  const path: ShipmentState[] =
    state === 'cancelled'
      ? ['cancelled']
      : state === 'returned_to_origin'
        ? ['accepted', 'packed', 'shipped', 'returned_to_origin']
        : (['accepted', 'packed', 'shipped', 'delivered'] as ShipmentState[]).slice(
            0,
            ['placed', 'accepted', 'packed', 'shipped', 'delivered'].indexOf(state),
          );
  for (const to of path) {
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId,
        to,
        actor: admins,
        set: to === 'shipped' ? { courier: 'Delhivery', trackingNumber: '1234567890123' } : undefined,
      }),
    );
  }
}

/** A fresh COD order's shipment of seller A, at `state`. */
async function shipmentAt(state: ShipmentState) {
  const { a, order: o } = await order({ cod: true });
  await bringTo(a.id, state);
  return { id: a.id, orderId: o._id };
}

// ---------------------------------------------------------------------------------------------------------

describe('the shipment lists', () => {
  it("shows a seller its own shipments with the ship-to, the buyer's phone, actions and counts per state", async () => {
    const { a, b, order: o } = await order({ withB: true, cod: true });
    const res = await get('/api/seller/shipments', sellerA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.shipments.every((s: { seller: { _id: string } }) => s.seller._id === sellerA.user.id)).toBe(
      true,
    );
    const row = body.shipments.find((s: { _id: string }) => s._id === a.id);
    expect(row).toMatchObject({
      orderId: o._id,
      orderNumber: o.orderNumber,
      state: 'placed',
      buyer: { _id: buyer.user.id, name: 'Asha Buyer' },
      shipTo: { ...indiaAddress(), name: 'Asha Buyer', phone: '9812345678' },
      paymentMethod: 'CashOnDelivery',
      isPaid: false,
      late: false,
      awaitingPayment: false,
      actions: ['accept', 'cancel'],
      seller: { _id: sellerA.user.id, shopName: 'Ship Shop A' },
    });
    expect(row.lines).toHaveLength(1);
    expect(row.lines[0]).toMatchObject({ product: productA.id, qty: 1, returnedQty: 0 });
    expect(row.toCollect).toBeGreaterThan(0);
    expect(body.shipments.some((s: { _id: string }) => s._id === b!.id)).toBe(false);
    expect(body.counts.placed).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.counts)).toEqual(
      expect.arrayContaining(['placed', 'accepted', 'packed', 'shipped', 'delivered', 'cancelled', 'late']),
    );
  });

  it('filters by state, late, pincode, dates and (for the operator) seller; counts ignore only the state', async () => {
    const s1 = await shipmentAt('accepted');
    const s2 = await shipmentAt('shipped');
    const late = await shipmentAt('packed');
    await t.db.update(shipments).set({ expectedDeliveryDate: '2020-01-01' }).where(eq(shipments.id, late.id));
    await t.db.update(shipments).set({ pincode: '560001' }).where(eq(shipments.id, s1.id));

    const accepted = (await get('/api/seller/shipments?state=accepted', sellerA)).json();
    expect(accepted.shipments.map((s: { _id: string }) => s._id)).toContain(s1.id);
    expect(accepted.shipments.every((s: { state: string }) => s.state === 'accepted')).toBe(true);
    const all = (await get('/api/seller/shipments', sellerA)).json();
    expect(accepted.counts).toEqual(all.counts);
    expect(all.counts.accepted).toBe(accepted.shipments.length);

    const lateList = (await get('/api/seller/shipments?state=late', sellerA)).json();
    expect(lateList.shipments.map((s: { _id: string }) => s._id)).toEqual([late.id]);
    expect(lateList.shipments[0].late).toBe(true);
    expect(all.counts.late).toBe(1);

    const pin = (await get('/api/seller/shipments?pincode=5600', sellerA)).json();
    expect(pin.shipments.map((s: { _id: string }) => s._id)).toEqual([s1.id]);

    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const dated = (
      await get(`/api/seller/shipments?from=${today}&to=${today}&state=shipped`, sellerA)
    ).json();
    expect(dated.shipments.map((s: { _id: string }) => s._id)).toContain(s2.id);
    const before = (await get('/api/seller/shipments?to=2020-01-01', sellerA)).json();
    expect(before.shipments).toEqual([]);

    const op = (await get(`/api/shipments?seller=${sellerB.user.id}`, distributor)).json();
    expect(op.shipments.length).toBeGreaterThan(0);
    expect(op.shipments.every((s: { seller: { _id: string } }) => s.seller._id === sellerB.user.id)).toBe(
      true,
    );
    const opAll = (await get('/api/shipments?state=shipped', admin)).json();
    expect(opAll.shipments.map((s: { _id: string }) => s._id)).toContain(s2.id);
    // A distributor may deliver a shipped parcel or send it back to origin, never accept, pack or ship it.
    expect(opAll.shipments.find((s: { _id: string }) => s._id === s2.id).actions).toEqual([
      'deliver',
      'cancel',
      'return_to_origin',
    ]);
    expect(
      (await get('/api/shipments?state=shipped', distributor))
        .json()
        .shipments.find((s: { _id: string }) => s._id === s2.id).actions,
    ).toEqual(['deliver', 'return_to_origin']);
  });

  it('pages by 20, newest first', async () => {
    const seller = await who({ roles: ['Seller-Individual'], shop: { shopName: 'Ship Shop Pages' } });
    const p = await createProduct(t.db, { sellerId: seller.user.id, countInStock: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push((await order({ product: p, cod: true })).a.id);
    const first = (await get('/api/seller/shipments', seller)).json();
    expect(first).toMatchObject({ page: 1, pages: 2 });
    expect(first.shipments).toHaveLength(20);
    expect(first.shipments[0]._id).toBe(ids[20]);
    const second = (await get('/api/seller/shipments?pageNumber=2', seller)).json();
    expect(second.shipments.map((s: { _id: string }) => s._id)).toEqual([ids[0]]);
    expect(first.counts.placed).toBe(21);
  });

  it('refuses the lists to who may not see them', async () => {
    expect((await get('/api/seller/shipments')).statusCode).toBe(401);
    expect((await get('/api/seller/shipments', buyer)).statusCode).toBe(403);
    expect((await get('/api/shipments', buyer)).statusCode).toBe(403);
    expect((await get('/api/shipments', sellerA)).statusCode).toBe(403);
    expect((await get('/api/seller/shipments', inactiveSeller)).statusCode).toBe(403);
    expect((await get('/api/seller/shipments?state=nope', sellerA)).statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------------------

const ACTIONS = [
  { path: 'accept', to: 'accepted', from: 'placed' },
  { path: 'pack', to: 'packed', from: 'accepted' },
  { path: 'ship', to: 'shipped', from: 'packed' },
  { path: 'deliver', to: 'delivered', from: 'shipped' },
  { path: 'return-to-origin', to: 'returned_to_origin', from: 'shipped' },
] as const;
const STATES: ShipmentState[] = [
  'placed',
  'accepted',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'returned_to_origin',
];

describe('every move, per role and owner', () => {
  it('lets each role make exactly its legal moves; illegal ones are 409 with the current state', async () => {
    // Who may ever make each move (src/shared/fulfilment.ts): Admin all of them; the shipment's seller
    // all but deliver (the buyer's return window and COD cash start from a real delivery); Distributor
    // only deliver and return to origin.
    const callers = () =>
      [
        { name: 'own seller', w: sellerA, may: (p: string) => p !== 'deliver' },
        { name: 'admin', w: admin, may: () => true },
        {
          name: 'distributor',
          w: distributor,
          may: (p: string) => p === 'deliver' || p === 'return-to-origin',
        },
      ] as const;
    for (const action of ACTIONS) {
      for (const state of STATES) {
        for (const c of callers()) {
          const s = await shipmentAt(state);
          const res = await put(
            `/api/shipments/${s.id}/${action.path}`,
            c.w,
            action.path === 'ship' ? SHIP : undefined,
          );
          const label = `${c.name} ${action.path} from ${state}`;
          if (!c.may(action.path)) {
            expect(res.statusCode, label).toBe(403);
          } else if (state === action.from) {
            expect(res.statusCode, label).toBe(200);
            expect(res.json().state, label).toBe(action.to);
          } else {
            expect(res.statusCode, label).toBe(409);
            expect(res.json(), label).toMatchObject({ code: 'illegal_transition', state });
          }
          expect((await shipmentRow(s.id)).state, label).toBe(res.statusCode === 200 ? action.to : state);
        }
      }
    }
  }, 240_000);

  it('answers another seller and strangers 404, the buyer 403, an inactive seller 403', async () => {
    for (const action of ACTIONS) {
      const s = await shipmentAt(action.from);
      const body = action.path === 'ship' ? SHIP : undefined;
      const url = `/api/shipments/${s.id}/${action.path}`;
      expect((await put(url, sellerB, body)).statusCode, action.path).toBe(404);
      expect((await put(url, otherBuyer, body)).statusCode, action.path).toBe(404);
      expect((await put(url, buyer, body)).statusCode, action.path).toBe(403);
      expect((await put(url, undefined, body)).statusCode, action.path).toBe(401);
      expect((await shipmentRow(s.id)).state).toBe(action.from);
    }
    // The inactive seller's own shipment: refused before anything is looked at.
    expect((await put(`/api/shipments/${inactiveShipmentId}/accept`, inactiveSeller)).statusCode).toBe(403);
    expect((await get(`/api/shipments/${inactiveShipmentId}/packing-slip`, inactiveSeller)).statusCode).toBe(
      403,
    );
    expect((await shipmentRow(inactiveShipmentId)).state).toBe('placed');
    expect((await put(`/api/shipments/${crypto.randomUUID()}/accept`, admin)).statusCode).toBe(404);
    expect((await put('/api/shipments/nope/accept', admin)).statusCode).toBe(404);
  });

  it('shows a shipment with its timeline to its seller, the buyer, Admin and Distributor only', async () => {
    const s = await shipmentAt('shipped');
    for (const w of [sellerA, buyer, admin, distributor]) {
      const res = await get(`/api/shipments/${s.id}`, w);
      expect(res.statusCode).toBe(200);
      expect(res.json().events.map((e: { toState: string }) => e.toState)).toEqual([
        'placed',
        'accepted',
        'packed',
        'shipped',
      ]);
    }
    expect((await get(`/api/shipments/${s.id}`, buyer)).json().actions).toEqual([]);
    // The seller never marks its own parcel delivered (ADR 0109): the courier, Distributor or Admin does.
    expect((await get(`/api/shipments/${s.id}`, sellerA)).json().actions).toEqual(['return_to_origin']);
    const own = await put(`/api/shipments/${s.id}/deliver`, sellerA);
    expect(own.statusCode).toBe(403);
    expect((await shipmentRow(s.id)).state).toBe('shipped');
    expect((await put(`/api/shipments/${s.id}/deliver`, distributor)).statusCode).toBe(200);
    for (const w of [sellerB, otherBuyer])
      expect((await get(`/api/shipments/${s.id}`, w)).statusCode).toBe(404);
    const placed = await shipmentAt('placed');
    expect((await get(`/api/shipments/${placed.id}`, buyer)).json().actions).toEqual(['cancel']);
  });

  it('ships once when two ship calls race: one 200, one 409', async () => {
    const s = await shipmentAt('packed');
    const [r1, r2] = await Promise.all([
      put(`/api/shipments/${s.id}/ship`, sellerA, SHIP),
      put(`/api/shipments/${s.id}/ship`, admin, { courier: 'Blue Dart', trackingNumber: '12345678901' }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const loser = r1.statusCode === 409 ? r1 : r2;
    expect(loser.json()).toMatchObject({ code: 'illegal_transition', state: 'shipped' });
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.subjectId, s.id), eq(orderEvents.toState, 'shipped')));
    expect(events).toHaveLength(1);
    await t.app.jobs.runDue();
    expect(await mailsOf(s.id, 'shipment_shipped')).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('an unpaid online order', () => {
  it('waits for its payment: no accept, pack, ship or deliver (409 order_unpaid) until it is paid', async () => {
    const { a, order: o } = await order();
    const refused = await put(`/api/shipments/${a.id}/accept`, sellerA);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'order_unpaid',
      message: 'The buyer has not paid for this order yet; it can be accepted once it is paid.',
    });
    expect((await put(`/api/shipments/${a.id}/accept`, admin)).json().code).toBe('order_unpaid');
    expect((await shipmentRow(a.id)).state).toBe('placed');
    expect(
      await t.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.subjectId, a.id), eq(orderEvents.toState, 'accepted'))),
    ).toEqual([]);

    // The queue says why and offers only the cancel.
    const row = (await get('/api/seller/shipments', sellerA))
      .json()
      .shipments.find((x: { _id: string }) => x._id === a.id);
    expect(row).toMatchObject({ isPaid: false, awaitingPayment: true, actions: ['cancel'] });
    expect((await get(`/api/shipments/${a.id}`, admin)).json().actions).toEqual(['cancel']);

    await markOrderPaid(t.db, o._id, { method: 'RazorPay', paymentResult: { id: 'pay_wait' } });
    const after = (await get('/api/seller/shipments', sellerA))
      .json()
      .shipments.find((x: { _id: string }) => x._id === a.id);
    expect(after).toMatchObject({ isPaid: true, awaitingPayment: false, actions: ['accept', 'cancel'] });
    expect((await put(`/api/shipments/${a.id}/accept`, sellerA)).statusCode).toBe(200);
    expect((await put(`/api/shipments/${a.id}/pack`, sellerA)).statusCode).toBe(200);

    // Should the order read unpaid again (a payment taken back), nothing more goes out: shipping and
    // delivering are refused too, by the seller, the operator and the courier.
    await t.db.update(orders).set({ isPaid: false }).where(eq(orders.id, o._id));
    const ship = await put(`/api/shipments/${a.id}/ship`, sellerA, SHIP);
    expect(ship.statusCode).toBe(409);
    expect(ship.json().code).toBe('order_unpaid');
    await t.db.update(orders).set({ isPaid: true }).where(eq(orders.id, o._id));
    expect((await put(`/api/shipments/${a.id}/ship`, sellerA, SHIP)).statusCode).toBe(200);
    await t.db.update(orders).set({ isPaid: false }).where(eq(orders.id, o._id));
    expect((await put(`/api/shipments/${a.id}/deliver`, distributor)).json().code).toBe('order_unpaid');
    await expect(
      t.db.transaction((tx) =>
        moveShipment(tx, { shipmentId: a.id, to: 'delivered', actor: { id: null, role: 'courier' } }),
      ),
    ).rejects.toMatchObject({ code: 'order_unpaid' });
    expect((await shipmentRow(a.id)).state).toBe('shipped');
    // Cancelling it, or its return to origin, is never held up.
    expect((await put(`/api/shipments/${a.id}/return-to-origin`, distributor)).statusCode).toBe(200);
  });

  it('does not hold up cash on delivery, paid at the door', async () => {
    const { a } = await order({ cod: true });
    expect((await put(`/api/shipments/${a.id}/accept`, sellerA)).statusCode).toBe(200);
  });
});

describe('the actions offered on an exchange parcel', () => {
  const exchange = { kind: 'exchange' as const, isPaid: true, paymentMethod: 'RazorPay' as const };
  const lines = [{ qty: 1, returnedQty: 0 }];
  it('offer the buyer no cancel (that is the return request) and nobody a return of it', () => {
    const placed = { ...exchange, state: 'placed' as const, deliveredAt: null };
    expect(actionsOf(['buyer'], placed, lines)).toEqual([]);
    expect(actionsOf(['seller'], placed, lines)).toEqual(['accept', 'cancel']);
    expect(actionsOf(['admin'], placed, lines)).toEqual(['accept', 'cancel']);
    const delivered = { ...exchange, state: 'delivered' as const, deliveredAt: new Date() };
    expect(actionsOf(['buyer'], delivered, lines)).toEqual([]);
    expect(actionsOf(['buyer', 'admin'], delivered, lines)).not.toContain('request_return');
    // The same delivered parcel of kind 'order' may be asked back by its buyer.
    expect(actionsOf(['buyer'], { ...delivered, kind: 'order' }, lines)).toEqual(['request_return']);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('shipping', () => {
  it("checks the tracking number against the courier's shape and stores the tracking link", async () => {
    const s = await shipmentAt('packed');
    const url = `/api/shipments/${s.id}/ship`;
    const bad = await put(url, sellerA, { courier: 'Delhivery', trackingNumber: 'ABC123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'trackingNumber', message: expect.stringContaining('Delhivery tracking number') },
    ]);
    expect((await put(url, sellerA, { courier: '', trackingNumber: '1234567890123' })).statusCode).toBe(400);
    expect((await put(url, sellerA, { courier: 'India Post' })).statusCode).toBe(400);
    expect((await shipmentRow(s.id)).state).toBe('packed');

    const ok = await put(url, sellerA, { courier: 'india post', trackingNumber: 'ee 123456789 in' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      state: 'shipped',
      courier: 'India Post (Speed Post)',
      trackingNumber: 'EE123456789IN',
      trackingUrl: expect.stringMatching(/^https:\/\/www\.indiapost\.gov\.in\//),
    });
    expect(ok.json().shippedAt).toEqual(expect.any(String));

    const other = await shipmentAt('packed');
    const res = await put(`/api/shipments/${other.id}/ship`, admin, {
      courier: 'Gati',
      trackingNumber: 'GT-0001',
    });
    expect(res.json()).toMatchObject({ courier: 'Gati', trackingNumber: 'GT-0001', trackingUrl: null });
    const dl = await shipmentAt('packed');
    expect((await put(`/api/shipments/${dl.id}/ship`, sellerA, SHIP)).json().trackingUrl).toBe(
      'https://www.delhivery.com/track/package/1234567890123',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------

/** The text a pdfkit content stream draws (hex strings of Tj/TJ), one string per text run. */
function pdfText(pdf: Buffer): string {
  const s = pdf.toString('latin1');
  return [...s.matchAll(/\[([^\]]*)\]\s*TJ|(<[0-9a-f]+>)\s*Tj/g)]
    .map((m) =>
      ((m[1] ?? m[2] ?? '').match(/<([0-9a-f]+)>/g) ?? [])
        .map((h) => Buffer.from(h.slice(1, -1), 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

describe('the packing slip', () => {
  it('is a PDF with the order number, ship-to, return address, lines and the cash to collect', async () => {
    const { a, order: o } = await order({ cod: true, qty: 2 });
    const res = await get(`/api/shipments/${a.id}/packing-slip`, sellerA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Order ${o.orderNumber}`);
    expect(text).toContain(`Shipment ${a.id}`);
    expect(text).toContain('Asha Buyer');
    expect(text).toContain('221 FC Road');
    expect(text).toContain('Phone 9812345678');
    expect(text).toContain('Ship Shop A');
    expect(text).toContain(productA.name);
    expect(text).toMatch(/Cash on delivery: collect Rs\. [\d.]+/);
    const orderTotal = Number((await orderRow(o._id)).totalPriceInr).toFixed(2);
    expect(text).toContain(`collect Rs. ${orderTotal}`);

    for (const w of [admin, distributor]) {
      expect((await get(`/api/shipments/${a.id}/packing-slip`, w)).statusCode).toBe(200);
    }
    expect((await get(`/api/shipments/${a.id}/packing-slip`, buyer)).statusCode).toBe(403);
    expect((await get(`/api/shipments/${a.id}/packing-slip`, sellerB)).statusCode).toBe(404);
  });

  it('collects nothing for an order paid online', async () => {
    const { a, order: o } = await order();
    await markOrderPaid(t.db, o._id, { method: 'RazorPay', paymentResult: { id: 'pay_slip' } });
    const text = pdfText((await get(`/api/shipments/${a.id}/packing-slip`, sellerA)).rawPayload);
    expect(text).toContain('Paid online (RazorPay): collect nothing');
  });

  it("is labelled in the seller's language (the haat_lang cookie): Noto Sans Devanagari, same facts", async () => {
    const { a, order: o } = await order({ cod: true, qty: 2 });
    const res = await t.app.inject({
      url: `/api/shipments/${a.id}/packing-slip`,
      headers: { ...authHeader(sellerA.token), cookie: 'haat_lang=hi' },
    });
    expect(res.statusCode).toBe(200);
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
    expect(raw).not.toContain('/Helvetica');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
      mergePages: true,
    });
    const squeeze = (x: string) => x.normalize('NFC').replace(/\s+/g, '');
    // Extraction gives glyphs in visual order (a pre-base ि comes first): words without one are compared.
    for (const s of [
      o.orderNumber,
      a.id,
      'Asha Buyer',
      'फ़ोन 9812345678',
      'मात्रा',
      productA.name,
      `Rs. ${Number((await orderRow(o._id)).totalPriceInr).toFixed(2)} वसूलें`,
    ])
      expect(squeeze(text)).toContain(squeeze(s));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("SPEC's order-level deliver", () => {
  it('delivers every live shipment, whatever its step, and derives isDelivered and deliveredAt', async () => {
    const { a, b, order: o } = await order({ withB: true, cod: true });
    await bringTo(a.id, 'shipped');
    const res = await put(`/api/orders/${o._id}/deliver`, distributor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isDelivered: true });
    const rows = await shipmentsOf(o._id);
    expect(rows.map((s) => s.state)).toEqual(['delivered', 'delivered']);
    const row = await orderRow(o._id);
    expect(row.isDelivered).toBe(true);
    expect(row.deliveredAt?.toISOString()).toBe(res.json().deliveredAt);
    const ev = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.subjectId, b!.id), eq(orderEvents.toState, 'delivered')));
    expect(ev).toMatchObject([{ fromState: 'placed', actorRole: 'distributor' }]);

    const again = await put(`/api/orders/${o._id}/deliver`, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json().deliveredAt).toBe(res.json().deliveredAt);
    await t.app.jobs.runDue();
    expect(await mailsOf(a.id, 'shipment_delivered')).toHaveLength(1);
    expect(await mailsOf(b!.id, 'shipment_delivered')).toHaveLength(1);
  });

  it('leaves a cancelled shipment cancelled and delivers the rest; refuses an unpaid online order', async () => {
    const { a, b, order: o } = await order({ withB: true, cod: true });
    await bringTo(b!.id, 'cancelled');
    expect((await put(`/api/orders/${o._id}/deliver`, admin)).statusCode).toBe(200);
    expect((await shipmentRow(a.id)).state).toBe('delivered');
    expect((await shipmentRow(b!.id)).state).toBe('cancelled');
    expect((await orderRow(o._id)).isDelivered).toBe(true);

    const online = await order();
    const unpaid = await put(`/api/orders/${online.order._id}/deliver`, admin);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('order_unpaid');
    expect((await shipmentRow(online.a.id)).state).toBe('placed');

    const gone = await order({ cod: true });
    await bringTo(gone.a.id, 'cancelled');
    const cancelled = await put(`/api/orders/${gone.order._id}/deliver`, admin);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().code).toBe('order_cancelled');
  });

  it('delivers each shipment once when two order-level delivers race', async () => {
    const { a, b, order: o } = await order({ withB: true, cod: true });
    const [r1, r2] = await Promise.all([
      put(`/api/orders/${o._id}/deliver`, admin),
      put(`/api/orders/${o._id}/deliver`, distributor),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    for (const id of [a.id, b!.id]) {
      const ev = await t.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.subjectId, id), eq(orderEvents.toState, 'delivered')));
      expect(ev).toHaveLength(1);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('return to origin', () => {
  it('restocks the lines, reverses the payout, charges nothing, counts per buyer and tells buyer and seller', async () => {
    const rtoBuyer = await who();
    const before = await stockOf(productA.id);
    const { a, order: o } = await order({ cod: true, qty: 3, by: rtoBuyer });
    expect(await stockOf(productA.id)).toBe(before - 3);
    await bringTo(a.id, 'shipped');
    expect(await rtoCountOfBuyer(t.db, rtoBuyer.user.id)).toBe(0);

    const res = await put(`/api/shipments/${a.id}/return-to-origin`, distributor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'returned_to_origin', returnedAt: expect.any(String) });
    expect(await stockOf(productA.id)).toBe(before);
    const [sp] = await t.db.select().from(sellerPayments).where(eq(sellerPayments.orderId, o._id));
    expect(sp!.reversedAmount).toBe(sp!.itemTotalPrice);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, o._id))).toEqual([]);
    expect(await rtoCountOfBuyer(t.db, rtoBuyer.user.id)).toBe(1);
    const row = await orderRow(o._id);
    expect(row.isDelivered).toBe(false);
    expect(row.isPaid).toBe(false);
    // Its only parcel came back: nothing of the order is on its way any more, so the order is cancelled.
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).toBeInstanceOf(Date);

    // Retried: 409, nothing restocked twice.
    const again = await put(`/api/shipments/${a.id}/return-to-origin`, sellerA);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'illegal_transition', state: 'returned_to_origin' });
    expect(await stockOf(productA.id)).toBe(before);

    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const mails = await mailsOf(a.id, 'shipment_returned_to_origin');
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [rtoBuyer.user.email.toLowerCase(), sellerA.user.email.toLowerCase()].sort(),
    );
  });

  it('leaves an order with one parcel delivered and one returned to origin delivered, not cancelled', async () => {
    const { a, b, order: o } = await order({ cod: true, withB: true });
    await bringTo(a.id, 'returned_to_origin');
    expect(await orderRow(o._id)).toMatchObject({ status: 'placed', cancelledAt: null, isDelivered: false });
    await bringTo(b!.id, 'delivered');
    expect(await orderRow(o._id)).toMatchObject({ status: 'placed', cancelledAt: null, isDelivered: true });
  });

  it('refunds a paid online order for the shipment', async () => {
    const { a, b, order: o } = await order({ withB: true });
    await markOrderPaid(t.db, o._id, { method: 'RazorPay', paymentResult: { id: 'pay_rto' } });
    const total = (await orderRow(o._id)).totalPriceInr;
    await t.db.insert(payments).values({
      orderId: o._id,
      provider: 'RazorPay',
      providerPaymentId: 'pay_rto',
      amountMinor: Math.round(Number(total) * 100),
      currency: 'INR',
      status: 'paid',
    });
    await bringTo(a.id, 'shipped');
    expect((await put(`/api/shipments/${a.id}/return-to-origin`, sellerA)).statusCode).toBe(200);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, o._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ shipmentId: a.id, idempotencyKey: `cancel:${a.id}`, method: 'RazorPay' });
    expect((await shipmentRow(b!.id)).state).toBe('placed');

    // The order page lists the refund for the buyer and seller A, not for seller B.
    const forBuyer = (await get(`/api/orders/${o._id}/fulfilment`, buyer)).json();
    expect(forBuyer.refunds).toMatchObject([{ shipmentId: a.id, state: 'pending', method: 'RazorPay' }]);
    expect((await get(`/api/orders/${o._id}/fulfilment`, sellerA)).json().refunds).toHaveLength(1);
    expect((await get(`/api/orders/${o._id}/fulfilment`, sellerB)).json().refunds).toEqual([]);
  });

  it('puts an exchange parcel returned to origin back on the size it carried', async () => {
    const { a, order: o } = await order({ cod: true });
    await bringTo(a.id, 'delivered');
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o._id));
    const variants = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productA.id));
    const other = variants.find((v) => v.id !== line!.variantId)!;
    const [rr] = await t.db
      .insert(returnRequests)
      .values({
        orderId: o._id,
        shipmentId: a.id,
        orderItemId: line!.id,
        sellerId: sellerA.user.id,
        buyerId: buyer.user.id,
        kind: 'exchange',
        qty: 1,
        reason: 'too_small',
        exchangeVariantId: other.id,
        exchangeReserved: true,
        state: 'exchanged',
      })
      .returning();
    const [ex] = await t.db
      .insert(shipments)
      .values({ orderId: o._id, sellerId: sellerA.user.id, kind: 'exchange', returnRequestId: rr!.id })
      .returning();
    await bringTo(ex!.id, 'shipped');
    const view = (await get(`/api/shipments/${ex!.id}`, sellerA)).json();
    expect(view.lines).toMatchObject([{ _id: line!.id, size: other.size, qty: 1 }]);
    const stock = async () =>
      (await t.db.select().from(productVariants).where(eq(productVariants.id, other.id)))[0]!.countInStock;
    const before = await stock();
    expect((await put(`/api/shipments/${ex!.id}/return-to-origin`, admin)).statusCode).toBe(200);
    expect(await stock()).toBe(before + 1);
    // The order's own parcel stays delivered, and so does the order.
    expect((await orderRow(o._id)).isDelivered).toBe(true);
  });

  it("follows a courier's return-to-origin notice the same way, once", async () => {
    const before = await stockOf(productA.id);
    const s = await shipmentAt('shipped');
    expect(await stockOf(productA.id)).toBe(before - 1);
    expect(await courierNotice(t.db, { shipmentId: s.id, notice: 'returned_to_origin' })).toBe('recorded');
    expect(await courierNotice(t.db, { shipmentId: s.id, notice: 'returned_to_origin' })).toBe('ignored');
    expect(await courierNotice(t.db, { shipmentId: s.id, notice: 'delivered' })).toBe('ignored');
    expect((await shipmentRow(s.id)).state).toBe('returned_to_origin');
    expect(await stockOf(productA.id)).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('mails and the courier', () => {
  it('mails shipped (with the tracking link), out for delivery and delivered once each, linking the order', async () => {
    const s = await shipmentAt('packed');
    const o = await orderRow(s.orderId);
    expect((await put(`/api/shipments/${s.id}/ship`, sellerA, SHIP)).statusCode).toBe(200);
    // A retried ship is a 409 and queues nothing more.
    expect((await put(`/api/shipments/${s.id}/ship`, sellerA, SHIP)).statusCode).toBe(409);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const shipped = await mailsOf(s.id, 'shipment_shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.recipient).toBe(buyer.user.email.toLowerCase());

    expect(await courierNotice(t.db, { shipmentId: s.id, notice: 'out_for_delivery' })).toBe('recorded');
    expect(await courierNotice(t.db, { shipmentId: s.id, notice: 'out_for_delivery' })).toBe('ignored');
    expect(await courierNotice(t.db, { shipmentId: s.id, notice: 'delivered' })).toBe('recorded');
    expect(await courierNotice(t.db, { shipmentId: s.id, notice: 'delivered' })).toBe('ignored');
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await mailsOf(s.id, 'shipment_out_for_delivery')).toHaveLength(1);
    expect(await mailsOf(s.id, 'shipment_delivered')).toHaveLength(1);

    const view = (await get(`/api/shipments/${s.id}`, buyer)).json();
    expect(view.state).toBe('delivered');
    expect(
      view.events.map((e: { toState: string; actorRole: string }) => `${e.toState}:${e.actorRole}`),
    ).toEqual([
      'placed:system',
      'accepted:admin',
      'packed:admin',
      'shipped:seller',
      'out_for_delivery:courier',
      'delivered:courier',
    ]);
    expect(view.returnWindowEndsAt).toEqual(expect.any(String));
    expect(view.actions).toEqual(['request_return']);
    expect((await orderRow(s.orderId)).isDelivered).toBe(true);

    // What the buyer reads: the order number, the tracking link, a link to the order page.
    const mail = (await allMails(t.db, t.config.dataDir)).find(
      (p) => p.documentId === s.id && p.type === 'shipment_shipped',
    )!;
    expect(mail.subject).toContain(o.orderNumber);
    expect(mail.text).toContain('https://www.delhivery.com/track/package/1234567890123');
    expect(mail.text).toContain(`/order/${s.orderId}`);
  });

  it('the simulated courier brings a shipped parcel out for delivery after its delay, then delivers it', async () => {
    const s = await shipmentAt('shipped');
    await t.db.transaction((tx) =>
      scheduleSimulatedCourier(
        tx,
        s.id,
        { outForDeliveryMs: 0, deliveredMs: 60_000 },
        new Date(Date.now() - 1000),
      ),
    );
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    // Out for delivery now; delivery is due in a minute.
    expect((await shipmentRow(s.id)).state).toBe('shipped');
    expect(await mailsOf(s.id, 'shipment_out_for_delivery')).toHaveLength(1);
    await makeDue(
      t.db,
      (await queuedJobs(t.db, { key: `courier.sandbox_notice:delivered:${s.id}` })).map((j) => j.id),
    );
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect((await shipmentRow(s.id)).state).toBe('delivered');
    expect(await mailsOf(s.id, 'shipment_delivered')).toHaveLength(1);
    const notices = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.subjectId, s.id), eq(orderEvents.actorRole, 'courier')))
      .orderBy(orderEvents.id);
    expect(notices.map((e) => e.toState)).toEqual(['out_for_delivery', 'delivered']);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("an order's fulfilment", () => {
  it('shows the buyer every shipment with its timeline and actions; a seller only its own', async () => {
    const { a, b, order: o } = await order({ withB: true, cod: true });
    await bringTo(a.id, 'shipped');
    const res = await get(`/api/orders/${o._id}/fulfilment`, buyer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ orderId: o._id, orderNumber: o.orderNumber, returns: [], refunds: [] });
    expect(body.shipments.map((s: { _id: string }) => s._id).sort()).toEqual([a.id, b!.id].sort());
    const sa = body.shipments.find((s: { _id: string }) => s._id === a.id);
    expect(sa.events.map((e: { toState: string }) => e.toState)).toEqual([
      'placed',
      'accepted',
      'packed',
      'shipped',
    ]);
    expect(sa.actions).toEqual([]);
    expect(body.shipments.find((s: { _id: string }) => s._id === b!.id).actions).toEqual(['cancel']);
    expect(body.canCancelOrder).toBe(false); // A's parcel is on its way

    const seller = (await get(`/api/orders/${o._id}/fulfilment`, sellerB)).json();
    expect(seller.shipments.map((s: { _id: string }) => s._id)).toEqual([b!.id]);
    expect(seller.shipments[0].actions).toEqual(['accept', 'cancel']);
    expect(seller.canCancelOrder).toBe(false);

    for (const w of [admin, distributor]) {
      expect((await get(`/api/orders/${o._id}/fulfilment`, w)).json().shipments).toHaveLength(2);
    }
    const stranger = await who({ roles: ['Seller-Company'], shop: { shopName: 'Ship Shop Stranger' } });
    expect((await get(`/api/orders/${o._id}/fulfilment`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/orders/${o._id}/fulfilment`, otherBuyer)).statusCode).toBe(404);
    expect((await get(`/api/orders/${crypto.randomUUID()}/fulfilment`, admin)).statusCode).toBe(404);

    const fresh = await order({ cod: true });
    expect((await get(`/api/orders/${fresh.order._id}/fulfilment`, buyer)).json().canCancelOrder).toBe(true);
  });
});
