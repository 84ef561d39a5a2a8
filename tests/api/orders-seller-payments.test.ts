import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { orders, sellerPayments, settlementSettings, shipments } from '../../src/server/db/schema/index.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import {
  entriesOfSellers,
  readSettlementSettings,
} from '../../src/server/modules/settlements/ledger.repo.ts';
import { reverseSale } from '../../src/server/modules/settlements/ledger.service.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The Pending Seller Payments screen, a view of the sellers' ledgers since issue 16
 * (docs/decisions/0122-statements-and-tax-withheld.md), and Admin corrections of the legacy seller
 * payment records (docs/product/api.md#resources, docs/product/roles-and-accounts.md).
 *
 * The sellers have no GSTIN and no payout account (no PAN): TDS is withheld at 5 %. Buyer in Pune,
 * sellers in Karnataka: IGST 5 %. Per line: sale + GST − commission (SPEC's markup) − 18 % GST on it −
 * TCS 0.5 % − TDS 5 %, each half-up on the line.
 *   Kavya kurta ₹1,000 × 1 at 15 %: 1,000 + 50 − 150 − 27 − 5 − 50 = 818.00.
 *   Kavya shawl ₹250.50 × 3 at 10 %: 751.50 + 37.58 − 75.15 − 13.53 − 3.76 − 37.58 = 659.06.
 *   Meera saree ₹600 × 2 at 20 %: 1,200 + 60 − 240 − 43.20 − 6 − 60 = 910.80.
 */

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
const ADMIN = { id: null, role: 'admin' } as const;

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

async function move(orderId: string, path: ShipmentState[]) {
  for (const s of await t.db.select().from(shipments).where(eq(shipments.orderId, orderId))) {
    for (const to of path) {
      await t.db.transaction((tx) =>
        moveShipment(tx, {
          shipmentId: s.id,
          to,
          actor: ADMIN,
          set: to === 'shipped' ? { courier: 'Delhivery', trackingNumber: '1234567890123' } : undefined,
        }),
      );
    }
  }
}
const deliver = (orderId: string) => move(orderId, ['accepted', 'packed', 'shipped', 'delivered']);

type Group = {
  seller: { _id: string };
  sellerName: string;
  currency: string;
  totalItemTotalPrice: number;
  payments: {
    _id: string;
    orderId: string;
    orderNumber: string;
    orderItemId: string;
    itemTotalPrice: number;
    paymentStatus: string;
  }[];
};
const groups = async () => (await pending(adminToken)).json() as Group[];

let one: { _id: string; orderNumber: string } & Record<string, unknown>;

describe('GET /api/payments/pending-seller-payments', () => {
  it('is for Admin only', async () => {
    for (const token of [buyerToken, kavyaToken, distributorToken])
      expect((await pending(token)).statusCode).toBe(403);
    expect((await pending()).statusCode).toBe(401);
    expect((await pending(adminToken)).json()).toEqual([]);
  });

  it('lists per seller and order what the ledger owes, once the sale is recorded', async () => {
    one = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: kurta.id }, { product: saree.id, qty: 2 }], { paymentMethod: 'CashOnDelivery' }),
    );
    const two = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: shawl.id, qty: 3 }], { paymentMethod: 'CashOnDelivery' }),
    );
    // Placed, not delivered: nothing on the ledger yet.
    expect(await groups()).toEqual([]);
    await deliver(one._id);
    await deliver(two._id);

    // SPEC's payout formula holds for sale − commission: (price − discount) × (1 − markup %).
    const entries = await entriesOfSellers(t.db, [kavya.id, meera.id]);
    const saleLessCommission = (orderId: string, sellerId: string) =>
      entries
        .filter((e) => e.orderId === orderId && e.sellerId === sellerId)
        .filter((e) => e.kind === 'sale' || e.kind === 'commission')
        .reduce((n, e) => n + e.amount, 0);
    expect(saleLessCommission(one._id, kavya.id)).toBe(85000); // 1000 × 0.85
    expect(saleLessCommission(two._id, kavya.id)).toBe(67635); // 250.50 × 3 × 0.9
    expect(saleLessCommission(one._id, meera.id)).toBe(96000); // 600 × 2 × 0.8

    const res = await pending(adminToken);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Group[];
    expect(list.map((g) => g.sellerName)).toEqual(['Kavya', 'Meera']);
    const [k, m] = list as [Group, Group];
    expect(k).toMatchObject({ seller: { _id: kavya.id }, currency: 'INR', totalItemTotalPrice: 1477.06 });
    expect(k.payments.map((p) => [p.orderId, p.itemTotalPrice, p.paymentStatus])).toEqual([
      [one._id, 818, 'Pending'],
      [two._id, 659.06, 'Pending'],
    ]);
    expect(m).toMatchObject({ seller: { _id: meera.id }, currency: 'INR', totalItemTotalPrice: 910.8 });
    expect(m.payments).toEqual([
      {
        _id: expect.any(String),
        orderId: one._id,
        orderNumber: one.orderNumber,
        orderItemId: (one.orderItems as { _id: string }[])[1]!._id,
        itemTotalPrice: 910.8,
        paymentStatus: 'Pending',
      },
    ]);
  });
});

describe('POST /api/payments/seller (Admin corrections of the legacy records)', () => {
  it('marks a record Paid with its date, by _id or orderItemId; the ledger view does not move', async () => {
    const [meeraRecord] = await t.db
      .select()
      .from(sellerPayments)
      .where(eq(sellerPayments.sellerId, meera.id));
    // Nothing is owed before the buyer has paid.
    const early = await correct({ _id: meeraRecord!.id, paymentStatus: 'Paid' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'order_unpaid' });
    await t.db.update(orders).set({ isPaid: true, paidAt: new Date() }).where(eq(orders.status, 'placed'));

    const before = await groups();
    const paidOn = '2031-05-06T07:08:09.000Z';
    const res = await correct({ _id: meeraRecord!.id, paymentStatus: 'Paid', paymentDate: paidOn });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: meeraRecord!.id,
      orderId: one._id,
      orderItemId: meeraRecord!.orderItemId,
      seller: { _id: meera.id },
      itemTotalPrice: 960,
      currency: 'INR',
      paymentStatus: 'Paid',
      paymentDate: paidOn,
    });
    const kavyaLine = before[0]!.payments[0]!.orderItemId;
    const byItem = await correct({ orderItemId: kavyaLine, paymentStatus: 'Paid' });
    expect(byItem.statusCode).toBe(200);
    expect(byItem.json().paymentDate).toEqual(expect.any(String));
    // Only payouts pay sellers: the pending list is the ledger's and stays as it was.
    expect(await groups()).toEqual(before);

    const undo = await correct({ _id: meeraRecord!.id, paymentStatus: 'Pending' });
    expect(undo.json()).toMatchObject({ paymentStatus: 'Pending', paymentDate: null });
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

  it('refuses to mark a line of a cancelled order Paid', async () => {
    const o = await placeOrder(t.app, buyerToken, orderBody([{ product: saree.id }]));
    const item = (o.orderItems as { _id: string }[])[0]!;
    await move(o._id, ['cancelled']);
    expect((await t.db.select().from(orders).where(eq(orders.id, o._id)))[0]!.status).toBe('cancelled');
    const res = await correct({ orderItemId: item._id, paymentStatus: 'Paid' });
    expect(res.statusCode).toBe(409);
    expect((await groups()).flatMap((g) => g.payments.map((p) => p.orderId))).not.toContain(o._id);
  });
});

describe('reversals (cancellations, returns)', () => {
  it('list only what is still owed, and leave an order taken back whole out', async () => {
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: shawl.id, qty: 4 }, { product: kurta.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    const [shawlLine] = order.orderItems as { _id: string }[];
    await deliver(order._id);
    const [s] = await t.db.select().from(shipments).where(eq(shipments.orderId, order._id));
    // One of four shawls came back.
    await t.db.transaction((tx) =>
      reverseSale(tx, {
        shipmentId: s!.id,
        cause: `return:test-${s!.id}`,
        units: [{ orderItemId: shawlLine!._id, qty: 1 }],
        at: new Date(),
        note: 'Returned by the buyer',
      }),
    );
    // Sales recorded on shipping; this parcel is cancelled after it shipped: all of it back.
    await readSettlementSettings(t.db);
    await t.db.update(settlementSettings).set({ saleOn: 'shipped' }).where(eq(settlementSettings.id, 1));
    const gone = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: saree.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    await move(gone._id, ['accepted', 'packed', 'shipped']);
    expect((await groups()).flatMap((g) => g.payments.map((p) => p.orderId))).toContain(gone._id);
    await move(gone._id, ['cancelled']);
    await t.db.update(settlementSettings).set({ saleOn: 'delivered' }).where(eq(settlementSettings.id, 1));

    const rows = (await groups()).flatMap((g) => g.payments);
    // Shawls: four (878.75) less one returned (−219.70): the entries of the three kept are as above, but
    // the GST on the sale goes back by its share (12.525 → 12.53, as the buyer's refund), so 659.05, not
    // 659.06; the kurta 818.00.
    expect(rows.filter((p) => p.orderId === order._id).map((p) => [p.orderItemId, p.itemTotalPrice])).toEqual(
      [[shawlLine!._id, 1477.05]],
    );
    expect(rows.map((p) => p.orderId)).not.toContain(gone._id);
  });
});
