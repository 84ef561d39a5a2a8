import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { orders, products } from '../../src/server/db/schema/index.ts';
import { expireUnpaidOrders, markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { backdateOrder, orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** Unpaid RazorPay/PayPal orders are cancelled after 30 minutes and their stock put back (docs/product/pricing-and-tax.md). */

let t: TestContext;
let buyer: TestUser;
let token: string;
let adminToken: string;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.db);
  token = await sessionToken(t.db, buyer.id);
  adminToken = await sessionToken(t.db, (await createUser(t.db, { roles: ['Admin'] })).id);
  seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Expiry Shop' } });
});
afterAll(async () => t?.close());

const stockOf = async (p: ProductRow) =>
  (await t.db.select({ n: products.countInStock }).from(products).where(eq(products.id, p.id)))[0]?.n;
const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

describe('expireUnpaidOrders', () => {
  it('cancels unpaid RazorPay and PayPal orders older than 30 minutes and puts their stock back', async () => {
    const a = await createProduct(t.db, { sellerId: seller.id, countInStock: 10 });
    const b = await createProduct(t.db, { sellerId: seller.id, countInStock: 10 });
    const razor = await placeOrder(
      t.app,
      token,
      orderBody([
        { product: a.id, qty: 2 },
        { product: b.id, qty: 1 },
        { product: a.id, qty: 1 },
      ]),
    );
    const paypal = await placeOrder(
      t.app,
      token,
      orderBody([{ product: b.id, qty: 4 }], { paymentMethod: 'PayPal' }),
    );
    const cod = await placeOrder(
      t.app,
      token,
      orderBody([{ product: a.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    const paid = await placeOrder(t.app, token, orderBody([{ product: a.id }]));
    expect(await markOrderPaid(t.db, paid._id, { method: 'RazorPay', paymentResult: {} })).toBe(true);
    expect([await stockOf(a), await stockOf(b)]).toEqual([5, 5]);

    // 29 minutes on: nothing is old enough.
    expect((await expireUnpaidOrders(t.db, minutesFromNow(29))).cancelled).toEqual([]);

    const now = minutesFromNow(31);
    const { cancelled } = await expireUnpaidOrders(t.db, now);
    expect(cancelled.sort()).toEqual([razor._id, paypal._id].sort());
    expect([await stockOf(a), await stockOf(b)]).toEqual([8, 10]);
    expect(await rowOf(razor._id)).toMatchObject({ status: 'cancelled', cancelledAt: now, isPaid: false });
    expect(await rowOf(cod._id)).toMatchObject({ status: 'placed', cancelledAt: null });
    expect(await rowOf(paid._id)).toMatchObject({ status: 'placed' });

    // Cash on delivery never expires.
    expect((await expireUnpaidOrders(t.db, minutesFromNow(60 * 24 * 30))).cancelled).toEqual([]);

    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${razor._id}`,
      headers: authHeader(token),
    });
    expect(seen.json()).toMatchObject({ status: 'cancelled', cancelledAt: now.toISOString(), isPaid: false });
  });

  it('uses createdAt: an order backdated past 30 minutes expires at the real now', async () => {
    const p = await createProduct(t.db, { sellerId: seller.id, sizes: ['N/A'], countInStock: 3 });
    const o = await placeOrder(t.app, token, orderBody([{ product: p.id, qty: 3 }]));
    await backdateOrder(t.db, o._id, 31);
    expect((await expireUnpaidOrders(t.db)).cancelled).toEqual([o._id]);
    expect(await stockOf(p)).toBe(3);
  });

  it('restocks once when two runs (two server processes) race, and again is a no-op', async () => {
    const p = await createProduct(t.db, { sellerId: seller.id, countInStock: 20 });
    const placed = [];
    for (let i = 0; i < 4; i++)
      placed.push(await placeOrder(t.app, token, orderBody([{ product: p.id, qty: 2 }])));
    expect(await stockOf(p)).toBe(12);
    const now = minutesFromNow(45);
    const [one, two] = await Promise.all([expireUnpaidOrders(t.db, now), expireUnpaidOrders(t.db, now)]);
    const all = [...one.cancelled, ...two.cancelled].sort();
    expect(all).toEqual(placed.map((o) => o._id).sort());
    expect(new Set(all).size).toBe(4);
    expect(await stockOf(p)).toBe(20);
    expect((await expireUnpaidOrders(t.db, now)).cancelled).toEqual([]);
    expect(await stockOf(p)).toBe(20);
  });

  it('works through more orders than one batch', async () => {
    const p = await createProduct(t.db, { sellerId: seller.id, countInStock: 5 });
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await placeOrder(t.app, token, orderBody([{ product: p.id }])));
    const { cancelled } = await expireUnpaidOrders(t.db, minutesFromNow(31), 2);
    expect(cancelled.sort()).toEqual(placed.map((o) => o._id).sort());
    expect(await stockOf(p)).toBe(5);
  });

  it('a cancelled order can be neither paid nor delivered', async () => {
    const p = await createProduct(t.db, { sellerId: seller.id });
    const o = await placeOrder(t.app, token, orderBody([{ product: p.id }]));
    await expireUnpaidOrders(t.db, minutesFromNow(31));
    expect(await markOrderPaid(t.db, o._id, { method: 'RazorPay', paymentResult: { late: true } })).toBe(
      false,
    );
    expect(await rowOf(o._id)).toMatchObject({ isPaid: false, status: 'cancelled' });
    const deliver = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${o._id}/deliver`,
      headers: authHeader(adminToken),
    });
    expect(deliver.statusCode).toBe(409);
  });

  it('never cancels an order that was paid while the run was deciding', async () => {
    const p = await createProduct(t.db, { sellerId: seller.id, countInStock: 5 });
    const o = await placeOrder(t.app, token, orderBody([{ product: p.id }]));
    // Payment and expiry race for the same row: whichever commits first wins, and the other changes nothing.
    const [paidNow, expired] = await Promise.all([
      markOrderPaid(t.db, o._id, { method: 'RazorPay', paymentResult: {} }),
      expireUnpaidOrders(t.db, minutesFromNow(31)),
    ]);
    const row = await rowOf(o._id);
    if (paidNow) {
      expect(row).toMatchObject({ isPaid: true, status: 'placed' });
      expect(expired.cancelled).not.toContain(o._id);
      expect(await stockOf(p)).toBe(4);
    } else {
      expect(row).toMatchObject({ isPaid: false, status: 'cancelled' });
      expect(await stockOf(p)).toBe(5);
    }
  });
});

describe('the expiry plugin', () => {
  it('is off under test, and outside tests runs the job when the app is ready', async () => {
    const p = await createProduct(t.db, { sellerId: seller.id, sizes: ['N/A'], countInStock: 2 });
    const o = await placeOrder(t.app, token, orderBody([{ product: p.id, qty: 2 }]));
    await backdateOrder(t.db, o._id, 40);
    // The test app (NODE_ENV=test) never started it.
    expect(await rowOf(o._id)).toMatchObject({ status: 'placed' });

    const app = await buildApp({ config: { ...t.config, env: 'development' }, db: t.db, logger: false });
    try {
      await app.ready();
      const deadline = Date.now() + 10_000;
      while ((await rowOf(o._id))?.status !== 'cancelled' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await app.close();
    }
    expect(await rowOf(o._id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(p)).toBe(2);
  });
});
