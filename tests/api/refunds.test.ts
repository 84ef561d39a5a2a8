import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_DUE_DAYS } from '#shared/fulfilment.ts';
import { divideHalfUp, formatDecimal, formatMoney, parseMoney } from '#shared/money.ts';
import type { Actor } from '#shared/permissions.ts';
import { unitsRefund } from '#shared/refunds.ts';
import type { RoleName } from '#shared/roles.ts';
import {
  notifications,
  orderEvents,
  orderItems,
  payments,
  refunds,
  shipments,
} from '../../src/server/db/schema/index.ts';
import { makeDue, queuedJobs } from '../../src/server/jobs/queue.ts';
import { expireUnpaidOrders, markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import { createPayPalApi } from '../../src/server/modules/payments/paypal.provider.ts';
import { ProviderError } from '../../src/server/modules/payments/provider-http.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';
import {
  createRazorpayApi,
  type RazorpaySandbox,
} from '../../src/server/modules/payments/razorpay.provider.ts';
import { paymentSignature } from '../../src/server/modules/payments/razorpay-signature.ts';
import {
  refundsOfOrder,
  requestRefund,
  type RefundCause,
} from '../../src/server/modules/refunds/refunds.service.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { backdateOrder, orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createWho, type UserOverrides, type Who } from '../factories/users.ts';
import { allMails } from '../factories/mails.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Refunds (docs/decisions/0111-refunds.md) through the RazorPay and PayPal sandboxes: partial per line,
 * exactly once under a racing webhook and job answer, idempotent at the provider after a crash, a late
 * payment refunded by itself, cash on delivery refunds recorded by an Admin, and the Admin list.
 */

let t: TestContext;
let buyer: Who;
let otherBuyer: Who;
let admin: Who;
let sellerA: Who;
let sellerB: Who;
let kurta: ProductRow;
let scarf: ProductRow;
let keySecret: string;

const who = (overrides: UserOverrides = {}) => createWho(t.db, overrides);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await who({ name: 'Asha' });
  otherBuyer = await who({ name: 'Bina' });
  admin = await who({ name: 'Ravi', roles: ['Admin'] });
  sellerA = await who({ name: 'Kavya', roles: ['Seller-Company'], shop: { shopName: 'Kavya Textiles' } });
  sellerB = await who({ name: 'Meera', roles: ['Seller-Company'], shop: { shopName: 'Meera Weaves' } });
  const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  kurta = await createProduct(t.db, {
    sellerId: sellerA.user.id,
    name: 'Silk Kurta',
    price: '800',
    countInStock: 1000,
    categoryId: category.id,
  });
  scarf = await createProduct(t.db, {
    sellerId: sellerB.user.id,
    name: 'Cotton Scarf',
    price: '333',
    countInStock: 1000,
    categoryId: category.id,
  });
  keySecret = sandboxSecret(t.config, 'razorpay-key');
});
afterAll(async () => t?.close());

const actorOf = (w: Who, roles: RoleName[]): Actor => ({
  id: w.user.id,
  name: w.user.name,
  email: w.user.email,
  roles,
  active: true,
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? authHeader(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const sandbox = () => t.app.payments.providers.razorpay as RazorpaySandbox;

/** A two-seller order: one kurta (seller A) and two scarves (seller B). */
const twoSellerOrder = (overrides: Parameters<typeof orderBody>[1] = {}) =>
  placeOrder(
    t.app,
    buyer.token,
    orderBody(
      [
        { product: kurta.id, qty: 1 },
        { product: scarf.id, qty: 2 },
      ],
      overrides,
    ),
  );

async function payByRazorpay(orderId: string) {
  const rz = await inject('POST', '/api/orders/RazorPay', buyer.token, { orderId });
  expect(rz.statusCode, rz.body).toBe(200);
  const razorOrderId = rz.json().razor_order_id as string;
  const paymentId = `pay_T${Math.random().toString(36).slice(2, 12)}`;
  const res = await inject('PUT', `/api/orders/${orderId}/RazorPay/pay`, buyer.token, {
    razorpay_order_id: razorOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(razorOrderId, paymentId, keySecret),
  });
  return { res, razorOrderId, paymentId };
}

async function payByPayPal(orderId: string) {
  const created = await inject('POST', `/api/orders/${orderId}/PayPal/create`, buyer.token);
  expect(created.statusCode, created.body).toBe(200);
  return inject('PUT', `/api/orders/${orderId}/PayPal/pay`, buyer.token, { orderID: created.json().id });
}

const paymentOf = async (orderId: string) =>
  (
    await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
  )[0]!;

/** The order's lines with their shipment, by product. */
async function linesOf(orderId: string) {
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const ships = await t.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  const of = (p: ProductRow) => {
    const item = items.find((i) => i.productId === p.id)!;
    const shipment = ships.find((s) => s.sellerId === item.sellerId)!;
    const value = unitsRefund(
      {
        qty: item.qty,
        discountedUnit: parseMoney(item.discountedPrice),
        lineTax: parseMoney(item.taxAmount),
      },
      item.qty,
    );
    return { item, shipment, value };
  };
  return { kurta: of(kurta), scarf: of(scarf) };
}

const cancelCause = (shipmentId: string): RefundCause => ({ kind: 'cancel', shipmentId });

async function ask(
  orderId: string,
  cause: RefundCause,
  lines: { orderItemId: string; qty: number }[],
  refundAccount: Parameters<typeof requestRefund>[1]['refundAccount'] = null,
) {
  return t.db.transaction((tx) =>
    requestRefund(tx, {
      orderId,
      cause,
      lines,
      reason: 'Cancelled by the seller',
      refundAccount,
      actor: { id: null, role: 'system' },
    }),
  );
}

const refundRow = async (id: string) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
const refundsOfOrderRows = (orderId: string) =>
  t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));

const moves = async (refundId: string) =>
  (
    await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.subject, 'refund'), eq(orderEvents.subjectId, refundId)))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id))
  ).map((e) => `${e.fromState ?? '∅'}→${e.toState}`);

const refundMails = (refundId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'refund_issued'),
        eq(notifications.documentType, 'refund'),
        eq(notifications.documentId, refundId),
      ),
    );

/** Runs every queued job now, delayed ones (the sandbox's webhooks, retries) included. */
async function runJobsNow() {
  await makeDue(t.db);
  return t.app.jobs.runDue();
}

const postWebhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload: body,
  });

/** The signed refund.processed RazorPay would send for a refund of ours (the sandbox signs it). */
async function refundWebhook(
  refundId: string,
  event: 'refund.processed' | 'refund.failed' = 'refund.processed',
) {
  const r = await refundRow(refundId);
  const p = (await t.db.select().from(payments).where(eq(payments.id, r.paymentId!)))[0]!;
  const answer = await sandbox().refund(p.providerPaymentId!, {
    amount: r.amountMinor,
    currency: r.currency,
    refundId: r.id,
    notes: {},
  });
  return sandbox().refundWebhookFor(answer, event);
}

const halfUp = (a: number, b: number, c: number) => Number(divideHalfUp(BigInt(a) * BigInt(b), BigInt(c)));

describe('RazorPay refunds, partial per line', () => {
  it('refunds one line of a paid order, then the other; the sum is the payment, never more', async () => {
    const order = await twoSellerOrder();
    const { res } = await payByRazorpay(order._id);
    expect(res.statusCode, res.body).toBe(200);
    const payment = await paymentOf(order._id);
    const lines = await linesOf(order._id);

    const first = await ask(order._id, cancelCause(lines.scarf.shipment.id), [
      { orderItemId: lines.scarf.item.id, qty: 2 },
    ]);
    expect(first).toMatchObject({
      method: 'RazorPay',
      state: 'pending',
      currency: 'INR',
      amountMinor: lines.scarf.value,
      paymentId: payment.id,
    });
    // Asked again (a retried cancel): the same refund, nothing more.
    const again = await ask(order._id, cancelCause(lines.scarf.shipment.id), [
      { orderItemId: lines.scarf.item.id, qty: 2 },
    ]);
    expect(again!.id).toBe(first!.id);

    // The job asks RazorPay: accepted as pending; the sandbox's refund.processed webhook settles it.
    await t.app.jobs.runDue();
    const asked = await refundRow(first!.id);
    expect(asked).toMatchObject({ state: 'processing', attempts: 1 });
    expect(asked.providerRefundId).toMatch(/^rfnd_SBX/);
    await runJobsNow(); // the sandbox webhook, then the mail job
    await t.app.jobs.runDue();
    const done = await refundRow(first!.id);
    expect(done.state).toBe('processed');
    expect(done.processedAt).toBeInstanceOf(Date);
    expect(await moves(first!.id)).toEqual(['∅→pending', 'pending→processing', 'processing→processed']);
    const mails = await refundMails(first!.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(buyer.user.email.toLowerCase());

    // The kurta's line: what is left of the payment, so the two refunds add up to it exactly.
    const second = await ask(order._id, cancelCause(lines.kurta.shipment.id), [
      { orderItemId: lines.kurta.item.id, qty: 1 },
    ]);
    expect(second).not.toBeNull();
    const all = await refundsOfOrderRows(order._id);
    const sum = all.reduce((s, r) => s + r.amountMinor, 0);
    expect(sum).toBeLessThanOrEqual(payment.amountMinor);
    expect(second!.amountMinor).toBeLessThanOrEqual(payment.amountMinor - lines.scarf.value);
  });

  it('the buyer, Admin and each seller see the refunds they may; only Admin and the buyer see the account', async () => {
    const order = await twoSellerOrder({ paymentMethod: 'CashOnDelivery' });
    expect(await markOrderPaid(t.db, order._id, { method: 'CashOnDelivery', paymentResult: {} })).toBe(true);
    const lines = await linesOf(order._id);
    const account = { kind: 'upi' as const, upi: 'asha@okbank' };
    await ask(
      order._id,
      cancelCause(lines.scarf.shipment.id),
      [{ orderItemId: lines.scarf.item.id, qty: 1 }],
      account,
    );
    await ask(order._id, cancelCause(lines.kurta.shipment.id), [
      { orderItemId: lines.kurta.item.id, qty: 1 },
    ]);

    const asBuyer = await refundsOfOrder(t.db, order._id, actorOf(buyer, ['Buyer']));
    expect(asBuyer).toHaveLength(2);
    expect(asBuyer.find((r) => r.shipmentId === lines.scarf.shipment.id)!.refundAccount).toEqual(account);
    const asAdmin = await refundsOfOrder(t.db, order._id, actorOf(admin, ['Admin']));
    expect(asAdmin.find((r) => r.shipmentId === lines.scarf.shipment.id)!.refundAccount).toEqual(account);
    const asSellerB = await refundsOfOrder(t.db, order._id, actorOf(sellerB, ['Seller-Company']));
    expect(asSellerB.map((r) => r.shipmentId)).toEqual([lines.scarf.shipment.id]);
    expect(asSellerB[0]!.refundAccount).toBeNull();
    const asSellerA = await refundsOfOrder(t.db, order._id, actorOf(sellerA, ['Seller-Company']));
    expect(asSellerA.map((r) => r.shipmentId)).toEqual([lines.kurta.shipment.id]);
    expect(await refundsOfOrder(t.db, order._id, actorOf(otherBuyer, ['Buyer']))).toEqual([]);
    // Due within 7 days of being asked for.
    const r = asBuyer[0]!;
    expect(new Date(r.dueBy).getTime() - new Date(r.createdAt).getTime()).toBe(
      REFUND_DUE_DAYS * 24 * 60 * 60 * 1000,
    );
  });
});

describe('PayPal refunds in the captured currency', () => {
  it('refunds a line of an INR order paid in USD by its share of the payment, then the rest', async () => {
    const order = await twoSellerOrder({ paymentMethod: 'PayPal' });
    const paid = await payByPayPal(order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = await paymentOf(order._id);
    expect(payment.currency).toBe('USD');
    const lines = await linesOf(order._id);
    const orderTotal = parseMoney(String(order.totalPriceInr));

    const first = await ask(order._id, cancelCause(lines.kurta.shipment.id), [
      { orderItemId: lines.kurta.item.id, qty: 1 },
    ]);
    expect(first).toMatchObject({
      method: 'PayPal',
      currency: 'USD',
      amountMinor: halfUp(payment.amountMinor, lines.kurta.value, orderTotal),
    });
    expect(parseMoney(first!.amountInr)).toBe(lines.kurta.value);

    // The PayPal sandbox completes at once: processed by the job itself, mailed once.
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const done = await refundRow(first!.id);
    expect(done.state).toBe('processed');
    expect(done.providerRefundId).toMatch(/^SBXRFD/);
    expect(await moves(first!.id)).toEqual(['∅→pending', 'pending→processing', 'processing→processed']);
    expect(await refundMails(first!.id)).toHaveLength(1);
    // The mail names the amount in dollars, the order number and the way back, and links to the order.
    const [mail] = (await allMails(t.db, t.config.dataDir)).filter((m) => m.documentId === first!.id);
    const dollars = formatMoney(first!.amountMinor, { code: 'USD', decimalDigits: 2 });
    expect(mail!.type).toBe('refund_issued');
    expect(mail!.subject).toBe(`Refund of ${dollars} issued for order ${order.orderNumber}`);
    expect(mail!.text).toContain('to your PayPal account');
    expect(mail!.text).toContain(`/order/${order._id}`);

    const second = await ask(order._id, cancelCause(lines.scarf.shipment.id), [
      { orderItemId: lines.scarf.item.id, qty: 2 },
    ]);
    const total = (await refundsOfOrderRows(order._id)).reduce((s, r) => s + r.amountMinor, 0);
    expect(total).toBeLessThanOrEqual(payment.amountMinor);
    expect(second!.amountMinor).toBe(
      lines.kurta.value + lines.scarf.value >= orderTotal
        ? payment.amountMinor - first!.amountMinor
        : halfUp(payment.amountMinor, lines.scarf.value, orderTotal),
    );
  });
});

describe('exactly once', () => {
  async function processingRefund() {
    const order = await twoSellerOrder();
    expect((await payByRazorpay(order._id)).res.statusCode).toBe(200);
    const lines = await linesOf(order._id);
    const refund = await ask(order._id, cancelCause(lines.scarf.shipment.id), [
      { orderItemId: lines.scarf.item.id, qty: 1 },
    ]);
    return { order, lines, refund: refund! };
  }

  it('the sandbox webhook job and two copies of the webhook racing: processed once, mailed once', async () => {
    const { refund } = await processingRefund();
    await t.app.jobs.runDue(); // asks RazorPay: processing, the sandbox webhook queued 2 s later
    expect((await refundRow(refund.id)).state).toBe('processing');
    const hook = await refundWebhook(refund.id);
    await makeDue(
      t.db,
      (await queuedJobs(t.db, { kind: 'payments.razorpay_sandbox_webhook' })).map((j) => j.id),
    );
    const [, a, b] = await Promise.all([
      t.app.jobs.runDue(),
      postWebhook(hook.body, hook.signature),
      postWebhook(hook.body, hook.signature),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(['refunded', 'duplicate']).toContain(a.json().status);
    expect(['refunded', 'duplicate']).toContain(b.json().status);
    await t.app.jobs.runDue();
    expect((await refundRow(refund.id)).state).toBe('processed');
    expect((await moves(refund.id)).filter((m) => m.endsWith('→processed'))).toHaveLength(1);
    expect(await refundMails(refund.id)).toHaveLength(1);

    // A replay later changes nothing; a forged one is refused.
    const replay = await postWebhook(hook.body, hook.signature);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    expect((await postWebhook(hook.body, 'f'.repeat(64))).statusCode).toBe(400);
    expect(await moves(refund.id)).toHaveLength(3);
  });

  it("the job's own 'processed' answer racing the webhook: processed once, mailed once", async () => {
    const { refund } = await processingRefund();
    const original = sandbox();
    const hooks: Promise<unknown>[] = [];
    // RazorPay answers processed, and its webhook arrives while the job is still writing that answer.
    t.app.payments.providers.razorpay = {
      ...original,
      async refund(paymentId, input) {
        const answer = await original.refund(paymentId, input);
        const hook = original.refundWebhookFor(answer);
        hooks.push(postWebhook(hook.body, hook.signature));
        return { ...answer, status: 'processed' };
      },
    } as RazorpaySandbox;
    try {
      const hook = await refundWebhook(refund.id);
      // Promise.all: the job (whose provider call posts one webhook) and a second webhook at once.
      await Promise.all([t.app.jobs.runDue(), postWebhook(hook.body, hook.signature)]);
      await Promise.all(hooks);
    } finally {
      t.app.payments.providers.razorpay = original;
    }
    await t.app.jobs.runDue();
    const row = await refundRow(refund.id);
    expect(row.state).toBe('processed');
    expect((await moves(refund.id)).filter((m) => m.endsWith('→processed'))).toHaveLength(1);
    expect(await refundMails(refund.id)).toHaveLength(1);
    // Nothing queued to ask RazorPay again.
    const open = await queuedJobs(t.db, { kind: 'refund.execute' });
    expect(open.filter((j) => (j.payload as { refundId?: string }).refundId === refund.id)).toEqual([]);
  });

  it('after a crash between the provider and our update, the retry gets the same refund back; the unique key holds', async () => {
    const { refund } = await processingRefund();
    const payment = (await t.db.select().from(payments).where(eq(payments.id, refund.paymentId!)))[0]!;
    // The crashed run: the refund was claimed and RazorPay asked, but its answer never written.
    await t.db.update(refunds).set({ state: 'processing', attempts: 1 }).where(eq(refunds.id, refund.id));
    const lost = await sandbox().refund(payment.providerPaymentId!, {
      amount: refund.amountMinor,
      currency: refund.currency,
      refundId: refund.id,
      notes: {},
    });
    expect((await refundRow(refund.id)).providerRefundId).toBeNull();

    await t.app.jobs.runDue(); // the job again: asks with the same key, gets the same refund
    const row = await refundRow(refund.id);
    expect(row).toMatchObject({ state: 'processing', providerRefundId: lost.id, attempts: 1 });

    // No other refund can carry the same provider refund id.
    const dup = t.db.insert(refunds).values({
      orderId: refund.orderId,
      paymentId: refund.paymentId,
      method: 'RazorPay',
      idempotencyKey: `test-dup:${refund.id}`,
      amountInr: '1.00',
      amountMinor: 100,
      currency: 'INR',
      reason: 'test',
      providerRefundId: lost.id,
    });
    await expect(dup).rejects.toMatchObject({ cause: { code: '23505' } });

    await runJobsNow();
    await t.app.jobs.runDue();
    expect((await refundRow(refund.id)).state).toBe('processed');
    expect(await refundMails(refund.id)).toHaveLength(1);
  });

  it('a provider error fails the refund and the queue retries it with the same key', async () => {
    const { refund } = await processingRefund();
    const original = sandbox();
    t.app.payments.providers.razorpay = {
      ...original,
      async refund() {
        throw new ProviderError('RazorPay', 'request failed: timeout');
      },
    } as RazorpaySandbox;
    try {
      const summary = await t.app.jobs.runDue();
      expect(summary.retried).toBeGreaterThanOrEqual(1);
    } finally {
      t.app.payments.providers.razorpay = original;
    }
    const failed = await refundRow(refund.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('timeout');

    await runJobsNow(); // the retry: failed → processing, then the sandbox webhook
    await runJobsNow();
    await t.app.jobs.runDue();
    expect(await refundRow(refund.id)).toMatchObject({ state: 'processed', attempts: 2 });
    expect(await moves(refund.id)).toEqual([
      '∅→pending',
      'pending→processing',
      'processing→failed',
      'failed→processing',
      'processing→processed',
    ]);
    expect(await refundMails(refund.id)).toHaveLength(1);
  });

  it('refund.failed from RazorPay moves it to failed; an Admin may then pay it by hand', async () => {
    const { refund } = await processingRefund();
    await t.app.jobs.runDue();
    // The sandbox's processed webhook is dropped; RazorPay says failed instead.
    await t.db.execute(sql`
      select graphile_worker.permanently_fail_jobs(array_agg(id), 'dropped by the test')
      from graphile_worker.jobs where task_identifier = 'payments.razorpay_sandbox_webhook'`);
    const hook = await refundWebhook(refund.id, 'refund.failed');
    expect((await postWebhook(hook.body, hook.signature)).json()).toEqual({ status: 'failed' });
    expect((await refundRow(refund.id)).state).toBe('failed');
    const res = await inject('PUT', `/api/refunds/${refund.id}/record`, admin.token, {
      reference: 'UTR99887766',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'processed', reference: 'UTR99887766' });
  });
});

describe('a payment arriving for a cancelled order is refunded by itself', () => {
  it('RazorPay: the sandbox checkout and its webhook after expiry', async () => {
    const order = await twoSellerOrder();
    const rz = await inject('POST', '/api/orders/RazorPay', buyer.token, { orderId: order._id });
    const razorOrderId = rz.json().razor_order_id as string;
    await backdateOrder(t.db, order._id, 31);
    expect((await expireUnpaidOrders(t.db)).cancelled).toContain(order._id);

    // The buyer pays in a tab left open: the sandbox takes the money and RazorPay's webhook follows.
    const paid = await inject('POST', '/api/payments/sandbox/razorpay/pay', buyer.token, {
      razorpay_order_id: razorOrderId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirm = await inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, paid.json());
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('order_cancelled');
    await runJobsNow(); // the payment's webhook (a duplicate), the refund job
    const [refund] = await refundsOfOrderRows(order._id);
    const payment = (
      await t.db.select().from(payments).where(eq(payments.providerOrderId, razorOrderId))
    )[0]!;
    expect(refund).toMatchObject({
      idempotencyKey: `late-payment:${payment.id}`,
      method: 'RazorPay',
      amountMinor: payment.amountMinor,
      currency: 'INR',
      paymentId: payment.id,
    });
    await runJobsNow(); // the refund's webhook
    await runJobsNow(); // its mail
    expect((await refundRow(refund!.id)).state).toBe('processed');
    expect(await refundsOfOrderRows(order._id)).toHaveLength(1);
    expect(await refundMails(refund!.id)).toHaveLength(1);
  });

  it('PayPal: a capture that completes as the order is cancelled is refunded whole, in USD', async () => {
    const order = await twoSellerOrder({ paymentMethod: 'PayPal' });
    const created = await inject('POST', `/api/orders/${order._id}/PayPal/create`, buyer.token);
    const original = t.app.payments.providers.paypal!;
    // The order expires while PayPal is capturing (after our checks, before its answer).
    t.app.payments.providers.paypal = {
      ...original,
      async captureOrder(id, input) {
        await backdateOrder(t.db, order._id, 31);
        await expireUnpaidOrders(t.db);
        return original.captureOrder(id, input);
      },
    };
    try {
      await inject('PUT', `/api/orders/${order._id}/PayPal/pay`, buyer.token, { orderID: created.json().id });
    } finally {
      t.app.payments.providers.paypal = original;
    }
    const payment = (await t.db.select().from(payments).where(eq(payments.orderId, order._id)))[0]!;
    expect(payment.status).toBe('paid');
    const [refund] = await refundsOfOrderRows(order._id);
    expect(refund).toMatchObject({
      idempotencyKey: `late-payment:${payment.id}`,
      method: 'PayPal',
      currency: 'USD',
      amountMinor: payment.amountMinor,
    });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect((await refundRow(refund!.id)).state).toBe('processed');
    expect(await refundMails(refund!.id)).toHaveLength(1);
  });
});

describe('a parcel cancelled before the order was paid is refunded when it is paid', () => {
  /** Opens RazorPay's checkout for the order (the buyer's tab), returning its RazorPay order id. */
  async function openCheckout(orderId: string) {
    const rz = await inject('POST', '/api/orders/RazorPay', buyer.token, { orderId });
    expect(rz.statusCode, rz.body).toBe(200);
    return rz.json().razor_order_id as string;
  }

  /** Pays in that tab through the sandbox checkout (its "Pay" button) and confirms like the browser. */
  async function payInSandbox(orderId: string, razorOrderId: string) {
    const paid = await inject('POST', '/api/payments/sandbox/razorpay/pay', buyer.token, {
      razorpay_order_id: razorOrderId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirm = await inject('PUT', `/api/orders/${orderId}/RazorPay/pay`, buyer.token, paid.json());
    const payment = (
      await t.db.select().from(payments).where(eq(payments.providerOrderId, razorOrderId))
    )[0]!;
    return { confirm, payment };
  }

  it('RazorPay: one refund for the cancelled parcel’s value, processed by the job; paying twice adds none', async () => {
    const order = await twoSellerOrder();
    const { scarf: s, kurta: k } = await linesOf(order._id);
    const cancel = await inject('PUT', `/api/shipments/${s.shipment.id}/cancel`, buyer.token, {
      note: 'Changed my mind',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Unpaid: nothing to give back yet.
    expect(await refundsOfOrderRows(order._id)).toHaveLength(0);

    const { confirm, payment } = await payInSandbox(order._id, await openCheckout(order._id));
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(payment.status).toBe('paid');
    const rows = await refundsOfOrderRows(order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      idempotencyKey: `cancel:${s.shipment.id}`,
      shipmentId: s.shipment.id,
      method: 'RazorPay',
      paymentId: payment.id,
      currency: 'INR',
      amountInr: formatDecimal(s.value),
      // The payment was the order's INR total, so the share is the parcel's value exactly.
      amountMinor: s.value,
      state: 'pending',
    });
    // Never the kurta, still coming.
    expect(rows[0]!.amountMinor).toBeLessThan(payment.amountMinor);
    expect(k.shipment.state).toBe('placed');

    await runJobsNow(); // the payment's sandbox webhook (a duplicate: nothing more), the refund job
    await runJobsNow(); // the refund's webhook
    await runJobsNow(); // its mail
    const after = await refundsOfOrderRows(order._id);
    expect(after).toHaveLength(1);
    expect(after[0]!.state).toBe('processed');
    expect(await refundMails(after[0]!.id)).toHaveLength(1);

    // The order is paid now: the buyer cancelling the kurta gets its own refund, the rest of the payment.
    expect((await inject('PUT', `/api/shipments/${k.shipment.id}/cancel`, buyer.token, {})).statusCode).toBe(
      200,
    );
    const both = await refundsOfOrderRows(order._id);
    expect(both).toHaveLength(2);
    expect(both.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(payment.amountMinor);
  });

  it('the whole order cancelled before paying: only the late payment’s full refund, no refund per parcel', async () => {
    const order = await twoSellerOrder();
    // The checkout was opened before cancelling, and paid in that tab after.
    const razorOrderId = await openCheckout(order._id);
    const cancel = await inject('PUT', `/api/orders/${order._id}/cancel`, buyer.token, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { confirm, payment } = await payInSandbox(order._id, razorOrderId);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('order_cancelled');
    await runJobsNow();
    await runJobsNow();
    const rows = await refundsOfOrderRows(order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      idempotencyKey: `late-payment:${payment.id}`,
      amountMinor: payment.amountMinor,
      shipmentId: null,
      state: 'processed',
    });
  });

  it('cash on delivery is left alone: marking it paid refunds nothing for a cancelled parcel', async () => {
    const order = await twoSellerOrder({ paymentMethod: 'CashOnDelivery' });
    const { scarf: s } = await linesOf(order._id);
    expect((await inject('PUT', `/api/shipments/${s.shipment.id}/cancel`, buyer.token, {})).statusCode).toBe(
      200,
    );
    const paid = await inject('PUT', `/api/orders/${order._id}/CashOnDelivery/pay`, admin.token, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await refundsOfOrderRows(order._id)).toHaveLength(0);
  });
});

describe('cash on delivery refunds, recorded by an Admin', () => {
  it('carries the buyer’s account, is paid by hand once, and only by an Admin', async () => {
    const order = await twoSellerOrder({ paymentMethod: 'CashOnDelivery' });
    expect(await markOrderPaid(t.db, order._id, { method: 'CashOnDelivery', paymentResult: {} })).toBe(true);
    const lines = await linesOf(order._id);
    const account = {
      kind: 'bank' as const,
      name: 'Asha Rao',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
    };
    const refund = (await ask(
      order._id,
      cancelCause(lines.kurta.shipment.id),
      [{ orderItemId: lines.kurta.item.id, qty: 1 }],
      account,
    ))!;
    expect(refund).toMatchObject({
      method: 'CashOnDelivery',
      currency: 'INR',
      amountMinor: lines.kurta.value,
    });
    // No provider to ask: no job.
    const queued = await queuedJobs(t.db, { key: `refund.execute:${refund.id}` });
    expect(queued).toEqual([]);

    // One refund: Admin and the buyer (with the account); anybody else 404.
    const seen = await inject('GET', `/api/refunds/${refund.id}`, admin.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      _id: refund.id,
      orderNumber: order.orderNumber,
      state: 'pending',
      refundAccount: account,
      buyer: { _id: buyer.user.id },
    });
    expect((await inject('GET', `/api/refunds/${refund.id}`, buyer.token)).json().refundAccount).toEqual(
      account,
    );
    expect((await inject('GET', `/api/refunds/${refund.id}`, otherBuyer.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/refunds/${refund.id}`, sellerA.token)).statusCode).toBe(404);
    expect((await inject('GET', '/api/refunds/not-an-id', admin.token)).statusCode).toBe(404);

    const url = `/api/refunds/${refund.id}/record`;
    expect((await inject('PUT', url, buyer.token, { reference: 'UTR12345678' })).statusCode).toBe(403);
    expect((await inject('PUT', url, sellerA.token, { reference: 'UTR12345678' })).statusCode).toBe(403);
    expect((await inject('PUT', url, undefined, { reference: 'UTR12345678' })).statusCode).toBe(401);
    const short = await inject('PUT', url, admin.token, { reference: 'U1' });
    expect(short.statusCode).toBe(400);

    const [a, b] = await Promise.all([
      inject('PUT', url, admin.token, { reference: 'UTR12345678' }),
      inject('PUT', url, admin.token, { reference: 'UTR87654321' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const conflict = a.statusCode === 409 ? a : b;
    expect(conflict.json()).toMatchObject({ code: 'illegal_transition', state: 'processed' });
    const row = await refundRow(refund.id);
    expect(row.state).toBe('processed');
    expect(['UTR12345678', 'UTR87654321']).toContain(row.reference);
    expect(await moves(refund.id)).toEqual(['∅→pending', 'pending→processed']);
    await t.app.jobs.runDue();
    const mails = await refundMails(refund.id);
    expect(mails).toHaveLength(1);
  });

  it('an online refund still with its provider cannot be recorded by hand (409)', async () => {
    const order = await twoSellerOrder();
    await payByRazorpay(order._id);
    const lines = await linesOf(order._id);
    const refund = (await ask(order._id, cancelCause(lines.kurta.shipment.id), [
      { orderItemId: lines.kurta.item.id, qty: 1 },
    ]))!;
    const res = await inject('PUT', `/api/refunds/${refund.id}/record`, admin.token, {
      reference: 'UTR12345678',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'illegal_transition', state: 'pending' });
    await t.app.jobs.runDue();
  });
});

describe('GET /api/refunds', () => {
  it('is for Admin only', async () => {
    expect((await inject('GET', '/api/refunds', buyer.token)).statusCode).toBe(403);
    expect((await inject('GET', '/api/refunds', sellerA.token)).statusCode).toBe(403);
    expect((await inject('GET', '/api/refunds')).statusCode).toBe(401);
    expect((await inject('GET', '/api/refunds?state=nope', admin.token)).statusCode).toBe(400);
  });

  it('filters by state, method, dates and order number', async () => {
    const all = await inject('GET', '/api/refunds', admin.token);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as {
      refunds: { _id: string; state: string; method: string; orderNumber: string }[];
    };
    expect(body.refunds.length).toBeGreaterThan(3);

    const processed = (await inject('GET', '/api/refunds?state=processed', admin.token)).json();
    expect(processed.refunds.length).toBeGreaterThan(0);
    expect(processed.refunds.every((r: { state: string }) => r.state === 'processed')).toBe(true);

    const paypal = (await inject('GET', '/api/refunds?method=PayPal', admin.token)).json();
    expect(paypal.refunds.length).toBeGreaterThan(0);
    expect(paypal.refunds.every((r: { method: string; currency: string }) => r.method === 'PayPal')).toBe(
      true,
    );

    const one = body.refunds[0]!;
    const byOrder = (
      await inject(
        'GET',
        `/api/refunds?order=${encodeURIComponent(one.orderNumber.toLowerCase())}`,
        admin.token,
      )
    ).json();
    expect(byOrder.refunds.length).toBeGreaterThan(0);
    expect(byOrder.refunds.every((r: { orderNumber: string }) => r.orderNumber === one.orderNumber)).toBe(
      true,
    );

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const inRange = (await inject('GET', `/api/refunds?from=${today}&to=${today}`, admin.token)).json();
    expect(inRange.refunds.length).toBe(body.refunds.length);
    expect((await inject('GET', `/api/refunds?from=${tomorrow}`, admin.token)).json().refunds).toEqual([]);
    expect((await inject('GET', `/api/refunds?to=${yesterday}`, admin.token)).json().refunds).toEqual([]);

    const ids = body.refunds.map((r) => r._id);
    const rows = await t.db.select().from(refunds).where(inArray(refunds.id, ids));
    expect(rows).toHaveLength(ids.length);
  });
});

describe('the real provider clients', () => {
  type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
  const seen: Seen[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url === '/v1/payments/pay_REAL1/refund') {
        const b = JSON.parse(body) as { amount: number; notes: Record<string, string> };
        return send(200, {
          id: 'rfnd_REAL1',
          entity: 'refund',
          amount: b.amount,
          currency: 'INR',
          payment_id: 'pay_REAL1',
          notes: b.notes,
          status: 'pending',
        });
      }
      if (req.url === '/v1/payments/pay_GONE/refund')
        return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'fully refunded already' } });
      if (req.url === '/v1/oauth2/token') return send(200, { access_token: 'TOKEN-1', expires_in: 3600 });
      if (req.url === '/v2/payments/captures/CAP1/refund') return send(201, { id: 'RF1', status: 'PENDING' });
      if (req.url === '/v2/payments/refunds/RF1') return send(200, { id: 'RF1', status: 'COMPLETED' });
      return send(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((r) => server.close(() => r())));

  it('RazorPay: POST /v1/payments/:id/refund in paise, our refund id as idempotency key, receipt and note', async () => {
    const rz = createRazorpayApi({
      keyId: 'rzp_live_x',
      keySecret: 'secret',
      webhookSecret: null,
      baseUrl: base,
    });
    const refundId = '7d4f3c1e-2b1a-4c5d-9e8f-0a1b2c3d4e5f';
    const r = await rz.refund('pay_REAL1', {
      amount: 12345,
      currency: 'INR',
      refundId,
      notes: { order_number: 'HAAT-2026-000001' },
    });
    expect(r).toMatchObject({ id: 'rfnd_REAL1', status: 'pending', amount: 12345 });
    const call = seen.find((c) => c.url === '/v1/payments/pay_REAL1/refund')!;
    expect(call.method).toBe('POST');
    expect(call.headers['x-refund-idempotency']).toBe(refundId);
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from('rzp_live_x:secret').toString('base64')}`);
    expect(JSON.parse(call.body)).toEqual({
      amount: 12345,
      speed: 'normal',
      receipt: refundId,
      notes: { order_number: 'HAAT-2026-000001', refund_id: refundId },
    });
    await expect(
      rz.refund('pay_GONE', { amount: 1, currency: 'INR', refundId, notes: {} }),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('PayPal: refund of a capture in its currency with PayPal-Request-Id, then read while pending', async () => {
    const pp = createPayPalApi({ clientId: 'id', clientSecret: 'secret', baseUrl: base });
    const r = await pp.refundCapture('CAP1', {
      currency: 'USD',
      value: '12.34',
      requestId: 'refund-1',
      invoiceId: 'refund-1',
      noteToPayer: 'Refund for order HAAT-2026-000001',
    });
    expect(r).toMatchObject({ id: 'RF1', status: 'PENDING' });
    const call = seen.find((c) => c.url === '/v2/payments/captures/CAP1/refund')!;
    expect(call.headers['paypal-request-id']).toBe('refund-1');
    expect(JSON.parse(call.body)).toMatchObject({ amount: { currency_code: 'USD', value: '12.34' } });
    expect(await pp.getRefund('RF1')).toMatchObject({ id: 'RF1', status: 'COMPLETED' });
  });

  it('a PENDING PayPal refund stays processing and the job reads it again until COMPLETED', async () => {
    const order = await twoSellerOrder({ paymentMethod: 'PayPal' });
    expect((await payByPayPal(order._id)).statusCode).toBe(200);
    const payment = await paymentOf(order._id);
    // Captured by the real API (the fake): its capture id is the one the fake knows.
    await t.db.update(payments).set({ providerPaymentId: 'CAP1' }).where(eq(payments.id, payment.id));
    const lines = await linesOf(order._id);
    const refund = (await ask(order._id, cancelCause(lines.kurta.shipment.id), [
      { orderItemId: lines.kurta.item.id, qty: 1 },
    ]))!;
    const original = t.app.payments.providers.paypal;
    t.app.payments.providers.paypal = createPayPalApi({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: base,
    });
    try {
      const first = await t.app.jobs.runDue();
      expect(first.retried).toBe(1);
      expect(await refundRow(refund.id)).toMatchObject({ state: 'processing', providerRefundId: 'RF1' });
      await runJobsNow();
      await t.app.jobs.runDue();
    } finally {
      t.app.payments.providers.paypal = original;
    }
    expect(await refundRow(refund.id)).toMatchObject({ state: 'processed', providerRefundId: 'RF1' });
    expect(seen.filter((c) => c.url === '/v2/payments/captures/CAP1/refund')).toHaveLength(2);
    expect(seen.filter((c) => c.url === '/v2/payments/refunds/RF1').length).toBeGreaterThanOrEqual(2);
    expect(await moves(refund.id)).toEqual(['∅→pending', 'pending→processing', 'processing→processed']);
    expect(await refundMails(refund.id)).toHaveLength(1);
  });
});
