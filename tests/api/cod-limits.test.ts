import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import {
  deliverySettings,
  notifications,
  orderEvents,
  orders,
  productVariants,
  shipments,
} from '../../src/server/db/schema/index.ts';
import { cancelUnacceptedCodOrders } from '../../src/server/modules/fulfilment/cancel.service.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { backdateOrder, orderBody, placeOrder, postOrder } from '../factories/orders.ts';
import { authHeader, createWho, type UserOverrides, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Cash on delivery against stock hoarding (docs/decisions/0110-cancellations.md): the open unpaid COD
 * orders and units a buyer may hold, under concurrency, and the sweep that cancels unpaid COD orders no
 * seller accepted in time.
 */

let t: TestContext;
let sellerA: Who;
let sellerB: Who;
let admin: Who;

const who = (overrides: UserOverrides = {}) => createWho(t.db, overrides);

beforeAll(async () => {
  t = await createTestApp();
  sellerA = await who({ name: 'Arun', roles: ['Seller-Company'], shop: { shopName: 'COD Shop A' } });
  sellerB = await who({ name: 'Bala', roles: ['Seller-Company'], shop: { shopName: 'COD Shop B' } });
  admin = await who({ roles: ['Admin'] });
});
afterAll(async () => t?.close());

const DEFAULTS = { codUnacceptedHours: 72, maxOpenCodOrders: 3, maxOpenCodUnits: 10 };
const setCod = (s: Partial<typeof DEFAULTS>) =>
  t.db.update(deliverySettings).set(s).where(eq(deliverySettings.id, 1));
afterEach(async () => setCod(DEFAULTS));

const product = (stock = 100, seller: Who = sellerA) =>
  createProduct(t.db, { sellerId: seller.user.id, sizes: ['M', 'L'], countInStock: stock });

const cod = (lines: Parameters<typeof orderBody>[0]) => orderBody(lines, { paymentMethod: 'CashOnDelivery' });

const stockBySize = async (p: ProductRow) =>
  Object.fromEntries(
    (await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id))).map((v) => [
      v.size,
      v.countInStock,
    ]),
  );
const shipmentsOf = (orderId: string) => t.db.select().from(shipments).where(eq(shipments.orderId, orderId));
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000);
const sweep = (now: Date) => cancelUnacceptedCodOrders({ db: t.db, config: t.config }, now);

/** The seller does not mark its parcel delivered (ADR 0109): the courier does. */
const COURIER = { id: null, role: 'courier' as const };

async function advance(shipmentId: string, seller: Who, to: ShipmentState) {
  const path: ShipmentState[] = ['accepted', 'packed', 'shipped', 'delivered'];
  for (const step of path.slice(0, path.indexOf(to) + 1)) {
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId,
        to: step,
        actor: step === 'delivered' ? COURIER : { id: seller.user.id, role: 'seller' },
        ...(step === 'shipped' ? { set: { courier: 'Delhivery', trackingNumber: '1234567890123' } } : {}),
      }),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Holding limits
// ---------------------------------------------------------------------------------------------------------

describe('open unpaid cash-on-delivery orders', () => {
  it('allows three, refuses the fourth with 409 cod_limit_reached, and takes no stock for it', async () => {
    const buyer = await who();
    const p = await product(50);
    for (let i = 0; i < 3; i++) await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M' }]));
    const before = await stockBySize(p);
    const res = await postOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M' }]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'cod_limit_reached',
      message:
        'You already have 3 unpaid cash-on-delivery orders open. Pay or cancel one first, or pay online.',
    });
    expect(await stockBySize(p)).toEqual(before);
    // Paying online is not limited.
    await placeOrder(t.app, buyer.token, orderBody([{ product: p.id, size: 'M' }]));
    // Another buyer has their own three.
    const other = await who();
    await placeOrder(t.app, other.token, cod([{ product: p.id, size: 'M' }]));
  });

  it('frees a place when one is cancelled, paid, or its only shipment delivered', async () => {
    const buyer = await who();
    const p = await product(50);
    const placed: { _id: string }[] = [];
    for (let i = 0; i < 3; i++)
      placed.push(await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'L' }])));
    const refused = async () =>
      (await postOrder(t.app, buyer.token, cod([{ product: p.id, size: 'L' }]))).statusCode;
    expect(await refused()).toBe(409);

    // Cancelled by the buyer.
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed[0]!._id}/cancel`,
      headers: authHeader(buyer.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const fourth = await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'L' }]));
    expect(await refused()).toBe(409);

    // Paid (the operator collected the cash).
    const pay = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed[1]!._id}/CashOnDelivery/pay`,
      headers: authHeader(admin.token),
      payload: {},
    });
    expect(pay.statusCode, pay.body).toBe(200);
    await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'L' }]));
    expect(await refused()).toBe(409);

    // Delivered (not yet marked paid): nothing is held any more.
    const [s] = await shipmentsOf(fourth._id);
    await advance(s!.id, sellerA, 'delivered');
    expect((await postOrder(t.app, buyer.token, cod([{ product: p.id, size: 'L' }]))).statusCode).toBe(201);
  });

  it('counts units: at most ten together, and says why', async () => {
    const buyer = await who();
    const p = await product(100);
    // Two sizes, each within the per-order limit of one item (ORDER_QTY_LIMIT, 10), eleven units together.
    const big = await postOrder(
      t.app,
      buyer.token,
      cod([
        { product: p.id, size: 'M', qty: 6 },
        { product: p.id, size: 'L', qty: 5 },
      ]),
    );
    expect(big.statusCode).toBe(409);
    expect(big.json()).toMatchObject({
      code: 'cod_limit_reached',
      message: 'A cash-on-delivery order may hold at most 10 items. Order fewer, or pay online.',
    });
    await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M', qty: 8 }]));
    const more = await postOrder(t.app, buyer.token, cod([{ product: p.id, size: 'L', qty: 3 }]));
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe('cod_limit_reached');
    expect(more.json().message).toContain('at most 10 items');
    expect(more.json().message).toContain('you already have 8');
    // Exactly up to the limit is fine; two sizes of one product are counted together.
    await placeOrder(
      t.app,
      buyer.token,
      cod([
        { product: p.id, size: 'M', qty: 1 },
        { product: p.id, size: 'L', qty: 1 },
      ]),
    );
    expect((await postOrder(t.app, buyer.token, cod([{ product: p.id, size: 'L' }]))).statusCode).toBe(409);
  });

  it('units of a cancelled shipment no longer count', async () => {
    const buyer = await who();
    const a = await product(100, sellerA);
    const b = await product(100, sellerB);
    const order = await placeOrder(
      t.app,
      buyer.token,
      cod([
        { product: a.id, size: 'M', qty: 5 },
        { product: b.id, size: 'M', qty: 5 },
      ]),
    );
    expect((await postOrder(t.app, buyer.token, cod([{ product: a.id, size: 'M' }]))).statusCode).toBe(409);
    const sb = (await shipmentsOf(order._id)).find((s) => s.sellerId === sellerB.user.id)!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/shipments/${sb.id}/cancel`,
      headers: authHeader(sellerB.token),
      payload: { reason: 'out_of_stock' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await placeOrder(t.app, buyer.token, cod([{ product: a.id, size: 'M', qty: 5 }]));
  });

  it('uses the operator’s numbers from the delivery settings', async () => {
    await setCod({ maxOpenCodOrders: 1, maxOpenCodUnits: 2 });
    const buyer = await who();
    const p = await product(50);
    expect((await postOrder(t.app, buyer.token, cod([{ product: p.id, qty: 3 }]))).json().message).toBe(
      'A cash-on-delivery order may hold at most 2 items. Order fewer, or pay online.',
    );
    await placeOrder(t.app, buyer.token, cod([{ product: p.id }]));
    expect((await postOrder(t.app, buyer.token, cod([{ product: p.id }]))).json().message).toBe(
      'You already have 1 unpaid cash-on-delivery order open. Pay or cancel one first, or pay online.',
    );
  });

  it('lets only one of several orders placed at once slip under the limit', async () => {
    const buyer = await who();
    const p = await product(100);
    const q = await product(100);
    await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M' }]));
    await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M' }]));
    // Different products, so the product locks do not already serialise them.
    const answers = await Promise.all([
      postOrder(t.app, buyer.token, cod([{ product: p.id, size: 'L' }])),
      postOrder(t.app, buyer.token, cod([{ product: q.id, size: 'M' }])),
      postOrder(t.app, buyer.token, cod([{ product: q.id, size: 'L' }])),
      postOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M' }])),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().code).toBe('cod_limit_reached');
    const mine = await t.db.select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(mine).toHaveLength(3);
    const units = { ...(await stockBySize(p)) };
    const unitsQ = await stockBySize(q);
    expect(units.M! + units.L! + unitsQ.M! + unitsQ.L!).toBe(200 - 3);
  });

  it('counts units under the same lock: two orders of six at once, one wins', async () => {
    const buyer = await who();
    const p = await product(100);
    const q = await product(100);
    const answers = await Promise.all([
      postOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M', qty: 6 }])),
      postOrder(t.app, buyer.token, cod([{ product: q.id, size: 'M', qty: 6 }])),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The sweep of unaccepted orders
// ---------------------------------------------------------------------------------------------------------

const cancelMailsTo = async (shipmentIds: string[]) =>
  shipmentIds.length === 0
    ? []
    : t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'shipment_cancelled'),
            eq(notifications.documentType, 'shipment'),
            inArray(notifications.documentId, shipmentIds),
          ),
        );

describe('the sweep of unpaid cash-on-delivery orders no seller accepted', () => {
  it('cancels them after 72 hours, restocks each size, and tells the buyer and every seller', async () => {
    const buyer = await who();
    const a = await product(10, sellerA);
    const b = await product(10, sellerB);
    const order = await placeOrder(
      t.app,
      buyer.token,
      cod([
        { product: a.id, size: 'M', qty: 2 },
        { product: a.id, size: 'L', qty: 1 },
        { product: b.id, size: 'L', qty: 1 },
      ]),
    );
    const ids = (await shipmentsOf(order._id)).map((s) => s.id);

    expect((await sweep(inHours(71))).cancelled).not.toContain(order._id);
    expect((await orderRow(order._id)).status).toBe('placed');

    const now = inHours(73);
    expect((await sweep(now)).cancelled).toContain(order._id);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled' });
    for (const s of await shipmentsOf(order._id)) {
      expect(s).toMatchObject({
        state: 'cancelled',
        cancelledBy: 'system',
        cancelReason: 'Not accepted in time',
        cancelledAt: now,
      });
    }
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.toState, 'cancelled')));
    expect(events.map((e) => e.actorRole)).toEqual(['system', 'system']);
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
    expect(await stockBySize(b)).toEqual({ M: 5, L: 5 });

    const mails = await cancelMailsTo(ids);
    const to = (w: Who) => mails.filter((m) => m.recipient === w.user.email.toLowerCase()).length;
    expect([to(buyer), to(sellerA), to(sellerB)]).toEqual([2, 1, 1]);

    // Again: nothing more.
    expect((await sweep(inHours(80))).cancelled).not.toContain(order._id);
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
    expect(await cancelMailsTo(ids)).toHaveLength(4);
  });

  it('leaves an order one seller accepted, a paid one, and online ones', async () => {
    const buyer = await who();
    const a = await product(10, sellerA);
    const b = await product(10, sellerB);
    const accepted = await placeOrder(t.app, buyer.token, cod([{ product: a.id }, { product: b.id }]));
    const sa = (await shipmentsOf(accepted._id)).find((s) => s.sellerId === sellerA.user.id)!;
    await advance(sa.id, sellerA, 'accepted');
    const paid = await placeOrder(t.app, buyer.token, cod([{ product: a.id }]));
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${paid._id}/CashOnDelivery/pay`,
      headers: authHeader(admin.token),
      payload: {},
    });
    const online = await placeOrder(t.app, buyer.token, orderBody([{ product: a.id }]));

    const { cancelled } = await sweep(inHours(100));
    for (const o of [accepted, paid, online]) {
      expect(cancelled).not.toContain(o._id);
      expect((await orderRow(o._id)).status).toBe('placed');
    }
    expect((await shipmentsOf(accepted._id)).map((s) => s.state).sort()).toEqual(['accepted', 'placed']);
  });

  it('follows the operator’s hours', async () => {
    await setCod({ codUnacceptedHours: 24 });
    const buyer = await who();
    const p = await product(10);
    const order = await placeOrder(t.app, buyer.token, cod([{ product: p.id }]));
    expect((await sweep(inHours(23))).cancelled).not.toContain(order._id);
    expect((await sweep(inHours(25))).cancelled).toContain(order._id);
  });

  it('run by two processes at once cancels, restocks and mails each order once', async () => {
    const buyer = await who();
    const p = await product(30);
    const placed: { _id: string }[] = [];
    for (let i = 0; i < 3; i++)
      placed.push(await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M', qty: 2 }])));
    expect(await stockBySize(p)).toEqual({ M: 9, L: 15 });
    const now = inHours(73);
    const [one, two] = await Promise.all([sweep(now), sweep(now)]);
    const mine = [...one.cancelled, ...two.cancelled].filter((id) => placed.some((o) => o._id === id));
    expect(mine.sort()).toEqual(placed.map((o) => o._id).sort());
    expect(await stockBySize(p)).toEqual({ M: 15, L: 15 });
    const ids = (await Promise.all(placed.map((o) => shipmentsOf(o._id)))).flat().map((s) => s.id);
    // One mail to the buyer and one to the seller per shipment.
    expect(await cancelMailsTo(ids)).toHaveLength(6);
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(inArray(orderEvents.subjectId, ids), eq(orderEvents.toState, 'cancelled')));
    expect(events).toHaveLength(3);
  });

  it('racing a seller accepting: either the seller wins and nothing is cancelled, or the accept is a 409', async () => {
    for (let round = 0; round < 4; round++) {
      const buyer = await who();
      const p = await product(10);
      const order = await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M', qty: 2 }]));
      const [s] = await shipmentsOf(order._id);
      const headStart = round % 2 === 0 ? 0 : 5 * round;
      const [swept, accepted] = await Promise.all([
        sweep(inHours(73)),
        new Promise((r) => setTimeout(r, headStart)).then(() =>
          t.db
            .transaction((tx) =>
              moveShipment(tx, {
                shipmentId: s!.id,
                to: 'accepted',
                actor: { id: sellerA.user.id, role: 'seller' },
              }),
            )
            .then(
              () => true,
              (err: { code?: string }) => {
                expect(err.code).toBe('illegal_transition');
                return false;
              },
            ),
        ),
      ]);
      const row = (await shipmentsOf(order._id))[0]!;
      if (accepted) {
        expect(swept.cancelled).not.toContain(order._id);
        expect(row.state).toBe('accepted');
        expect((await stockBySize(p)).M).toBe(3);
      } else {
        expect(swept.cancelled).toContain(order._id);
        expect(row.state).toBe('cancelled');
        expect((await stockBySize(p)).M).toBe(5);
      }
    }
  });
});

describe('the sweep plugin', () => {
  it('is off under test, and outside tests sweeps when the app is ready', async () => {
    const buyer = await who();
    const p = await product(10);
    const order = await placeOrder(t.app, buyer.token, cod([{ product: p.id, size: 'M', qty: 2 }]));
    await backdateOrder(t.db, order._id, 73 * 60);
    // The test app (NODE_ENV=test) never started it.
    expect((await orderRow(order._id)).status).toBe('placed');

    const app = await buildApp({ config: { ...t.config, env: 'development' }, db: t.db, logger: false });
    try {
      await app.ready();
      const deadline = Date.now() + 10_000;
      while ((await orderRow(order._id)).status !== 'cancelled' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await app.close();
    }
    expect((await orderRow(order._id)).status).toBe('cancelled');
    expect((await stockBySize(p)).M).toBe(5);
  });
});
