import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '#shared/money.ts';
import { jobKeys, orders, payments } from '../../src/server/db/schema/index.ts';
import { makeDue } from '../../src/server/jobs/queue.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';
import { createRazorpayApi } from '../../src/server/modules/payments/razorpay.provider.ts';
import { paymentSignature, webhookSignature } from '../../src/server/modules/payments/razorpay-signature.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import {
  authHeader,
  createUser,
  sessionToken,
  createWho,
  type UserOverrides,
  type Who,
} from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * RazorPay through the built-in sandbox (no keys): the production verification code with sandbox secrets.
 * Forged signatures, a signature for another order, webhook replays and races all leave one payment.
 */

let t: TestContext;
let buyer: Who;
let otherBuyer: Who;
let kurta: ProductRow;
let keySecret: string;
let webhookSecret: string;

const who = (overrides: UserOverrides = {}) => createWho(t.db, overrides);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await who({ name: 'Asha' });
  otherBuyer = await who({ name: 'Bina' });
  const seller = await who({
    name: 'Kavya',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Textiles' },
  });
  const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  kurta = await createProduct(t.db, {
    sellerId: seller.user.id,
    name: 'Silk Kurta',
    price: '800',
    countInStock: 1000,
    categoryId: category.id,
  });
  keySecret = sandboxSecret(t.config, 'razorpay-key');
  webhookSecret = sandboxSecret(t.config, 'razorpay-webhook');
});
afterAll(async () => t?.close());

const newOrder = async (by: Who = buyer, qty = 1) =>
  placeOrder(t.app, by.token, orderBody([{ product: kurta.id, qty }]));

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? authHeader(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function razorpayOrder(orderId: string, by: Who = buyer) {
  const res = await inject('POST', '/api/orders/RazorPay', by.token, { orderId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    razor_order_id: string;
    amount: number;
    currency: string;
    key_id: string;
    sandbox: boolean;
  };
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** The order's completion job, by its dedupe key (kept after the job ran): queued at most once. */
const completionJobs = async (orderId: string) =>
  t.db
    .select()
    .from(jobKeys)
    .where(eq(jobKeys.key, `order-completed:${orderId}`));

function signed(rzOrderId: string, paymentId = `pay_T${Math.random().toString(36).slice(2, 12)}`) {
  return {
    razorpay_order_id: rzOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(rzOrderId, paymentId, keySecret),
  };
}

function webhook(rzOrderId: string, paymentId: string, amount: number, event = 'payment.captured') {
  const body = JSON.stringify({
    entity: 'event',
    event,
    payload: {
      payment: {
        entity: { id: paymentId, order_id: rzOrderId, amount, currency: 'INR', status: 'captured' },
      },
    },
  });
  return { body, signature: webhookSignature(body, webhookSecret) };
}

const postWebhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload: body,
  });

describe('GET /api/config/razorpay', () => {
  it('gives the key id and the sandbox flag, never a secret', async () => {
    const res = await inject('GET', '/api/config/razorpay');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ razorpay_key_id: 'rzp_test_haat_sandbox', sandbox: true });
    expect(res.body).not.toContain(keySecret);
    expect(res.body.toLowerCase()).not.toContain('secret');
  });
});

describe('POST /api/orders/RazorPay', () => {
  it("creates the provider order for the order's INR total in paise, ignoring a client amount", async () => {
    const order = await newOrder(buyer, 2);
    const res = await inject('POST', '/api/orders/RazorPay', buyer.token, {
      orderId: order._id,
      amount: 100,
      currency: 'USD',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rz = res.json();
    const expected = parseMoney(String(order.totalPriceInr), 2);
    expect(expected).toBeGreaterThan(100);
    expect(rz).toMatchObject({
      amount: expected,
      currency: 'INR',
      key_id: 'rzp_test_haat_sandbox',
      sandbox: true,
      orderId: order._id,
    });
    expect(rz.razor_order_id).toMatch(/^order_SBX/);
    const [row] = await t.db.select().from(payments).where(eq(payments.providerOrderId, rz.razor_order_id));
    expect(row).toMatchObject({
      orderId: order._id,
      provider: 'RazorPay',
      amountMinor: expected,
      currency: 'INR',
      status: 'created',
    });
    // Asked again, the open provider order is reused.
    expect((await razorpayOrder(order._id)).razor_order_id).toBe(rz.razor_order_id);
  });

  it("refuses someone else's order (404), the signed-out (401) and unknown fields (400)", async () => {
    const order = await newOrder();
    expect(
      (await inject('POST', '/api/orders/RazorPay', otherBuyer.token, { orderId: order._id })).statusCode,
    ).toBe(404);
    expect((await inject('POST', '/api/orders/RazorPay', undefined, { orderId: order._id })).statusCode).toBe(
      401,
    );
    expect(
      (await inject('POST', '/api/orders/RazorPay', buyer.token, { orderId: order._id, isPaid: true }))
        .statusCode,
    ).toBe(400);
    expect((await inject('POST', '/api/orders/RazorPay', buyer.token, { orderId: 'nope' })).statusCode).toBe(
      400,
    );
  });
});

describe('PUT /api/orders/:id/RazorPay/pay', () => {
  it('a forged signature is 400 and the order stays unpaid', async () => {
    const order = await newOrder();
    const rz = await razorpayOrder(order._id);
    const forged = {
      ...signed(rz.razor_order_id),
      razorpay_signature: paymentSignature(rz.razor_order_id, 'pay_X', 'guess'),
    };
    const res = await inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Payment verification failed',
      code: 'payment_signature_invalid',
    });
    // A client-sent status is never trusted either.
    const withStatus = { ...forged, status: 'succeeded' };
    expect(
      (await inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, withStatus)).statusCode,
    ).toBe(400);
    expect((await orderRow(order._id)).isPaid).toBe(false);
    expect(await completionJobs(order._id)).toHaveLength(0);
  });

  it('a valid signature for ANOTHER order is 400 and pays neither', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const rzB = await razorpayOrder(b._id);
    const res = await inject(
      'PUT',
      `/api/orders/${a._id}/RazorPay/pay`,
      buyer.token,
      signed(rzB.razor_order_id),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This payment does not belong to this order');
    expect((await orderRow(a._id)).isPaid).toBe(false);
    expect((await orderRow(b._id)).isPaid).toBe(false);
    // Nor can another buyer confirm for this buyer's order.
    expect(
      (await inject('PUT', `/api/orders/${b._id}/RazorPay/pay`, otherBuyer.token, signed(rzB.razor_order_id)))
        .statusCode,
    ).toBe(404);
  });

  it('a provider order for an old amount does not pay the order', async () => {
    const order = await newOrder();
    const rz = await razorpayOrder(order._id);
    await t.db
      .update(payments)
      .set({ amountMinor: rz.amount - 100 })
      .where(eq(payments.providerOrderId, rz.razor_order_id));
    const res = await inject(
      'PUT',
      `/api/orders/${order._id}/RazorPay/pay`,
      buyer.token,
      signed(rz.razor_order_id),
    );
    expect(res.statusCode).toBe(400);
    expect((await orderRow(order._id)).isPaid).toBe(false);
  });

  it('a good signature pays the order once, stores the result and queues the completion mails once', async () => {
    const order = await newOrder();
    const rz = await razorpayOrder(order._id);
    const body = signed(rz.razor_order_id);
    const res = await inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, body);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json();
    expect(paid).toMatchObject({ _id: order._id, isPaid: true, paymentMethod: 'RazorPay' });
    expect(paid.paidAt).toBeTruthy();
    expect(paid.paymentResult).toMatchObject({
      id: body.razorpay_payment_id,
      status: 'succeeded',
      amount: rz.amount,
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.providerOrderId, rz.razor_order_id));
    expect(row).toMatchObject({ providerPaymentId: body.razorpay_payment_id, status: 'paid' });
    expect(await completionJobs(order._id)).toHaveLength(1);

    // The same confirmation again (a double click, a retry): 200, nothing changes.
    const again = await inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().paidAt).toBe(paid.paidAt);
    expect(await completionJobs(order._id)).toHaveLength(1);
    // Creating another provider order for a paid order is refused.
    expect(
      (await inject('POST', '/api/orders/RazorPay', buyer.token, { orderId: order._id })).statusCode,
    ).toBe(409);
  });
});

describe('POST /api/payments/razorpay/webhook', () => {
  it('verifies the raw body: a forged or re-serialised body is 400 and pays nothing', async () => {
    const order = await newOrder();
    const rz = await razorpayOrder(order._id);
    const hook = webhook(rz.razor_order_id, 'pay_HOOK1', rz.amount);
    expect((await postWebhook(hook.body, webhookSignature(hook.body, 'wrong'))).statusCode).toBe(400);
    expect((await postWebhook(hook.body, '')).statusCode).toBe(400);
    const pretty = JSON.stringify(JSON.parse(hook.body), null, 2);
    expect((await postWebhook(pretty, hook.signature)).statusCode).toBe(400);
    expect((await orderRow(order._id)).isPaid).toBe(false);
  });

  it('marks paid; a replay changes nothing', async () => {
    const order = await newOrder();
    const rz = await razorpayOrder(order._id);
    const hook = webhook(rz.razor_order_id, 'pay_HOOK2', rz.amount);
    const first = await postWebhook(hook.body, hook.signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'paid' });
    const paidRow = await orderRow(order._id);
    expect(paidRow.isPaid).toBe(true);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, rz.razor_order_id));

    for (let i = 0; i < 3; i++) {
      const replay = await postWebhook(hook.body, hook.signature);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ status: 'duplicate' });
    }
    const after = await orderRow(order._id);
    expect(after.paidAt).toEqual(paidRow.paidAt);
    expect(after.updatedAt).toEqual(paidRow.updatedAt);
    const [paymentAfter] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, rz.razor_order_id));
    expect(paymentAfter).toEqual(payment);
    expect(await completionJobs(order._id)).toHaveLength(1);

    // The browser's confirmation of the same payment arriving later: 200, still paid once.
    const late = await inject(
      'PUT',
      `/api/orders/${order._id}/RazorPay/pay`,
      buyer.token,
      signed(rz.razor_order_id, 'pay_HOOK2'),
    );
    expect(late.statusCode).toBe(200);
    expect(late.json().paidAt).toBe(paidRow.paidAt!.toISOString());
  });

  it('ignores events it does not use, unknown orders and wrong amounts (200, nothing paid)', async () => {
    const order = await newOrder();
    const rz = await razorpayOrder(order._id);
    const other = webhook(rz.razor_order_id, 'pay_HOOK3', rz.amount, 'payment.authorized');
    expect((await postWebhook(other.body, other.signature)).json()).toEqual({ status: 'ignored' });
    const unknown = webhook('order_UNKNOWN', 'pay_HOOK4', rz.amount);
    expect((await postWebhook(unknown.body, unknown.signature)).json()).toEqual({ status: 'ignored' });
    const short = webhook(rz.razor_order_id, 'pay_HOOK5', rz.amount - 1);
    expect((await postWebhook(short.body, short.signature)).json()).toEqual({ status: 'ignored' });
    expect((await orderRow(order._id)).isPaid).toBe(false);
  });

  it('browser callback and webhook racing pay once and queue the mails once', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await newOrder();
      const rz = await razorpayOrder(order._id);
      const body = signed(rz.razor_order_id);
      const hook = webhook(rz.razor_order_id, body.razorpay_payment_id, rz.amount);
      const results = await Promise.all([
        inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, body),
        postWebhook(hook.body, hook.signature),
        inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, body),
        postWebhook(hook.body, hook.signature),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const hookStatuses = [results[1]!.json().status, results[3]!.json().status].sort();
      expect(['duplicate', 'paid']).toEqual(expect.arrayContaining(hookStatuses));
      expect((await orderRow(order._id)).isPaid).toBe(true);
      expect(await completionJobs(order._id)).toHaveLength(1);
      expect(
        await t.db.select().from(payments).where(eq(payments.providerPaymentId, body.razorpay_payment_id)),
      ).toHaveLength(1);
    }
  });
});

describe('sandbox checkout', () => {
  it("'Pay' returns what checkout.js would, and its queued webhook arrives through the real route", async () => {
    const order = await newOrder();
    const rz = await razorpayOrder(order._id);
    const res = await inject('POST', '/api/payments/sandbox/razorpay/pay', buyer.token, {
      razorpay_order_id: rz.razor_order_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const success = res.json();
    expect(success.razorpay_signature).toBe(
      paymentSignature(rz.razor_order_id, success.razorpay_payment_id, keySecret),
    );
    // Another buyer cannot use the sandbox on this order.
    expect(
      (
        await inject('POST', '/api/payments/sandbox/razorpay/pay', otherBuyer.token, {
          razorpay_order_id: rz.razor_order_id,
        })
      ).statusCode,
    ).toBe(404);

    const pay = await inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, success);
    expect(pay.statusCode).toBe(200);
    // The sandbox webhook is due 2 s later; make it due now and run it: a duplicate, still one payment.
    await makeDue(t.db);
    const summary = await t.app.jobs.runDue();
    expect(summary.failed).toBe(0);
    expect((await orderRow(order._id)).isPaid).toBe(true);
    expect(await completionJobs(order._id)).toHaveLength(1);
  });

  it('the webhook alone (the buyer closed the tab after paying) pays the order', async () => {
    const order = await newOrder();
    const rz = await razorpayOrder(order._id);
    await inject('POST', '/api/payments/sandbox/razorpay/pay', buyer.token, {
      razorpay_order_id: rz.razor_order_id,
    });
    await makeDue(t.db);
    await t.app.jobs.runDue();
    expect((await orderRow(order._id)).isPaid).toBe(true);
  });
});

describe('real keys', () => {
  it('turn the sandbox off, and production without keys has no RazorPay at all', async () => {
    const real = await createTestApp({ RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 'sekret' });
    try {
      expect((await real.app.inject({ url: '/api/config/razorpay' })).json()).toEqual({
        razorpay_key_id: 'rzp_live_abc',
        sandbox: false,
      });
      const u = await createUser(real.db);
      const res = await real.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/razorpay/pay',
        headers: authHeader(await sessionToken(real.db, u.id)),
        payload: { razorpay_order_id: 'order_x' },
      });
      expect(res.statusCode).toBe(404);
      // Checkout's script and frames are allowed by the CSP only now.
      const csp = String((await real.app.inject({ url: '/healthz' })).headers['content-security-policy']);
      expect(csp).toContain('https://checkout.razorpay.com');
    } finally {
      await real.close();
    }
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
    try {
      expect((await prod.app.inject({ url: '/api/config/razorpay' })).statusCode).toBe(404);
      expect((await prod.app.inject({ url: '/api/config/paypal' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('the real RazorPay client (against a local fake Orders API)', () => {
  it('creates the order with basic auth, then verifies checkout with the real key secret', async () => {
    const seen: { auth?: string; body: Record<string, unknown> }[] = [];
    const fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const json = JSON.parse(body) as Record<string, unknown>;
        seen.push({ auth: req.headers.authorization, body: json });
        res.writeHead(req.url === '/v1/orders' && req.method === 'POST' ? 200 : 404, {
          'content-type': 'application/json',
        });
        res.end(JSON.stringify({ id: 'order_REAL000000001', entity: 'order', status: 'created', ...json }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const saved = t.app.payments.providers.razorpay;
    t.app.payments.providers.razorpay = createRazorpayApi({
      keyId: 'rzp_test_key',
      keySecret: 'real_secret',
      webhookSecret: 'real_webhook_secret',
      baseUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    });
    try {
      expect((await inject('GET', '/api/config/razorpay')).json()).toEqual({
        razorpay_key_id: 'rzp_test_key',
        sandbox: false,
      });
      const order = await newOrder();
      const rz = await razorpayOrder(order._id);
      expect(rz).toMatchObject({
        razor_order_id: 'order_REAL000000001',
        sandbox: false,
        key_id: 'rzp_test_key',
      });
      expect(seen[0]!.auth).toBe(`Basic ${Buffer.from('rzp_test_key:real_secret').toString('base64')}`);
      expect(seen[0]!.body).toEqual({
        amount: rz.amount,
        currency: 'INR',
        receipt: order._id,
        notes: { orderId: order._id },
      });

      // The sandbox stand-in is gone with real keys.
      const sb = await inject('POST', '/api/payments/sandbox/razorpay/pay', buyer.token, {
        razorpay_order_id: rz.razor_order_id,
      });
      expect(sb.statusCode).toBe(404);
      // A signature made with the sandbox secret no longer verifies; one with the real secret does.
      expect(
        (await inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, signed(rz.razor_order_id)))
          .statusCode,
      ).toBe(400);
      const paymentId = 'pay_REAL000000001';
      const res = await inject('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer.token, {
        razorpay_order_id: rz.razor_order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(rz.razor_order_id, paymentId, 'real_secret'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().isPaid).toBe(true);
    } finally {
      t.app.payments.providers.razorpay = saved;
      await new Promise<void>((r) => fake.close(() => r()));
    }
  });
});
