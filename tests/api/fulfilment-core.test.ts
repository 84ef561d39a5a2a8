import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderEvents,
  orders,
  productVariants,
  refunds,
  sellerPayments,
  shipments,
} from '../../src/server/db/schema/index.ts';
import {
  linesOfShipment,
  moveShipment,
  restockLines,
  reverseSellerPayments,
} from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import { requestRefund } from '../../src/server/modules/refunds/refunds.repo.ts';
import { createProduct } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** The foundation every step after 'Place Order' stands on: shipments, moves, restock, payout reversal, refunds. */

let t: TestContext;
let buyer: TestUser;
let token: string;
let sellerA: TestUser;
let sellerB: TestUser;
const system = { id: null, role: 'system' } as const;
const seller = { id: null, role: 'seller' } as const;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.db);
  token = await sessionToken(t.db, buyer.id);
  sellerA = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Core Shop A' } });
  sellerB = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Core Shop B' } });
});
afterAll(async () => t?.close());

const shipmentsOf = (orderId: string) => t.db.select().from(shipments).where(eq(shipments.orderId, orderId));
/** The product's stock over all its variants. */
const variantStock = async (productId: string) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId))).reduce(
    (n, v) => n + v.countInStock,
    0,
  );

describe('placing an order', () => {
  it('creates one shipment per seller, each with a placed event, and numbers the order', async () => {
    const a = await createProduct(t.db, { sellerId: sellerA.id, countInStock: 5 });
    const b = await createProduct(t.db, { sellerId: sellerB.id, countInStock: 5 });
    const order = await placeOrder(
      t.app,
      token,
      orderBody([{ product: a.id, qty: 2 }, { product: b.id }, { product: a.id }]),
    );
    expect(order.orderNumber).toMatch(/^HAAT-\d{4}-\d{6}$/);
    const rows = await shipmentsOf(order._id);
    expect(rows.map((s) => s.sellerId).sort()).toEqual([sellerA.id, sellerB.id].sort());
    expect(rows.every((s) => s.state === 'placed' && s.kind === 'order')).toBe(true);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.map((e) => e.toState)).toEqual(['placed', 'placed']);
    const next = await placeOrder(t.app, token, orderBody([{ product: b.id }]));
    expect(Number(next.orderNumber.slice(-6))).toBe(Number(order.orderNumber.slice(-6)) + 1);
  });
});

describe('moveShipment', () => {
  it('follows the state machine, refuses illegal moves with the current state, and derives the order flags', async () => {
    const a = await createProduct(t.db, { sellerId: sellerA.id, countInStock: 5 });
    const b = await createProduct(t.db, { sellerId: sellerB.id, countInStock: 5 });
    const order = await placeOrder(
      t.app,
      token,
      orderBody([{ product: a.id }, { product: b.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    const [sa, sb] = (await shipmentsOf(order._id)).sort((x) => (x.sellerId === sellerA.id ? -1 : 1));
    await expect(
      t.db.transaction((tx) => moveShipment(tx, { shipmentId: sa!.id, to: 'shipped', actor: seller })),
    ).rejects.toMatchObject({ code: 'illegal_transition', state: 'placed' });
    for (const to of ['accepted', 'packed'] as const) {
      await t.db.transaction((tx) => moveShipment(tx, { shipmentId: sa!.id, to, actor: seller }));
    }
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId: sa!.id,
        to: 'shipped',
        actor: seller,
        set: { courier: 'Delhivery', trackingNumber: '1234567890123' },
      }),
    );
    await t.db.transaction((tx) => moveShipment(tx, { shipmentId: sa!.id, to: 'delivered', actor: system }));
    let row = (await t.db.select().from(orders).where(eq(orders.id, order._id)))[0]!;
    expect(row.isDelivered).toBe(false); // B's shipment is still live

    await t.db.transaction((tx) => moveShipment(tx, { shipmentId: sb!.id, to: 'cancelled', actor: seller }));
    row = (await t.db.select().from(orders).where(eq(orders.id, order._id)))[0]!;
    expect(row.isDelivered).toBe(true); // every live shipment is delivered
    expect(row.status).toBe('placed');
    await expect(
      t.db.transaction((tx) => moveShipment(tx, { shipmentId: sb!.id, to: 'accepted', actor: seller })),
    ).rejects.toMatchObject({ code: 'illegal_transition', state: 'cancelled' });
  });

  it('cancels the order once every shipment is cancelled', async () => {
    const a = await createProduct(t.db, { sellerId: sellerA.id, countInStock: 5 });
    const order = await placeOrder(t.app, token, orderBody([{ product: a.id }]));
    const [s] = await shipmentsOf(order._id);
    await t.db.transaction((tx) => moveShipment(tx, { shipmentId: s!.id, to: 'cancelled', actor: system }));
    const row = (await t.db.select().from(orders).where(eq(orders.id, order._id)))[0]!;
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).not.toBeNull();
  });
});

describe('restock, payout reversal and refund request', () => {
  it('put units back per variant, take the payout share back, and write one refund per cause', async () => {
    const a = await createProduct(t.db, { sellerId: sellerA.id, countInStock: 6, price: '999.00' });
    const order = await placeOrder(t.app, token, orderBody([{ product: a.id, qty: 3 }]));
    expect(await variantStock(a.id)).toBe(3);
    await markOrderPaid(t.db, order._id, { method: 'CashOnDelivery', paymentResult: {} });
    const [s] = await shipmentsOf(order._id);
    const [line] = await linesOfShipment(t.db, s!);

    await t.db.transaction(async (tx) => {
      await restockLines(tx, order._id, [{ orderItemId: line!.id, qty: 1 }]);
      await reverseSellerPayments(tx, [{ orderItemId: line!.id, qty: 1 }]);
    });
    expect(await variantStock(a.id)).toBe(4);
    const [sp] = await t.db.select().from(sellerPayments).where(eq(sellerPayments.orderItemId, line!.id));
    expect(Number(sp!.reversedAmount)).toBeCloseTo(Number(sp!.itemTotalPrice) / 3, 2);

    const ask = () =>
      t.db.transaction((tx) =>
        requestRefund(tx, {
          orderId: order._id,
          cause: { kind: 'cancel', shipmentId: s!.id },
          lines: [{ orderItemId: line!.id, qty: 1 }],
          reason: 'test',
          actor: system,
        }),
      );
    const [first, second] = await Promise.all([ask(), ask()]);
    expect(first?.id).toBe(second?.id);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(rows).toHaveLength(1);
    // Cash on delivery: paid back by the operator, in INR: one unit and a third of the line's GST.
    expect(rows[0]!.method).toBe('CashOnDelivery');
    const unitTax = Math.round((Number(line!.taxAmount) * 100) / 3);
    expect(rows[0]!.amountMinor).toBe(99_900 + unitTax);
  });

  it('asks nothing back for an unpaid order', async () => {
    const a = await createProduct(t.db, { sellerId: sellerA.id, countInStock: 6 });
    const order = await placeOrder(t.app, token, orderBody([{ product: a.id }]));
    const [s] = await shipmentsOf(order._id);
    const [line] = await linesOfShipment(t.db, s!);
    const r = await t.db.transaction((tx) =>
      requestRefund(tx, {
        orderId: order._id,
        cause: { kind: 'cancel', shipmentId: s!.id },
        lines: [{ orderItemId: line!.id, qty: 1 }],
        reason: 'test',
        actor: system,
      }),
    );
    expect(r).toBeNull();
  });
});
