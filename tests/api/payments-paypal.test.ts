import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, payments } from '../../src/server/db/schema/index.ts';
import { getRateFromInr } from '../../src/server/modules/currency/rates.service.ts';
import { createPayPalApi, createPayPalSandbox } from '../../src/server/modules/payments/paypal.provider.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';
import { convertMinor, INR, parseMoney } from '#shared/money.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * PayPal: the real Orders v2 client against a fake PayPal on 127.0.0.1 (OAuth token, create, capture,
 * PayPal-Request-Id), then the built-in sandbox. Only a COMPLETED capture of the stored amount pays.
 */

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A small stand-in for api-m.paypal.com whose capture answer each test decides. */
class FakePayPal {
  seen: Seen[] = [];
  orders = new Map<string, { currency: string; value: string }>();
  /** How capture answers: the stored amount (default), another amount, or a refusal. */
  capture: 'ok' | 'wrong-amount' | 'pending' | 'declined' | 'already-captured' = 'ok';
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url === '/v1/oauth2/token') {
        const ok =
          req.headers.authorization === `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
        return ok
          ? send(200, { access_token: 'TOKEN-1', expires_in: 32400 })
          : send(401, { error: 'invalid_client' });
      }
      if (req.headers.authorization !== 'Bearer TOKEN-1')
        return send(401, { name: 'AUTHENTICATION_FAILURE' });
      if (req.method === 'POST' && req.url === '/v2/checkout/orders') {
        const amount = (
          JSON.parse(body) as { purchase_units: { amount: { currency_code: string; value: string } }[] }
        ).purchase_units[0]!.amount;
        const id = `PP${this.orders.size + 1}X${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
        this.orders.set(id, { currency: amount.currency_code, value: amount.value });
        return send(201, { id, status: 'CREATED' });
      }
      const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(req.url ?? '');
      const order = m ? this.orders.get(decodeURIComponent(m[1]!)) : undefined;
      if (!m || !order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      const completed = (value: string, status = 'COMPLETED') => ({
        id: m[1],
        status,
        purchase_units: [
          {
            payments: {
              captures: [{ id: `CAP-${m[1]}`, status, amount: { currency_code: order.currency, value } }],
            },
          },
        ],
      });
      if (!m[2]) return send(200, completed(order.value));
      switch (this.capture) {
        case 'ok':
          return send(201, completed(order.value));
        case 'wrong-amount':
          return send(201, completed((Number(order.value) - 1).toFixed(2)));
        case 'pending':
          return send(201, completed(order.value, 'PENDING'));
        case 'declined':
          return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
        case 'already-captured':
          return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      }
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

let t: TestContext;
let fake: FakePayPal;
let buyer: Who;
let otherBuyer: Who;
let kurta: ProductRow;

beforeAll(async () => {
  t = await createTestApp();
  fake = new FakePayPal();
  const url = await fake.start();
  t.app.payments.providers.paypal = createPayPalApi({
    clientId: 'client-id',
    clientSecret: 'client-secret',
    baseUrl: url,
  });
  const b = await createUser(t.db, { name: 'Asha' });
  buyer = { user: b, token: await sessionToken(t.db, b.id) };
  const o = await createUser(t.db, { name: 'Bina' });
  otherBuyer = { user: o, token: await sessionToken(t.db, o.id) };
  const seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Kavya Textiles' } });
  const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  kurta = await createProduct(t.db, {
    sellerId: seller.id,
    name: 'Silk Kurta',
    price: '800',
    countInStock: 1000,
    categoryId: category.id,
  });
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});
beforeEach(() => {
  fake.capture = 'ok';
});

const newOrder = (overrides: Parameters<typeof orderBody>[1] = {}) =>
  placeOrder(
    t.app,
    buyer.token,
    orderBody([{ product: kurta.id }], { paymentMethod: 'PayPal', ...overrides }),
  );
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? authHeader(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const create = async (orderId: string) => {
  const res = await inject('POST', `/api/orders/${orderId}/PayPal/create`, buyer.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
};
const isPaid = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.isPaid;

describe('PayPal Orders v2 against a local fake', () => {
  it('an INR order is created in USD at the rate table, with a bearer token and a PayPal-Request-Id', async () => {
    const order = await newOrder();
    const quote = await inject('GET', `/api/orders/${order._id}/payment-quote`, buyer.token);
    expect(quote.statusCode).toBe(200);
    const { rateFromInr } = await getRateFromInr(t.db, 'USD');
    const usdMinor = convertMinor(parseMoney(String(order.totalPriceInr), 2), rateFromInr, INR, {
      decimalDigits: 2,
      rounding: 0,
    });
    expect(quote.json()).toEqual({
      RazorPay: { amount: order.totalPriceInr, currency: 'INR' },
      PayPal: { amount: usdMinor / 100, currency: 'USD', converted: true },
    });

    fake.seen = [];
    const id = await create(order._id);
    const createReq = fake.seen.find((s) => s.url === '/v2/checkout/orders')!;
    expect(createReq.headers.authorization).toBe('Bearer TOKEN-1');
    expect(createReq.headers['paypal-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(createReq.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        { reference_id: order._id, amount: { currency_code: 'USD', value: (usdMinor / 100).toFixed(2) } },
      ],
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.providerOrderId, id));
    expect(row).toMatchObject({
      provider: 'PayPal',
      orderId: order._id,
      amountMinor: usdMinor,
      currency: 'USD',
      status: 'created',
    });
  });

  it('a second create (another tab, a retry) reuses the open PayPal order, so only one can be captured', async () => {
    const order = await newOrder();
    fake.seen = [];
    const first = await create(order._id);
    const second = await create(order._id);
    expect(second).toBe(first);
    expect(fake.seen.filter((s) => s.url === '/v2/checkout/orders')).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order._id))).toHaveLength(1);
  });

  it('a USD order is charged its own USD total; a EUR order its INR total in USD', async () => {
    const usd = await newOrder({ orderCurrency: 'USD' });
    expect(fake.orders.get(await create(usd._id))).toEqual({
      currency: 'USD',
      value: Number(usd.totalPrice).toFixed(2),
    });
    const eur = await newOrder({ orderCurrency: 'EUR' });
    const { rateFromInr } = await getRateFromInr(t.db, 'USD');
    const usdMinor = convertMinor(parseMoney(String(eur.totalPriceInr), 2), rateFromInr, INR, {
      decimalDigits: 2,
      rounding: 0,
    });
    expect(fake.orders.get(await create(eur._id))).toEqual({
      currency: 'USD',
      value: (usdMinor / 100).toFixed(2),
    });
  });

  it('a capture of the wrong amount is 400 and the order stays unpaid', async () => {
    const order = await newOrder();
    const id = await create(order._id);
    fake.capture = 'wrong-amount';
    const res = await inject('PUT', `/api/orders/${order._id}/PayPal/pay`, buyer.token, { orderID: id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The payment amount does not match this order',
      code: 'payment_amount_mismatch',
    });
    expect(await isPaid(order._id)).toBe(false);
    const [row] = await t.db.select().from(payments).where(eq(payments.providerOrderId, id));
    expect(row!.status).toBe('amount_mismatch');
    expect(row!.providerPaymentId).toBeNull();
  });

  it('a capture that is not COMPLETED (pending, declined) is 400 and unpaid', async () => {
    for (const mode of ['pending', 'declined'] as const) {
      const order = await newOrder();
      const id = await create(order._id);
      fake.capture = mode;
      const res = await inject('PUT', `/api/orders/${order._id}/PayPal/pay`, buyer.token, { orderID: id });
      expect(res.statusCode, mode).toBe(400);
      expect(res.json().code).toBe('payment_not_completed');
      expect(await isPaid(order._id)).toBe(false);
    }
  });

  it('a COMPLETED capture of the stored amount pays once, with PayPal-Request-Id on the capture', async () => {
    const order = await newOrder();
    const id = await create(order._id);
    fake.seen = [];
    const res = await inject('PUT', `/api/orders/${order._id}/PayPal/pay`, buyer.token, { orderID: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      isPaid: true,
      paymentMethod: 'PayPal',
      paymentResult: { id: `CAP-${id}`, status: 'COMPLETED' },
    });
    const capture = fake.seen.find((s) => s.url.endsWith('/capture'))!;
    expect(capture.headers['paypal-request-id']).toMatch(/^capture-/);
    // Again: answered from our record, PayPal not asked twice.
    fake.seen = [];
    expect(
      (await inject('PUT', `/api/orders/${order._id}/PayPal/pay`, buyer.token, { orderID: id })).statusCode,
    ).toBe(200);
    expect(fake.seen).toHaveLength(0);
  });

  it('ORDER_ALREADY_CAPTURED (a lost answer) is read back from the order and pays', async () => {
    const order = await newOrder();
    const id = await create(order._id);
    fake.capture = 'already-captured';
    const res = await inject('PUT', `/api/orders/${order._id}/PayPal/pay`, buyer.token, { orderID: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await isPaid(order._id)).toBe(true);
  });

  it("another order's PayPal id, someone else's order, and an unknown id are refused", async () => {
    const a = await newOrder();
    const b = await newOrder();
    const idB = await create(b._id);
    expect(
      (await inject('PUT', `/api/orders/${a._id}/PayPal/pay`, buyer.token, { orderID: idB })).statusCode,
    ).toBe(400);
    expect(
      (await inject('PUT', `/api/orders/${b._id}/PayPal/pay`, otherBuyer.token, { orderID: idB })).statusCode,
    ).toBe(404);
    expect(
      (await inject('PUT', `/api/orders/${a._id}/PayPal/pay`, buyer.token, { orderID: 'NOPE' })).statusCode,
    ).toBe(400);
    expect((await inject('POST', `/api/orders/${a._id}/PayPal/create`, otherBuyer.token)).statusCode).toBe(
      404,
    );
    expect(await isPaid(a._id)).toBe(false);
    expect(await isPaid(b._id)).toBe(false);
  });

  it('PayPal being down is a 502 with a plain message', async () => {
    const order = await newOrder();
    const saved = t.app.payments.providers.paypal;
    t.app.payments.providers.paypal = createPayPalApi({
      clientId: 'c',
      clientSecret: 's',
      baseUrl: 'http://127.0.0.1:9',
    });
    try {
      const res = await inject('POST', `/api/orders/${order._id}/PayPal/create`, buyer.token);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('The payment provider could not be reached. Please try again.');
    } finally {
      t.app.payments.providers.paypal = saved;
    }
  });
});

describe('PayPal sandbox', () => {
  it('config says sandbox; create and capture run the same checks and pay', async () => {
    const saved = t.app.payments.providers.paypal;
    t.app.payments.providers.paypal = createPayPalSandbox({ secret: sandboxSecret(t.config, 'paypal') });
    try {
      expect((await inject('GET', '/api/config/paypal')).json()).toEqual({
        clientId: 'sb-haat-sandbox',
        sandbox: true,
      });
      const order = await newOrder();
      const id = await create(order._id);
      expect(id).toMatch(/^SBX-USD-/);
      // A forged sandbox id (another amount) is not an order of ours.
      const forged = id.replace(/-USD-[\d.]+-/, '-USD-0.01-');
      expect(
        (await inject('PUT', `/api/orders/${order._id}/PayPal/pay`, buyer.token, { orderID: forged }))
          .statusCode,
      ).toBe(400);
      const res = await inject('PUT', `/api/orders/${order._id}/PayPal/pay`, buyer.token, { orderID: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().isPaid).toBe(true);
    } finally {
      t.app.payments.providers.paypal = saved;
    }
  });
});
