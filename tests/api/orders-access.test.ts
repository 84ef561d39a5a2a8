import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverySettings, orders } from '../../src/server/db/schema/index.ts';
import { markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** Who may read and change orders (docs/product/roles-and-accounts.md#permissions, docs/product/roles-and-accounts.md): every order route, every role. */

let t: TestContext;
let buyer: Who;
let otherBuyer: Who;
let seller: Who;
let seller2: Who;
let outsiderSeller: Who;
let admin: Who;
let distributor: Who;
let auditor: Who;
let kurta: ProductRow;
let saree: ProductRow;
/** A two-seller RazorPay order of `buyer`. */
let order: { _id: string } & Record<string, unknown>;

async function who(overrides: Parameters<typeof createUser>[1]): Promise<Who> {
  const user = await createUser(t.db, overrides);
  return { user, token: await sessionToken(t.db, user.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  // These tests keep more unpaid cash-on-delivery orders open per buyer than the hoarding limits allow
  // (docs/decisions/0110-cancellations.md); the limits have their own tests.
  await t.db
    .update(deliverySettings)
    .set({ maxOpenCodOrders: 10_000, maxOpenCodUnits: 30_000 })
    .where(eq(deliverySettings.id, 1));
  buyer = await who({ name: 'Asha' });
  otherBuyer = await who({ name: 'Bina' });
  seller = await who({ name: 'Kavya', roles: ['Seller-Company'], shop: { shopName: 'Kavya Textiles' } });
  seller2 = await who({ name: 'Meera', roles: ['Seller-Individual'], shop: { shopName: 'Meera Handlooms' } });
  outsiderSeller = await who({
    name: 'Omar',
    roles: ['Seller-Individual'],
    shop: { shopName: 'Omar Shoes' },
  });
  admin = await who({ name: 'Admin', roles: ['Admin'] });
  distributor = await who({ name: 'Dev Distributor', roles: ['Distributor'] });
  auditor = await who({ name: 'Audrey', roles: ['Auditor'] });
  const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  kurta = await createProduct(t.db, {
    sellerId: seller.user.id,
    name: 'Silk Kurta',
    price: '800',
    countInStock: 100,
    categoryId: category.id,
  });
  saree = await createProduct(t.db, {
    sellerId: seller2.user.id,
    name: 'Cotton Saree',
    price: '600',
    categoryId: category.id,
  });
  order = await placeOrder(
    t.app,
    buyer.token,
    orderBody([
      { product: kurta.id, qty: 1 },
      { product: saree.id, qty: 2 },
    ]),
  );
});
afterAll(async () => t?.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? authHeader(token) : {} });
const put = (url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: token ? authHeader(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('GET /api/orders/:id', () => {
  it('shows the whole order to its buyer, Admin and Distributor', async () => {
    for (const reader of [buyer, admin, distributor]) {
      const res = await get(`/api/orders/${order._id}`, reader.token);
      expect(res.statusCode, reader.user.name).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        _id: order._id,
        itemsPrice: 2000,
        // GST from 22 Sep 2025 (ADR 0116): ₹2,500 or less a piece → 5 %; 800 × 5 % + 2 × 600 × 5 %.
        taxPrice: 40 + 60,
        totalPrice: 2100,
        paymentResult: null,
      });
      expect(body.orderItems).toHaveLength(2);
    }
  });

  it('shows a seller only their own lines, with totals over those lines and no payment result', async () => {
    const res = await get(`/api/orders/${order._id}`, seller2.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orderItems).toHaveLength(1);
    expect(body.orderItems[0]).toMatchObject({ product: saree.id, seller: { _id: seller2.user.id }, qty: 2 });
    expect(body).toMatchObject({
      itemsPrice: 1200,
      taxPrice: 60, // 1200 × 5 %
      totalPrice: 1260,
      discount: 0,
      totalPriceInr: 1260,
    });
    expect(body).not.toHaveProperty('paymentResult');
  });

  it("keeps the buyer's coupon codes from a seller's view of the order", async () => {
    const shopper = await who({ roles: ['Buyer'] });
    const withCode = await placeOrder(
      t.app,
      shopper.token,
      orderBody([{ product: saree.id, qty: 1 }], { couponCodes: ['KAVYA-SECRET'] }),
    );
    expect((await get(`/api/orders/${withCode._id}`, shopper.token)).json().couponCodes).toEqual([
      'KAVYA-SECRET',
    ]);
    const sellerView = (await get(`/api/orders/${withCode._id}`, seller2.token)).json();
    expect(sellerView.couponCodes).toEqual([]);
    expect(JSON.stringify(sellerView)).not.toContain('KAVYA-SECRET');
  });

  it('is 404 for anyone else, and for ids that do not exist', async () => {
    for (const reader of [otherBuyer, outsiderSeller, auditor]) {
      const res = await get(`/api/orders/${order._id}`, reader.token);
      expect(res.statusCode, reader.user.name).toBe(404);
      expect(res.json().message).toBe('Order not found');
    }
    expect((await get(`/api/orders/${crypto.randomUUID()}`, admin.token)).statusCode).toBe(404);
    expect((await get('/api/orders/not-a-uuid', admin.token)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order._id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/orders/myorders', () => {
  it("lists the signed-in buyer's own orders only, newest first", async () => {
    const second = await placeOrder(t.app, otherBuyer.token, orderBody([{ product: kurta.id }]));
    const third = await placeOrder(
      t.app,
      otherBuyer.token,
      orderBody([{ product: saree.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    const mine = await get('/api/orders/myorders', otherBuyer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((o: { _id: string }) => o._id)).toEqual([third._id, second._id]);
    expect(mine.json()[0]).toMatchObject({
      user: { _id: otherBuyer.user.id, name: 'Bina', email: otherBuyer.user.email },
      paymentMethod: 'CashOnDelivery',
      totalPrice: 630,
      orderCurrency: 'INR',
      status: 'placed',
      isPaid: false,
      isDelivered: false,
    });
    const theirs = await get('/api/orders/myorders', buyer.token);
    expect(theirs.json().map((o: { _id: string }) => o._id)).toEqual([order._id]);
    expect((await get('/api/orders/myorders', auditor.token)).json()).toEqual([]);
    expect((await get('/api/orders/myorders')).statusCode).toBe(401);
  });
});

describe('GET /api/orders', () => {
  it('is for Admin and Distributor only', async () => {
    for (const reader of [admin, distributor]) {
      const res = await get('/api/orders', reader.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page: 1, pages: 1 });
    }
    for (const reader of [buyer, seller, auditor]) {
      expect((await get('/api/orders', reader.token)).statusCode, reader.user.name).toBe(403);
    }
    expect((await get('/api/orders')).statusCode).toBe(401);
  });

  it('pages by 20 and filters paid / delivered', async () => {
    const filler = await who({ name: 'Filler' });
    const cheap = await createProduct(t.db, { sellerId: seller.user.id, price: '10', countInStock: 100 });
    const placed: string[] = [];
    for (let i = 0; i < 22; i++) {
      const o = await placeOrder(
        t.app,
        filler.token,
        orderBody([{ product: cheap.id }], { paymentMethod: 'CashOnDelivery' }),
      );
      placed.push(o._id);
    }
    const total = (await t.db.select().from(orders)).length;
    const page1 = (await get('/api/orders', admin.token)).json();
    expect(page1.orders).toHaveLength(20);
    expect(page1.pages).toBe(Math.ceil(total / 20));
    expect(page1.orders[0]._id).toBe(placed.at(-1));
    const page2 = (await get('/api/orders?pageNumber=2', admin.token)).json();
    expect(page2.page).toBe(2);
    expect(page2.orders[0]._id).toBe(placed[1]);

    await put(`/api/orders/${placed[0]}/CashOnDelivery/pay`, distributor.token);
    await put(`/api/orders/${placed[0]}/deliver`, distributor.token);
    await put(`/api/orders/${placed[1]}/deliver`, distributor.token);
    const paid = (await get('/api/orders?paid=true', admin.token)).json();
    expect(paid.orders.map((o: { _id: string }) => o._id)).toEqual([placed[0]]);
    const delivered = (await get('/api/orders?delivered=true', admin.token)).json();
    expect(delivered.orders.map((o: { _id: string }) => o._id)).toEqual([placed[1], placed[0]]);
    const deliveredUnpaid = (await get('/api/orders?delivered=true&paid=false', distributor.token)).json();
    expect(deliveredUnpaid.orders.map((o: { _id: string }) => o._id)).toEqual([placed[1]]);
    expect((await get('/api/orders?paid=yes', admin.token)).statusCode).toBe(400);
  });
});

describe('GET /api/orders/seller/:userId', () => {
  it('gives a seller their own lines only, in INR with their payout', async () => {
    const res = await get(`/api/orders/seller/${seller2.user.id}`, seller2.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toBe(1);
    expect(body.orderLines.every((l: { product: string }) => l.product === saree.id)).toBe(true);
    const line = body.orderLines.find((l: { orderId: string }) => l.orderId === order._id);
    expect(line).toMatchObject({
      orderId: order._id,
      buyer: { _id: buyer.user.id, name: 'Asha' },
      name: 'Cotton Saree',
      qty: 2,
      price: 600,
      discountedPrice: 600,
      currency: 'INR',
      tax: 5, // ₹600 a piece ≤ ₹2,500
      taxAmount: 60,
      percentageMarkup: 10,
      itemTotalPrice: 1080, // 1200 × 0.9
      paymentStatus: 'Pending',
      paymentMethod: 'RazorPay',
      status: 'placed',
      isPaid: false,
      isDelivered: false,
    });
  });

  it("lets Admin read any seller's lines, and nobody else another seller's", async () => {
    const asAdmin = await get(`/api/orders/seller/${seller.user.id}`, admin.token);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().orderLines.length).toBeGreaterThan(0);
    expect(asAdmin.json().orderLines.every((l: { product: string }) => l.product !== saree.id)).toBe(true);
    for (const reader of [seller2, outsiderSeller, buyer, distributor, auditor]) {
      expect(
        (await get(`/api/orders/seller/${seller.user.id}`, reader.token)).statusCode,
        reader.user.name,
      ).toBe(403);
    }
    // A buyer asking for "their own" seller lines is not a seller.
    expect((await get(`/api/orders/seller/${buyer.user.id}`, buyer.token)).statusCode).toBe(403);
    expect((await get(`/api/orders/seller/${seller.user.id}`)).statusCode).toBe(401);
    expect((await get('/api/orders/seller/nope', admin.token)).statusCode).toBe(404);
    const none = await get(`/api/orders/seller/${outsiderSeller.user.id}`, outsiderSeller.token);
    expect(none.json()).toEqual({ orderLines: [], page: 1, pages: 1 });
  });
});

describe('PUT /api/orders/:id/deliver', () => {
  it('is for Admin and Distributor; a paid order is delivered once, and again answers the same', async () => {
    const o = await placeOrder(t.app, buyer.token, orderBody([{ product: kurta.id }]));
    for (const actor of [buyer, seller, auditor]) {
      expect((await put(`/api/orders/${o._id}/deliver`, actor.token)).statusCode, actor.user.name).toBe(403);
    }
    expect((await put(`/api/orders/${o._id}/deliver`)).statusCode).toBe(401);
    // RazorPay, not paid yet: waiting for its payment.
    const unpaid = await put(`/api/orders/${o._id}/deliver`, distributor.token);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('order_unpaid');

    expect(await markOrderPaid(t.db, o._id, { method: 'RazorPay', paymentResult: { id: 'pay_1' } })).toBe(
      true,
    );
    const first = await put(`/api/orders/${o._id}/deliver`, distributor.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ isDelivered: true, isPaid: true });
    expect(first.json().deliveredAt).toEqual(expect.any(String));
    const again = await put(`/api/orders/${o._id}/deliver`, admin.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().deliveredAt).toBe(first.json().deliveredAt);
    expect((await put(`/api/orders/${crypto.randomUUID()}/deliver`, admin.token)).statusCode).toBe(404);
  });

  it('delivers an unpaid cash-on-delivery order (paid at the door) and refuses a cancelled one', async () => {
    const cod = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    const res = await put(`/api/orders/${cod._id}/deliver`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isDelivered: true, isPaid: false });

    const gone = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    await t.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, gone._id));
    const cancelled = await put(`/api/orders/${gone._id}/deliver`, admin.token);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      message: 'A cancelled order cannot be delivered',
      code: 'order_cancelled',
    });
  });
});

describe('PUT /api/orders/:id/CashOnDelivery/pay', () => {
  it('lets Admin or Distributor mark an unpaid cash-on-delivery order paid, once', async () => {
    const cod = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    for (const actor of [buyer, seller, auditor]) {
      expect(
        (await put(`/api/orders/${cod._id}/CashOnDelivery/pay`, actor.token)).statusCode,
        actor.user.name,
      ).toBe(403);
    }
    expect((await put(`/api/orders/${cod._id}/CashOnDelivery/pay`)).statusCode).toBe(401);
    const res = await put(`/api/orders/${cod._id}/CashOnDelivery/pay`, distributor.token, {
      note: 'Collected by courier',
      status: 'COMPLETED', // a client's claim: dropped
    });
    expect(res.statusCode).toBe(200);
    const paid = res.json();
    expect(paid).toMatchObject({
      isPaid: true,
      paymentMethod: 'CashOnDelivery',
      paymentResult: {
        method: 'CashOnDelivery',
        markedBy: { _id: distributor.user.id, name: 'Dev Distributor' },
        note: 'Collected by courier',
      },
    });
    expect(paid.paidAt).toEqual(expect.any(String));
    expect(paid.paymentResult).not.toHaveProperty('status');
    const again = await put(`/api/orders/${cod._id}/CashOnDelivery/pay`, admin.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().paidAt).toBe(paid.paidAt);
    // The buyer sees it paid.
    expect((await get(`/api/orders/${cod._id}`, buyer.token)).json()).toMatchObject({ isPaid: true });
  });

  it('refuses other payment methods (400), cancelled orders (409) and unknown ids (404)', async () => {
    const online = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: kurta.id }], { paymentMethod: 'PayPal' }),
    );
    const res = await put(`/api/orders/${online._id}/CashOnDelivery/pay`, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only cash on delivery orders can be marked paid here');

    const cod = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    await t.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, cod._id));
    const cancelled = await put(`/api/orders/${cod._id}/CashOnDelivery/pay`, admin.token);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('A cancelled order cannot be paid');
    expect((await put(`/api/orders/${crypto.randomUUID()}/CashOnDelivery/pay`, admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe('markOrderPaid', () => {
  it('pays an order exactly once under concurrent callers, and never a cancelled one', async () => {
    const o = await placeOrder(t.app, buyer.token, orderBody([{ product: kurta.id }]));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.db.transaction((tx) =>
          markOrderPaid(tx, o._id, { method: 'RazorPay', paymentResult: { attempt: i } }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o._id));
    expect(row).toMatchObject({ isPaid: true, paymentMethod: 'RazorPay' });
    expect(row?.paidAt).toBeInstanceOf(Date);

    const paidAt = new Date('2030-01-02T03:04:05Z');
    const other = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: kurta.id }], { paymentMethod: 'RazorPay' }),
    );
    expect(
      await markOrderPaid(t.db, other._id, { method: 'PayPal', paymentResult: { id: 'CAPTURE-1' }, paidAt }),
    ).toBe(true);
    const [paypal] = await t.db.select().from(orders).where(eq(orders.id, other._id));
    expect(paypal).toMatchObject({ paymentMethod: 'PayPal', paidAt, paymentResult: { id: 'CAPTURE-1' } });

    const gone = await placeOrder(t.app, buyer.token, orderBody([{ product: kurta.id }]));
    await t.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, gone._id));
    expect(await markOrderPaid(t.db, gone._id, { method: 'RazorPay', paymentResult: {} })).toBe(false);
  });
});
