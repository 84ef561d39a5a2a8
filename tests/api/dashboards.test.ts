import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardDays, indianDate } from '#shared/dashboard.ts';
import { parseMoney, sumMoney, toWireNumber } from '#shared/money.ts';
import type { SellerDashboard } from '#shared/schemas/dashboard.ts';
import { orderItems, returnRequests, shipments } from '../../src/server/db/schema/index.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import { createProduct } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The seller dashboard and the seller approval queue (docs/decisions/0115-seller-and-operator-views.md):
 * the counts are the seller's own, days are India's, and each route lets in only its roles.
 */

let t: TestContext;
let seller: TestUser;
let other: TestUser;
let buyer: TestUser;
let sellerToken: string;
let buyerToken: string;
let board: SellerDashboard;
/** Order ids whose shipment of `seller` counts as sold in the window. */
const soldOrders: string[] = [];
const DAY = 24 * 60 * 60 * 1000;

const shipmentOf = async (orderId: string, sellerId: string) =>
  (await t.db.select().from(shipments).where(eq(shipments.orderId, orderId))).find(
    (s) => s.sellerId === sellerId,
  )!;
const move = (id: string, to: 'accepted' | 'packed' | 'cancelled', at?: Date) =>
  t.db.transaction((tx) =>
    moveShipment(tx, { shipmentId: id, to, actor: { id: seller.id, role: 'seller' }, at }),
  );
const getBoard = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/seller/dashboard', headers: authHeader(token) });

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Board Shop' } });
  other = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Other Shop' } });
  buyer = await createUser(t.db);
  sellerToken = await sessionToken(t.db, seller.id);
  buyerToken = await sessionToken(t.db, buyer.id);

  const kurta = await createProduct(t.db, { sellerId: seller.id, countInStock: 40, price: 499 });
  const theirs = await createProduct(t.db, { sellerId: other.id, countInStock: 40 });
  // Low stock: 2 of M and none of L count; an inactive product's and another seller's do not.
  await createProduct(t.db, {
    sellerId: seller.id,
    variants: [
      { size: 'M', colour: null, sku: 'LOW-M', countInStock: 2, price: null },
      { size: 'L', colour: null, sku: 'LOW-L', countInStock: 0, price: null },
      { size: 'XL', colour: null, sku: 'LOW-XL', countInStock: 5, price: null },
    ],
  });
  await createProduct(t.db, { sellerId: seller.id, status: false, sizes: ['M'], countInStock: 1 });
  await createProduct(t.db, { sellerId: other.id, sizes: ['M'], countInStock: 1 });

  // Paid online: an unpaid one would wait for its payment before its seller may move it (ADR 0109).
  const order = async (lines: { product: string; qty?: number }[]) => {
    const o = await placeOrder(t.app, buyerToken, orderBody(lines));
    await markOrderPaid(t.db, o._id, { method: 'RazorPay', paymentResult: { id: `pay_${o._id}` } });
    return o;
  };

  // To accept, and late: its promised date has passed.
  const o1 = await order([{ product: kurta.id, qty: 2 }]);
  await t.db
    .update(shipments)
    .set({ expectedDeliveryDate: '2020-01-01' })
    .where(eq(shipments.id, (await shipmentOf(o1._id, seller.id)).id));
  // To pack.
  const o2 = await order([{ product: kurta.id }]);
  await move((await shipmentOf(o2._id, seller.id)).id, 'accepted');
  // To ship; the other seller's line of the same order is not this seller's sale.
  const o3 = await order([
    { product: kurta.id, qty: 3 },
    { product: theirs.id, qty: 5 },
  ]);
  const s3 = (await shipmentOf(o3._id, seller.id)).id;
  await move(s3, 'accepted');
  await move(s3, 'packed');
  soldOrders.push(o1._id, o2._id, o3._id);
  // Cancelled today: a cancellation, not a sale.
  const o4 = await order([{ product: kurta.id }]);
  await move((await shipmentOf(o4._id, seller.id)).id, 'cancelled');
  // Placed 40 days ago: outside the window.
  const o5 = await order([{ product: kurta.id, qty: 4 }]);
  await t.db
    .update(shipments)
    .set({ createdAt: new Date(Date.now() - 40 * DAY) })
    .where(eq(shipments.orderId, o5._id));
  // Placed 3 days ago (India's day): a bar on that day.
  const o6 = await order([{ product: kurta.id }]);
  await t.db
    .update(shipments)
    .set({ createdAt: new Date(Date.now() - 3 * DAY) })
    .where(eq(shipments.orderId, o6._id));
  soldOrders.push(o6._id);
  // Another seller's shipments never count.
  const o7 = await order([{ product: theirs.id }]);

  // Returns: one waiting for this seller, one already approved, one of the other seller.
  const [item1] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o1._id));
  const [item7] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o7._id));
  const ret = (
    item: typeof item1,
    sellerId: string,
    state: 'requested' | 'approved',
    shipmentId: string,
  ) => ({
    orderId: item!.orderId,
    shipmentId,
    orderItemId: item!.id,
    sellerId,
    buyerId: buyer.id,
    kind: 'return' as const,
    qty: 1,
    reason: 'too_small',
    state,
  });
  const sh1 = (await shipmentOf(o1._id, seller.id)).id;
  await t.db
    .insert(returnRequests)
    .values([
      ret(item1, seller.id, 'requested', sh1),
      ret(item1, seller.id, 'approved', sh1),
      ret(item7, other.id, 'requested', (await shipmentOf(o7._id, other.id)).id),
    ]);

  const res = await getBoard(sellerToken);
  expect(res.statusCode, res.body).toBe(200);
  board = res.json();
});
afterAll(async () => t?.close());

describe('GET /api/seller/dashboard', () => {
  it("counts the seller's own shipments to accept, pack and ship, and the late ones", () => {
    expect(board).toMatchObject({ toAccept: 3, toPack: 1, toShip: 1, late: 1 });
    // Placed today (India's day): o1–o4, the cancelled one too; not o5 (40 days), o6 (3 days) or others'.
    expect(board.placedToday).toBe(4);
  });

  it('counts return requests waiting for the seller, and low-stock variants of active products', () => {
    expect(board.returnsToHandle).toBe(1);
    expect(board.lowStock).toBe(2);
    expect(board.lowStockVariants.map((v) => [v.sku, v.countInStock])).toEqual([
      ['LOW-L', 0],
      ['LOW-M', 2],
    ]);
  });

  it("sums the last 30 days' sales (GST included) and units of what was sold, and the cancellations", async () => {
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(sql`${inArray(orderItems.orderId, soldOrders)} and ${orderItems.sellerId} = ${seller.id}`);
    const expected = sumMoney(
      lines.map((l) => parseMoney(l.discountedPrice) * l.qty + parseMoney(l.taxAmount)),
    );
    expect(lines.reduce((n, l) => n + l.qty, 0)).toBe(2 + 1 + 3 + 1);
    expect(board.last30).toMatchObject({
      sales: toWireNumber(expected),
      units: 7,
      orders: 4,
      cancellations: 1,
    });
    expect(board.last30.sales).toBeGreaterThan(0);
  });

  it('gives 30 Indian days ending today, each with its own sales, units and cancellations', () => {
    const now = new Date();
    expect(board.today).toBe(indianDate(now));
    expect(board.days.map((d) => d.date)).toEqual(dashboardDays(now));
    const today = board.days.at(-1)!;
    expect(today).toMatchObject({ units: 6, cancellations: 1 });
    const threeDaysAgo = board.days.find((d) => d.date === indianDate(new Date(now.getTime() - 3 * DAY)))!;
    expect(threeDaysAgo).toMatchObject({ units: 1, cancellations: 0 });
    expect(threeDaysAgo.sales).toBeGreaterThan(0);
    expect(board.days.reduce((n, d) => n + d.units, 0)).toBe(board.last30.units);
    expect(board.days.filter((d) => d.units > 0)).toHaveLength(2);
  });

  it('does not ask the seller to accept an online order the buyer has not paid yet', async () => {
    const before = (await getBoard(sellerToken)).json();
    const tee = await createProduct(t.db, { sellerId: seller.id, countInStock: 5, price: 299 });
    await placeOrder(t.app, buyerToken, orderBody([{ product: tee.id }]));
    const after = (await getBoard(sellerToken)).json();
    expect(after.placedToday).toBe(before.placedToday + 1);
    expect(after.toAccept).toBe(before.toAccept);
  });

  it('another seller sees only their own numbers', async () => {
    const res = await getBoard(await sessionToken(t.db, other.id));
    expect(res.json()).toMatchObject({ toAccept: 2, returnsToHandle: 1, lowStock: 1, last30: { units: 6 } });
  });

  it('is for active sellers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/dashboard' })).statusCode).toBe(401);
    expect((await getBoard(buyerToken)).statusCode).toBe(403);
    const admin = await createUser(t.db, { roles: ['Admin'] });
    expect((await getBoard(await sessionToken(t.db, admin.id))).statusCode).toBe(403);
    const pending = await createUser(t.db, { roles: ['Seller-Individual'], active: false });
    const res = await getBoard(await sessionToken(t.db, pending.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_inactive');
  });
});

describe('GET /api/admin/sellers/pending', () => {
  const list = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/sellers/pending', headers: authHeader(token) });

  it('lists seller accounts under review, oldest first, and no one else', async () => {
    const first = await createUser(t.db, {
      roles: ['Seller-Individual'],
      active: false,
      createdAt: new Date(Date.now() - 2 * DAY),
      verificationDocs: ['kyc/a.pdf', 'kyc/b.jpg'],
    });
    const second = await createUser(t.db, { roles: ['Seller-Company'], active: false });
    await createUser(t.db, { active: false }); // an inactive buyer
    const admin = await sessionToken(t.db, (await createUser(t.db, { roles: ['Admin'] })).id);
    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const ids = body.users.map((u: { _id: string }) => u._id);
    expect(ids).toContain(first.id);
    expect(ids).toContain(second.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(seller.id);
    expect(body.users.every((u: { active: boolean }) => !u.active)).toBe(true);
    expect(body.users.every((u: { role: string[] }) => u.role.some((r) => r.startsWith('Seller')))).toBe(
      true,
    );
    expect(body.users.find((u: { _id: string }) => u._id === first.id).verificationDocs).toHaveLength(2);
    expect(body.total).toBe(ids.length);
  });

  it('is for Admin and Auditor', async () => {
    const auditor = await sessionToken(t.db, (await createUser(t.db, { roles: ['Auditor'] })).id);
    expect((await list(auditor)).statusCode).toBe(200);
    expect((await list(sellerToken)).statusCode).toBe(403);
    expect((await list(buyerToken)).statusCode).toBe(403);
  });
});
