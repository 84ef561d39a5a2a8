import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications,
  orderEvents,
  orderItems,
  orders,
  productVariants,
  refunds,
  sellerPayments,
  shipments,
  users,
} from '../../src/server/db/schema/index.ts';
import { queuedJobs } from '../../src/server/jobs/queue.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { expireUnpaidOrders } from '../../src/server/modules/orders/orders.service.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';
import { paymentSignature } from '../../src/server/modules/payments/razorpay-signature.ts';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createWho, type UserOverrides, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Cancelling shipments and orders (docs/decisions/0110-cancellations.md): who may cancel what and when,
 * stock back per variant, payouts taken back, refunds for paid orders, all-or-nothing whole orders, the
 * race with shipping, the mails, and the 30-minute expiry going through the shipments.
 */

let t: TestContext;
let buyer: Who;
let otherBuyer: Who;
let sellerA: Who;
let sellerB: Who;
let admin: Who;
let distributor: Who;

const who = (overrides: UserOverrides = {}) => createWho(t.db, overrides);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await who({ name: 'Asha' });
  otherBuyer = await who({ name: 'Bina' });
  sellerA = await who({ name: 'Arun', roles: ['Seller-Company'], shop: { shopName: 'Cancel Shop A' } });
  sellerB = await who({ name: 'Bala', roles: ['Seller-Company'], shop: { shopName: 'Cancel Shop B' } });
  admin = await who({ roles: ['Admin'] });
  distributor = await who({ roles: ['Distributor'] });
});
afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

const put = (url: string, by: Who | null, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: by ? authHeader(by.token) : {},
    ...(payload ? { payload } : {}),
  });

const cancelShipment = (id: string, by: Who | null, payload?: Record<string, unknown>) =>
  put(`/api/shipments/${id}/cancel`, by, payload);
const cancelOrder = (id: string, by: Who | null, payload?: Record<string, unknown>) =>
  put(`/api/orders/${id}/cancel`, by, payload);

/** The order's shipment of `seller`. */
async function shipmentOf(orderId: string, seller: Who) {
  const [row] = await t.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.sellerId, seller.user.id)));
  if (!row) throw new Error('no shipment');
  return row;
}
const shipmentRow = async (id: string) =>
  (await t.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** Stock of each variant of a product, by size. */
async function stockBySize(p: ProductRow): Promise<Record<string, number>> {
  const rows = await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
  return Object.fromEntries(rows.map((v) => [v.size, v.countInStock]));
}

const sellerActor = (s: Who) => ({ id: s.user.id, role: 'seller' as const });

/** The seller does not mark its parcel delivered (ADR 0109): the courier does. */
const COURIER = { id: null, role: 'courier' as const };

/** Moves a shipment forward as its seller (delivered by the courier), up to `to` (shipped with a tracking number). */
async function advance(shipmentId: string, seller: Who, to: ShipmentState) {
  const path: ShipmentState[] = ['accepted', 'packed', 'shipped', 'delivered'];
  for (const step of path.slice(0, path.indexOf(to) + 1)) {
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId,
        to: step,
        actor: step === 'delivered' ? COURIER : sellerActor(seller),
        ...(step === 'shipped' ? { set: { courier: 'Delhivery', trackingNumber: '1234567890123' } } : {}),
      }),
    );
  }
}

const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const cancelMails = (shipmentId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'shipment_cancelled'),
        eq(notifications.documentType, 'shipment'),
        eq(notifications.documentId, shipmentId),
      ),
    );
const mailRecipients = async (shipmentId: string) =>
  (await cancelMails(shipmentId)).map((n) => n.recipient).sort();
const emailOf = (w: Who) => w.user.email.toLowerCase();

const payouts = async (orderId: string) =>
  t.db
    .select({
      sellerId: sellerPayments.sellerId,
      total: sellerPayments.itemTotalPrice,
      reversed: sellerPayments.reversedAmount,
    })
    .from(sellerPayments)
    .where(eq(sellerPayments.orderId, orderId));

/** Pays an order through the RazorPay sandbox, as the browser would. */
async function payWithRazorPay(orderId: string, by: Who = buyer) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders/RazorPay',
    headers: authHeader(by.token),
    payload: { orderId },
  });
  expect(created.statusCode, created.body).toBe(200);
  const rzOrderId = created.json().razor_order_id as string;
  const paymentId = `pay_C${Math.random().toString(36).slice(2, 12)}`;
  const paid = await put(`/api/orders/${orderId}/RazorPay/pay`, by, {
    razorpay_order_id: rzOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(rzOrderId, paymentId, sandboxSecret(t.config, 'razorpay-key')),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect((await orderRow(orderId)).isPaid).toBe(true);
}

/** A two-seller order: seller A's product in sizes M (2 units) and L (1 unit), seller B's product once. */
async function twoSellerOrder(paymentMethod: 'RazorPay' | 'CashOnDelivery' = 'RazorPay', by: Who = buyer) {
  const a = await createProduct(t.db, { sellerId: sellerA.user.id, sizes: ['M', 'L'], countInStock: 10 });
  const b = await createProduct(t.db, { sellerId: sellerB.user.id, sizes: ['M', 'L'], countInStock: 10 });
  const order = await placeOrder(
    t.app,
    by.token,
    orderBody(
      [
        { product: a.id, size: 'M', qty: 2 },
        { product: a.id, size: 'L', qty: 1 },
        { product: b.id, size: 'M', qty: 1 },
      ],
      { paymentMethod },
    ),
  );
  return { order, a, b, sa: await shipmentOf(order._id, sellerA), sb: await shipmentOf(order._id, sellerB) };
}

// ---------------------------------------------------------------------------------------------------------
// PUT /api/shipments/:id/cancel
// ---------------------------------------------------------------------------------------------------------

describe('the buyer cancels a shipment', () => {
  it('puts each size back, takes back that seller’s payout only, and leaves the other shipment', async () => {
    const { order, a, b, sa, sb } = await twoSellerOrder();
    expect(await stockBySize(a)).toEqual({ M: 3, L: 4 });
    const res = await cancelShipment(sa.id, buyer, { note: 'Ordered by mistake' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      orderId: order._id,
      orderNumber: order.orderNumber,
      orderStatus: 'placed',
      shipments: [{ _id: sa.id, state: 'cancelled', cancelledBy: 'buyer', cancelReason: null }],
      refunds: [],
    });
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
    expect(await stockBySize(b)).toEqual({ M: 4, L: 5 });
    expect((await shipmentRow(sb.id)).state).toBe('placed');
    for (const p of await payouts(order._id)) {
      expect(p.reversed).toBe(p.sellerId === sellerA.user.id ? p.total : '0.00');
    }
    const [event] = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.subjectId, sa.id), eq(orderEvents.toState, 'cancelled')));
    expect(event).toMatchObject({ fromState: 'placed', actorRole: 'buyer', actorId: buyer.user.id });
    expect(event!.note).toBe('Ordered by mistake');
    // Nothing was paid: no refund.
    expect(await refundsOf(order._id)).toHaveLength(0);

    // The last shipment cancelled cancels the order.
    expect((await cancelShipment(sb.id, buyer)).statusCode).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled' });
    expect(await stockBySize(b)).toEqual({ M: 5, L: 5 });
  });

  it('may cancel an accepted or packed shipment, not a shipped one (409 with the state, nothing changes)', async () => {
    const { order, a, b, sa, sb } = await twoSellerOrder();
    await payWithRazorPay(order._id);
    await advance(sa.id, sellerA, 'packed');
    expect((await cancelShipment(sa.id, buyer)).statusCode).toBe(200);
    await advance(sb.id, sellerB, 'shipped');
    const res = await cancelShipment(sb.id, buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'illegal_transition', state: 'shipped' });
    expect((await shipmentRow(sb.id)).state).toBe('shipped');
    expect(await stockBySize(b)).toEqual({ M: 4, L: 5 });
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
    // Cancelling again is a 409 too, and puts nothing back twice.
    const again = await cancelShipment(sa.id, buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'illegal_transition', state: 'cancelled' });
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
  });
});

describe('the seller cancels its shipment', () => {
  it('must give a reason from the list (400), and then cancels until shipped', async () => {
    const { order, a, sa, sb } = await twoSellerOrder();
    await payWithRazorPay(order._id);
    await advance(sa.id, sellerA, 'accepted');
    const none = await cancelShipment(sa.id, sellerA);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ path: 'reason', message: 'Please give a reason' }]);
    expect((await cancelShipment(sa.id, sellerA, { reason: 'too_bored' })).statusCode).toBe(400);
    expect((await shipmentRow(sa.id)).state).toBe('accepted');

    // Another seller's shipment does not exist for this seller.
    expect((await cancelShipment(sb.id, sellerA, { reason: 'out_of_stock' })).statusCode).toBe(404);

    const res = await cancelShipment(sa.id, sellerA, { reason: 'out_of_stock', note: 'Last ones sold' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shipmentRow(sa.id)).toMatchObject({
      state: 'cancelled',
      cancelledBy: 'seller',
      cancelReason: 'Out of stock',
    });
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
    const sellerRows = (await payouts(order._id)).filter((p) => p.sellerId === sellerA.user.id);
    expect(sellerRows.every((p) => p.reversed === p.total)).toBe(true);

    await advance(sb.id, sellerB, 'shipped');
    const late = await cancelShipment(sb.id, sellerB, { reason: 'damaged' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'illegal_transition', state: 'shipped' });
  });
});

describe('Admin cancels a shipment', () => {
  it('may cancel a shipped one, never a delivered one', async () => {
    const { order, b, sa, sb } = await twoSellerOrder();
    await payWithRazorPay(order._id);
    await advance(sa.id, sellerA, 'shipped');
    const res = await cancelShipment(sa.id, admin, { reason: 'cannot_deliver' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shipmentRow(sa.id)).toMatchObject({
      state: 'cancelled',
      cancelledBy: 'admin',
      cancelReason: 'Cannot deliver to this address',
    });
    await advance(sb.id, sellerB, 'delivered');
    const delivered = await cancelShipment(sb.id, admin);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toMatchObject({ code: 'illegal_transition', state: 'delivered' });
    expect(await stockBySize(b)).toEqual({ M: 4, L: 5 });
  });
});

describe('who may not cancel', () => {
  it('answers 401 to a guest, 404 to other buyers and unknown ids, 403 to a Distributor and to inactive accounts', async () => {
    const { sa } = await twoSellerOrder();
    expect((await cancelShipment(sa.id, null)).statusCode).toBe(401);
    expect((await cancelShipment(sa.id, otherBuyer)).statusCode).toBe(404);
    expect((await cancelShipment('00000000-0000-4000-8000-000000000000', buyer)).statusCode).toBe(404);
    expect((await cancelShipment('not-an-id', buyer)).statusCode).toBe(404);
    const byDistributor = await cancelShipment(sa.id, distributor);
    expect(byDistributor.statusCode).toBe(403);

    const inactiveBuyer = await who();
    const mine = await placeOrder(
      t.app,
      inactiveBuyer.token,
      orderBody([{ product: (await createProduct(t.db, { sellerId: sellerA.user.id })).id }]),
    );
    const s = await shipmentOf(mine._id, sellerA);
    await t.db.update(users).set({ active: false }).where(eq(users.id, inactiveBuyer.user.id));
    const inactive = await cancelShipment(s.id, inactiveBuyer);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().code).toBe('account_inactive');
    expect((await cancelOrder(mine._id, inactiveBuyer)).statusCode).toBe(403);

    const inactiveSeller = await who({ roles: ['Seller-Company'], shop: { shopName: 'Sleeping Shop' } });
    const theirs = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: (await createProduct(t.db, { sellerId: inactiveSeller.user.id })).id }]),
    );
    await t.db.update(users).set({ active: false }).where(eq(users.id, inactiveSeller.user.id));
    const sellerTry = await cancelShipment(
      (await shipmentOf(theirs._id, inactiveSeller)).id,
      inactiveSeller,
      {
        reason: 'out_of_stock',
      },
    );
    expect(sellerTry.statusCode).toBe(403);

    // Nothing moved.
    expect((await shipmentRow(sa.id)).state).toBe('placed');
    expect((await shipmentRow(s.id)).state).toBe('placed');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------------------------------------

describe('refunds', () => {
  it('a paid RazorPay order gets one refund per cancelled shipment, for what it carried', async () => {
    const { order, sa, sb } = await twoSellerOrder();
    await payWithRazorPay(order._id);
    const res = await cancelShipment(sa.id, buyer);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await refundsOf(order._id);
    expect(rows).toHaveLength(1);
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order._id), eq(orderItems.sellerId, sellerA.user.id)));
    // Seller A's two lines: their discounted units and their GST (INR order: paid amount = value).
    const value = lines.reduce(
      (n, l) =>
        n + Math.round(Number(l.discountedPrice) * 100) * l.qty + Math.round(Number(l.taxAmount) * 100),
      0,
    );
    expect(rows[0]).toMatchObject({
      shipmentId: sa.id,
      method: 'RazorPay',
      state: 'pending',
      idempotencyKey: `cancel:${sa.id}`,
      amountMinor: value,
      currency: 'INR',
    });
    expect(rows[0]!.paymentId).not.toBeNull();
    expect(res.json().refunds).toEqual([
      expect.objectContaining({
        _id: rows[0]!.id,
        shipmentId: sa.id,
        method: 'RazorPay',
        amount: value / 100,
      }),
    ]);
    // The provider is asked by a job, queued with the cancel.
    const queued = await queuedJobs(t.db, { kind: 'refund.execute', key: `refund.execute:${rows[0]!.id}` });
    expect(queued).toHaveLength(1);

    // The buyer's mail says a refund follows.
    const [mail] = (await cancelMails(sa.id)).filter((n) => n.recipient === emailOf(buyer));
    expect(mail).toBeDefined();

    // Cancelling the rest refunds the rest, and the two add up to what was paid.
    expect((await cancelOrder(order._id, buyer)).statusCode).toBe(200);
    const all = await refundsOf(order._id);
    expect(all.map((r) => r.shipmentId).sort()).toEqual([sa.id, sb.id].sort());
    const total = Math.round(Number((await orderRow(order._id)).totalPriceInr) * 100);
    expect(all.reduce((n, r) => n + r.amountMinor, 0)).toBe(total);
  });

  it('an unpaid order gets none', async () => {
    const { order, sa } = await twoSellerOrder();
    const res = await cancelShipment(sa.id, buyer);
    expect(res.json().refunds).toEqual([]);
    expect(await refundsOf(order._id)).toHaveLength(0);
  });

  it('a cash-on-delivery order marked paid gets a refund the operator pays by hand', async () => {
    const { order, sa } = await twoSellerOrder('CashOnDelivery');
    const pay = await put(`/api/orders/${order._id}/CashOnDelivery/pay`, admin, {});
    expect(pay.statusCode, pay.body).toBe(200);
    await advance(sa.id, sellerA, 'shipped');
    expect((await cancelShipment(sa.id, admin)).statusCode).toBe(200);
    const rows = await refundsOf(order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'CashOnDelivery', paymentId: null, state: 'pending' });
  });
});

// ---------------------------------------------------------------------------------------------------------
// PUT /api/orders/:id/cancel
// ---------------------------------------------------------------------------------------------------------

describe('cancelling a whole order', () => {
  it('is all or nothing for the buyer: one shipped parcel refuses it, naming the seller', async () => {
    const { order, a, b, sa, sb } = await twoSellerOrder();
    await payWithRazorPay(order._id);
    await advance(sb.id, sellerB, 'shipped');
    const res = await cancelOrder(order._id, buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'illegal_transition', state: 'shipped' });
    expect(res.json().message).toContain('Cancel Shop B');
    expect((await shipmentRow(sa.id)).state).toBe('placed');
    expect(await stockBySize(a)).toEqual({ M: 3, L: 4 });
    expect(await stockBySize(b)).toEqual({ M: 4, L: 5 });
    expect(await cancelMails(sa.id)).toHaveLength(0);
  });

  it('cancels every live shipment at once and the order with them; again is a 409', async () => {
    const { order, a, b, sa, sb } = await twoSellerOrder();
    await payWithRazorPay(order._id);
    await advance(sa.id, sellerA, 'packed');
    const res = await cancelOrder(order._id, buyer, { note: 'Changed my mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orderStatus).toBe('cancelled');
    expect(
      res
        .json()
        .shipments.map((s: { _id: string }) => s._id)
        .sort(),
    ).toEqual([sa.id, sb.id].sort());
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
    expect(await stockBySize(b)).toEqual({ M: 5, L: 5 });
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled' });
    const again = await cancelOrder(order._id, buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'illegal_transition', state: 'cancelled' });
  });

  it('skips shipments already cancelled', async () => {
    const { order, a, sa, sb } = await twoSellerOrder();
    expect((await cancelShipment(sa.id, sellerA, { reason: 'out_of_stock' })).statusCode).toBe(200);
    const res = await cancelOrder(order._id, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json().shipments.map((s: { _id: string }) => s._id)).toEqual([sb.id]);
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
  });

  it('Admin cancels everything not delivered, including a shipped parcel; a delivered one refuses it', async () => {
    const first = await twoSellerOrder();
    await payWithRazorPay(first.order._id);
    await advance(first.sb.id, sellerB, 'shipped');
    const res = await cancelOrder(first.order._id, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await shipmentRow(first.sb.id)).state).toBe('cancelled');
    expect((await shipmentRow(first.sa.id)).state).toBe('cancelled');

    const second = await twoSellerOrder();
    await payWithRazorPay(second.order._id);
    await advance(second.sb.id, sellerB, 'delivered');
    const refused = await cancelOrder(second.order._id, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().state).toBe('delivered');
    expect((await shipmentRow(second.sa.id)).state).toBe('placed');
  });

  it('is refused to its sellers and Distributors (403) and unknown to other buyers (404)', async () => {
    const { order, sa } = await twoSellerOrder();
    expect((await cancelOrder(order._id, sellerA)).statusCode).toBe(403);
    expect((await cancelOrder(order._id, distributor)).statusCode).toBe(403);
    expect((await cancelOrder(order._id, otherBuyer)).statusCode).toBe(404);
    expect((await cancelOrder('00000000-0000-4000-8000-000000000000', buyer)).statusCode).toBe(404);
    expect((await shipmentRow(sa.id)).state).toBe('placed');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Races
// ---------------------------------------------------------------------------------------------------------

describe('a buyer cancel racing the seller shipping', () => {
  it('ends with exactly one winner, and stock and refunds follow the winner', async () => {
    for (let round = 0; round < 6; round++) {
      const p = await createProduct(t.db, { sellerId: sellerA.user.id, sizes: ['M'], countInStock: 5 });
      const order = await placeOrder(t.app, buyer.token, orderBody([{ product: p.id, size: 'M', qty: 2 }]));
      await payWithRazorPay(order._id);
      const s = await shipmentOf(order._id, sellerA);
      await advance(s.id, sellerA, 'packed');

      // Alternate rounds give the cancel a head start of a few milliseconds, so both orders of arrival
      // happen; the row lock in moveShipment decides either way.
      const headStart = round % 2 === 0 ? 0 : 2 + round * 3;
      const ship = new Promise((r) => setTimeout(r, headStart))
        .then(() =>
          t.db.transaction((tx) =>
            moveShipment(tx, {
              shipmentId: s.id,
              to: 'shipped',
              actor: sellerActor(sellerA),
              set: { courier: 'Delhivery', trackingNumber: '9876543210123' },
            }),
          ),
        )
        .then(
          () => 'shipped' as const,
          (err: { code?: string; state?: string }) => {
            expect(err).toMatchObject({ code: 'illegal_transition', state: 'cancelled' });
            return 'refused' as const;
          },
        );
      const [shipped, cancel] = await Promise.all([ship, cancelShipment(s.id, buyer)]);
      const row = await shipmentRow(s.id);
      const stock = (await stockBySize(p)).M;
      const refundRows = await refundsOf(order._id);
      if (shipped === 'shipped') {
        expect(cancel.statusCode).toBe(409);
        expect(cancel.json()).toMatchObject({ code: 'illegal_transition', state: 'shipped' });
        expect(row.state).toBe('shipped');
        expect(stock).toBe(3);
        expect(refundRows).toHaveLength(0);
        expect(await cancelMails(s.id)).toHaveLength(0);
      } else {
        expect(cancel.statusCode).toBe(200);
        expect(row.state).toBe('cancelled');
        expect(stock).toBe(5);
        expect(refundRows).toHaveLength(1);
      }
    }
  });

  it('two cancels at once (buyer and seller) cancel once, restock once, refund once', async () => {
    const p = await createProduct(t.db, { sellerId: sellerA.user.id, sizes: ['M'], countInStock: 5 });
    const order = await placeOrder(t.app, buyer.token, orderBody([{ product: p.id, size: 'M', qty: 2 }]));
    await payWithRazorPay(order._id);
    const s = await shipmentOf(order._id, sellerA);
    const answers = await Promise.all([
      cancelShipment(s.id, buyer),
      cancelShipment(s.id, sellerA, { reason: 'out_of_stock' }),
      cancelOrder(order._id, buyer),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await stockBySize(p)).M).toBe(5);
    expect(await refundsOf(order._id)).toHaveLength(1);
    const [payout] = await payouts(order._id);
    expect(payout!.reversed).toBe(payout!.total);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Mails
// ---------------------------------------------------------------------------------------------------------

describe('the cancellation mails', () => {
  it('go to the buyer and the seller when the buyer cancels, once', async () => {
    const { sa } = await twoSellerOrder();
    await cancelShipment(sa.id, buyer);
    await cancelShipment(sa.id, buyer); // 409, no second mail
    expect(await mailRecipients(sa.id)).toEqual([emailOf(buyer), emailOf(sellerA)].sort());
    const jobsQueued = await queuedJobs(t.db, { kind: 'email.send' });
    const forThis = jobsQueued.filter((j) => (j.payload as { documentId?: string }).documentId === sa.id);
    expect(forThis).toHaveLength(2);
    const buyerMail = forThis.find((j) => (j.payload as { to: string }).to === emailOf(buyer))!;
    const payload = buyerMail.payload as { subject: string; text: string };
    expect(payload.subject).toContain('Cancel Shop A');
    expect(payload.text).toContain('You cancelled it.');
    expect(payload.text).toMatch(/size M\) × 2/);
    expect(payload.text).toContain('Nothing was charged');
  });

  it('go only to the buyer when the seller cancels, with the seller’s reason', async () => {
    const { sa } = await twoSellerOrder();
    await cancelShipment(sa.id, sellerA, { reason: 'damaged' });
    expect(await mailRecipients(sa.id)).toEqual([emailOf(buyer)]);
    const [job] = (await queuedJobs(t.db, { kind: 'email.send' })).filter(
      (j) => (j.payload as { documentId?: string }).documentId === sa.id,
    );
    expect((job!.payload as { text: string }).text).toContain(
      'Cancel Shop A cancelled it, as it could not be fulfilled. Reason: Item damaged before dispatch.',
    );
  });

  it('tell a paid buyer that a refund follows, and go to both when Admin cancels', async () => {
    const { order, sb } = await twoSellerOrder();
    await payWithRazorPay(order._id);
    await cancelShipment(sb.id, admin);
    expect(await mailRecipients(sb.id)).toEqual([emailOf(buyer), emailOf(sellerB)].sort());
    const buyerJob = (await queuedJobs(t.db, { kind: 'email.send' })).find(
      (j) =>
        (j.payload as { documentId?: string }).documentId === sb.id &&
        (j.payload as { to: string }).to === emailOf(buyer),
    );
    expect((buyerJob!.payload as { text: string }).text).toMatch(
      /A refund of ₹[\d,.]+ follows to your original payment method \(RazorPay\)/,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// The 30-minute expiry of unpaid online orders
// ---------------------------------------------------------------------------------------------------------

describe('the 30-minute expiry', () => {
  it('cancels the order’s shipments as the system, with their events, and restocks each size once', async () => {
    const { order, a, b, sa, sb } = await twoSellerOrder();
    // An unpaid online order is never accepted (ADR 0109): the expiry finds its parcels still placed.
    await expect(advance(sa.id, sellerA, 'accepted')).rejects.toMatchObject({ code: 'order_unpaid' });
    const now = new Date(Date.now() + 31 * 60_000);
    const [one, two] = await Promise.all([expireUnpaidOrders(t.db, now), expireUnpaidOrders(t.db, now)]);
    expect([...one.cancelled, ...two.cancelled].filter((id) => id === order._id)).toHaveLength(1);
    for (const id of [sa.id, sb.id]) {
      expect(await shipmentRow(id)).toMatchObject({
        state: 'cancelled',
        cancelledBy: 'system',
        cancelledAt: now,
      });
      const events = await t.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.subjectId, id), eq(orderEvents.toState, 'cancelled')));
      expect(events).toHaveLength(1);
      expect(events[0]!.actorRole).toBe('system');
    }
    expect(await orderRow(order._id)).toMatchObject({ status: 'cancelled', cancelledAt: now });
    expect(await stockBySize(a)).toEqual({ M: 5, L: 5 });
    expect(await stockBySize(b)).toEqual({ M: 5, L: 5 });
    for (const p of await payouts(order._id)) expect(p.reversed).toBe(p.total);
  });
});
