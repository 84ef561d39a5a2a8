import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../src/server/db/schema/index.ts';
import { linesOfShipment, moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import { requestRefund } from '../../src/server/modules/refunds/refunds.repo.ts';
import { createProduct } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * My Purchases and the admin order list name each order's products and say where it stands in words
 * (src/shared/order-progress.ts, docs/decisions/0114-buyer-order-page.md).
 */

let t: TestContext;
let buyer: TestUser;
let token: string;
let adminToken: string;
let sellerA: TestUser;
let sellerB: TestUser;
const seller = { id: null, role: 'seller' } as const;
const system = { id: null, role: 'system' } as const;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.db);
  token = await sessionToken(t.db, buyer.id);
  const admin = await createUser(t.db, { roles: ['Admin'] });
  adminToken = await sessionToken(t.db, admin.id);
  sellerA = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Purchases A' } });
  sellerB = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Purchases B' } });
});
afterAll(async () => t?.close());

type Row = { _id: string; orderNumber: string; items: string[]; progress: unknown };
const mine = async (): Promise<Row[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/orders/myorders', headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const rowOf = async (id: string) => (await mine()).find((r) => r._id === id)!;
const shipmentOf = async (orderId: string, sellerId: string) =>
  (await t.db.select().from(shipments).where(eq(shipments.orderId, orderId))).find(
    (s) => s.sellerId === sellerId,
  )!;
const move = (shipmentId: string, to: 'accepted' | 'packed' | 'shipped' | 'cancelled', by = seller) =>
  t.db.transaction((tx) =>
    moveShipment(tx, {
      shipmentId,
      to,
      actor: by,
      ...(to === 'shipped' ? { set: { courier: 'Delhivery', trackingNumber: '1234567890123' } } : {}),
    }),
  );

describe('GET /api/orders/myorders rows', () => {
  it('name the products with their sizes in placing order and follow the shipments in words', async () => {
    const kurta = await createProduct(t.db, { sellerId: sellerA.id, name: 'Cotton Kurta', countInStock: 5 });
    const mug = await createProduct(t.db, { sellerId: sellerB.id, name: 'Steel Mug', countInStock: 5 });
    const order = await placeOrder(
      t.app,
      token,
      orderBody([{ product: kurta.id }, { product: mug.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    const row = await rowOf(order._id);
    expect(row.orderNumber).toBe(order.orderNumber);
    expect(row.items).toHaveLength(2);
    expect(row.items[0]).toMatch(/^Cotton Kurta/);
    expect(row.items[1]).toMatch(/^Steel Mug/);
    expect(row.progress).toEqual({ state: 'placed', label: 'Placed', note: null });

    const a = await shipmentOf(order._id, sellerA.id);
    const b = await shipmentOf(order._id, sellerB.id);
    await move(a.id, 'accepted');
    expect((await rowOf(order._id)).progress).toMatchObject({ state: 'preparing', label: 'Being prepared' });
    await move(a.id, 'packed');
    await move(a.id, 'shipped');
    expect((await rowOf(order._id)).progress).toMatchObject({
      state: 'partly_shipped',
      label: 'Partly shipped',
    });

    // Seller B cannot fulfil: paid by now (Admin marked it), so B's part is refunded.
    await markOrderPaid(t.db, order._id, { method: 'CashOnDelivery', paymentResult: {} });
    await t.db.transaction(async (tx) => {
      await moveShipment(tx, { shipmentId: b.id, to: 'cancelled', actor: seller });
      const lines = await linesOfShipment(tx, b);
      await requestRefund(tx, {
        orderId: order._id,
        cause: { kind: 'cancel', shipmentId: b.id },
        lines: lines.map((l) => ({ orderItemId: l.id, qty: l.qty })),
        reason: 'Seller cancelled',
        actor: system,
      });
    });
    expect((await rowOf(order._id)).progress).toEqual({
      state: 'refund_in_progress',
      label: 'Refund in progress',
      note: 'Partly cancelled',
    });
  });

  it('an unpaid online order awaits payment; sizes are named', async () => {
    const shirt = await createProduct(t.db, {
      sellerId: sellerA.id,
      name: 'Linen Shirt',
      sizes: ['S', 'M'],
      countInStock: 4,
    });
    const order = await placeOrder(t.app, token, orderBody([{ product: shirt.id, size: 'M' }]));
    const row = await rowOf(order._id);
    expect(row.items).toEqual(['Linen Shirt (size M)']);
    expect(row.progress).toEqual({ state: 'awaiting_payment', label: 'Awaiting payment', note: null });
  });

  it('an order whose every shipment is cancelled is cancelled, on the admin list too', async () => {
    const p = await createProduct(t.db, {
      sellerId: sellerB.id,
      name: 'Brass Lamp',
      sizes: ['N/A'],
      countInStock: 3,
    });
    const order = await placeOrder(
      t.app,
      token,
      orderBody([{ product: p.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    const s = await shipmentOf(order._id, sellerB.id);
    await move(s.id, 'cancelled');
    expect((await rowOf(order._id)).progress).toEqual({ state: 'cancelled', label: 'Cancelled', note: null });
    const res = await t.app.inject({ method: 'GET', url: '/api/orders', headers: authHeader(adminToken) });
    expect(res.statusCode).toBe(200);
    const listed = (res.json().orders as Row[]).find((r) => r._id === order._id)!;
    expect(listed.items).toEqual(['Brass Lamp']);
    expect(listed.progress).toMatchObject({ state: 'cancelled' });
  });
});
