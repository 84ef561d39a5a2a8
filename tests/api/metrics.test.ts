import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../src/server/jobs/queue.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** GET /metrics: Prometheus text with HTTP, pool, job-queue and order/payment figures; closed in production. */

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`) in a Prometheus text exposition, or null. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('GET /metrics outside production', () => {
  let t: TestContext;
  let product: ProductRow;
  beforeAll(async () => {
    t = await createTestApp();
    const seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Metrics Shop' } });
    const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
    product = await createProduct(t.db, { sellerId: seller.id, categoryId: category.id });
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts requests and their latency by route pattern and status', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(
        200,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    const text = await scrape();
    const productRoute = 'method="GET",route="/api/products/:id",status_code="200"';
    expect(sample(text, `haat_http_requests_total{${productRoute}}`)).toBe(3);
    expect(sample(text, `haat_http_request_duration_seconds_count{${productRoute}}`)).toBe(3);
    expect(text).toContain(`haat_http_request_duration_seconds_bucket{le="0.005",${productRoute}}`);
    // Unknown paths share one series, so scanning URLs cannot grow the metrics without bound.
    expect(sample(text, 'haat_http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBe(
      1,
    );
    expect(text).not.toContain(product.id);
  });

  it('reports pool saturation and the job queue', async () => {
    await enqueue(t.db, 'test.metrics', {}, { runAt: new Date(Date.now() - 120_000) });
    await enqueue(t.db, 'test.metrics', {}, { runAt: new Date(Date.now() + 3_600_000) }); // not due yet
    const text = await scrape();
    expect(sample(text, 'haat_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'haat_db_pool_connections{state="idle"}')).not.toBeNull();
    expect(sample(text, 'haat_db_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(text, 'haat_db_pool_max')).toBe(10);
    expect(sample(text, 'haat_jobs_due')).toBe(1);
    expect(sample(text, 'haat_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(100);
    expect(sample(text, 'haat_jobs_failed')).toBe(0);
  });

  it('counts a placed order and a payment once each', async () => {
    const buyer = await createUser(t.db);
    const distributor = await createUser(t.db, { roles: ['Distributor'] });
    const before = await scrape();
    const ordersBefore = sample(before, 'haat_orders_placed_total{method="CashOnDelivery"}') ?? 0;
    const paidBefore = sample(before, 'haat_payments_paid_total{method="CashOnDelivery"}') ?? 0;

    const body = orderBody([{ product: product.id }], { paymentMethod: 'CashOnDelivery' });
    const order = await placeOrder(t.app, await sessionToken(t.db, buyer.id), body);
    const distributorToken = await sessionToken(t.db, distributor.id);
    const pay = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order._id}/CashOnDelivery/pay`,
        headers: authHeader(distributorToken),
        payload: {},
      });
    expect((await pay()).statusCode).toBe(200);
    expect((await pay()).statusCode).toBe(200); // already paid: answered, not counted again

    const after = await scrape();
    expect(sample(after, 'haat_orders_placed_total{method="CashOnDelivery"}')).toBe(ordersBefore + 1);
    expect(sample(after, 'haat_payments_paid_total{method="CashOnDelivery"}')).toBe(paidBefore + 1);
  });

  it('is open to this machine only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /metrics in production', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };

  it('is off without METRICS_TOKEN', async () => {
    const prod = await createTestApp(production);
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'Not found',
        code: 'not_found',
        requestId: res.headers['x-request-id'],
      });
    } finally {
      await prod.close();
    }
  });

  it('needs the METRICS_TOKEN bearer token when one is set', async () => {
    const prod = await createTestApp({ ...production, METRICS_TOKEN: TOKEN });
    try {
      const get = (headers: Record<string, string>) =>
        prod.app.inject({ method: 'GET', url: '/metrics', headers });
      const none = await get({});
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
      expect((await get({ authorization: `Bearer ${TOKEN.slice(1)}` })).statusCode).toBe(401);
      const ok = await get({ authorization: `Bearer ${TOKEN}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE haat_http_request_duration_seconds histogram');
      expect(ok.body).toContain('# TYPE haat_orders_placed_total counter');
    } finally {
      await prod.close();
    }
  });
});
