import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sellerPayments } from '../../src/server/db/schema/index.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { reverseSellerPayments } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** Seller payment records: pending list grouped per seller, Admin corrections (docs/product/api.md#resources, docs/product/roles-and-accounts.md, docs/product/pricing-and-tax.md). */

let t: TestContext;
let adminToken: string;
let buyerToken: string;
let kavya: TestUser;
let meera: TestUser;
let kavyaToken: string;
let distributorToken: string;
let kurta: ProductRow;
let saree: ProductRow;
let shawl: ProductRow;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await sessionToken(t.db, (await createUser(t.db, { roles: ['Admin'] })).id);
  distributorToken = await sessionToken(t.db, (await createUser(t.db, { roles: ['Distributor'] })).id);
  buyerToken = await sessionToken(t.db, (await createUser(t.db)).id);
  kavya = await createUser(t.db, {
    name: 'Kavya',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Textiles' },
  });
  meera = await createUser(t.db, {
    name: 'Meera',
    roles: ['Seller-Individual'],
    shop: { shopName: 'Meera Looms' },
  });
  kavyaToken = await sessionToken(t.db, kavya.id);
  const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  const common = { categoryId: category.id, countInStock: 50 };
  kurta = await createProduct(t.db, { ...common, sellerId: kavya.id, price: '1000', percentageMarkup: '15' });
  shawl = await createProduct(t.db, {
    ...common,
    sellerId: kavya.id,
    price: '250.50',
    percentageMarkup: '10',
  });
  saree = await createProduct(t.db, { ...common, sellerId: meera.id, price: '600', percentageMarkup: '20' });
});
afterAll(async () => t?.close());

const pending = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/payments/pending-seller-payments',
    headers: token ? authHeader(token) : {},
  });
const correct = (payload: Record<string, unknown>, token: string = adminToken) =>
  t.app.inject({ method: 'POST', url: '/api/payments/seller', headers: authHeader(token), payload });

type Group = {
  seller: { _id: string };
  sellerName: string;
  currency: string;
  totalItemTotalPrice: number;
  payments: {
    _id: string;
    orderId: string;
    orderItemId: string;
    itemTotalPrice: number;
    paymentStatus: string;
  }[];
};

describe('GET /api/payments/pending-seller-payments', () => {
  it('is for Admin only', async () => {
    for (const token of [buyerToken, kavyaToken, distributorToken])
      expect((await pending(token)).statusCode).toBe(403);
    expect((await pending()).statusCode).toBe(401);
    expect((await pending(adminToken)).json()).toEqual([]);
  });

  it('groups Pending records of placed orders per seller, with their INR total', async () => {
    const one = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: kurta.id }, { product: saree.id, qty: 2 }]),
    );
    const two = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: shawl.id, qty: 3 }], { paymentMethod: 'CashOnDelivery' }),
    );
    const res = await pending(adminToken);
    expect(res.statusCode).toBe(200);
    const groups = res.json() as Group[];
    expect(groups.map((g) => g.sellerName)).toEqual(['Kavya', 'Meera']);
    const [k, m] = groups as [Group, Group];
    // Kavya: 1000 × 0.85 = 850; 250.50 × 3 × 0.9 = 676.35. Meera: 600 × 2 × 0.8 = 960.
    expect(k).toMatchObject({ seller: { _id: kavya.id }, currency: 'INR', totalItemTotalPrice: 1526.35 });
    expect(k.payments.map((p) => [p.orderId, p.itemTotalPrice, p.paymentStatus])).toEqual([
      [one._id, 850, 'Pending'],
      [two._id, 676.35, 'Pending'],
    ]);
    expect(m).toMatchObject({ seller: { _id: meera.id }, currency: 'INR', totalItemTotalPrice: 960 });
    expect(m.payments).toEqual([
      {
        _id: expect.any(String),
        orderId: one._id,
        orderNumber: one.orderNumber,
        orderItemId: (one.orderItems as { _id: string }[])[1]!._id,
        itemTotalPrice: 960,
        paymentStatus: 'Pending',
      },
    ]);
  });
});

describe('POST /api/payments/seller (Admin corrections)', () => {
  it('marks a record Paid with its date, by _id or orderItemId; Paid records leave the pending list', async () => {
    const before = (await pending(adminToken)).json() as Group[];
    const meeraRecord = before.find((g) => g.sellerName === 'Meera')!.payments[0]!;
    // Nothing is owed before the buyer has paid.
    const early = await correct({ _id: meeraRecord._id, paymentStatus: 'Paid' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'order_unpaid' });
    await t.db.update(orders).set({ isPaid: true, paidAt: new Date() }).where(eq(orders.status, 'placed'));

    const paidOn = '2031-05-06T07:08:09.000Z';
    const res = await correct({ _id: meeraRecord._id, paymentStatus: 'Paid', paymentDate: paidOn });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: meeraRecord._id,
      orderId: meeraRecord.orderId,
      orderItemId: meeraRecord.orderItemId,
      seller: { _id: meera.id },
      itemTotalPrice: 960,
      currency: 'INR',
      paymentStatus: 'Paid',
      paymentDate: paidOn,
    });
    const kavyaRecord = before.find((g) => g.sellerName === 'Kavya')!.payments[0]!;
    const byItem = await correct({ orderItemId: kavyaRecord.orderItemId, paymentStatus: 'Paid' });
    expect(byItem.statusCode).toBe(200);
    expect(byItem.json().paymentDate).toEqual(expect.any(String));

    const after = (await pending(adminToken)).json() as Group[];
    expect(after.map((g) => g.sellerName)).toEqual(['Kavya']);
    expect(after[0]).toMatchObject({ totalItemTotalPrice: 676.35 });

    // Back to Pending clears the date and lists it again.
    const undo = await correct({ _id: meeraRecord._id, paymentStatus: 'Pending' });
    expect(undo.json()).toMatchObject({ paymentStatus: 'Pending', paymentDate: null });
    expect(((await pending(adminToken)).json() as Group[]).map((g) => g.sellerName)).toEqual([
      'Kavya',
      'Meera',
    ]);
  });

  it('never creates a record and refuses what is not a correction', async () => {
    const count = (await t.db.select().from(sellerPayments)).length;
    const made = await correct({
      orderId: crypto.randomUUID(),
      orderItemId: crypto.randomUUID(),
      itemTotalPrice: 100,
      seller: kavya.id,
      currency: 'INR',
      paymentStatus: 'Pending',
    });
    expect(made.statusCode).toBe(400);
    expect((await correct({ orderItemId: crypto.randomUUID(), paymentStatus: 'Paid' })).statusCode).toBe(404);
    expect((await correct({ paymentStatus: 'Paid' })).statusCode).toBe(400);
    expect((await correct({ _id: crypto.randomUUID(), paymentStatus: 'Refunded' })).statusCode).toBe(400);
    expect((await t.db.select().from(sellerPayments)).length).toBe(count);
    for (const token of [kavyaToken, buyerToken, distributorToken]) {
      expect((await correct({ _id: crypto.randomUUID(), paymentStatus: 'Paid' }, token)).statusCode).toBe(
        403,
      );
    }
  });

  it('leaves cancelled orders out of the pending list and refuses to mark their lines Paid', async () => {
    const o = await placeOrder(t.app, buyerToken, orderBody([{ product: saree.id }]));
    const item = (o.orderItems as { _id: string }[])[0]!;
    const listed = ((await pending(adminToken)).json() as Group[]).flatMap((g) =>
      g.payments.map((p) => p.orderId),
    );
    expect(listed).toContain(o._id);
    await t.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, o._id));
    const after = ((await pending(adminToken)).json() as Group[]).flatMap((g) =>
      g.payments.map((p) => p.orderId),
    );
    expect(after).not.toContain(o._id);
    const res = await correct({ orderItemId: item._id, paymentStatus: 'Paid' });
    expect(res.statusCode).toBe(409);
  });
});

describe('reversals (cancellations, returns)', () => {
  it('list only what is still owed, and leave a fully reversed record out', async () => {
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: shawl.id, qty: 4 }, { product: kurta.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    const [shawlLine, kurtaLine] = order.orderItems as { _id: string }[];
    // One of four shawls came back; the kurta was cancelled whole.
    await t.db.transaction(async (tx) => {
      await reverseSellerPayments(tx, [
        { orderItemId: shawlLine!._id, qty: 1 },
        { orderItemId: kurtaLine!._id, qty: 1 },
      ]);
    });
    const groups = (await pending(adminToken)).json() as Group[];
    const mine = groups.flatMap((g) => g.payments).filter((p) => p.orderId === order._id);
    // 250.50 × 4 × 0.9 = 901.80, less a quarter (225.45) = 676.35; the kurta's 850 is gone.
    expect(mine.map((p) => [p.orderItemId, p.itemTotalPrice])).toEqual([[shawlLine!._id, 676.35]]);
  });
});
