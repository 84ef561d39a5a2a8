import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webRoot } from '../../src/server/app.ts';
import { orders } from '../../src/server/db/schema/index.ts';
import { queuedJobs } from '../../src/server/jobs/queue.ts';
import { createPayPalSandbox } from '../../src/server/modules/payments/paypal.provider.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';
import { createCategory, createProduct } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Safe by configuration (docs/decisions: development conveniences only on loopback): the conveniences
 * that make local development easy — payment sandboxes, /dev/mailbox, links to the local server — never
 * reach a production or network-facing configuration, and e-mailed links never come from request headers.
 */

const PROD = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };

/** Runs `fn` on a test app of its own, closed afterwards. */
async function withApp(env: Record<string, string>, fn: (t: TestContext) => Promise<void>) {
  const t = await createTestApp(env);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

/** The reset link of the newest reset e-mail queued for `email`, read from the mail job. */
async function resetLink(t: TestContext, email: string): Promise<string> {
  const rows = (await queuedJobs(t.db, { kind: 'email.send' }))
    .filter((j) => j.payload.to === email.toLowerCase())
    .reverse();
  const mail = rows
    .map((r) => r.payload as { type: string; text: string })
    .find((p) => p.type === 'password_reset');
  const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no reset link for ${email}`);
  return link[0];
}

let ipSeq = 0;
const forgot = (t: TestContext, email: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/forgot-password',
    payload: { email },
    headers,
    remoteAddress: `10.9.0.${++ipSeq}`,
  });

describe('e-mailed links never come from a request header', () => {
  const hostile = {
    host: 'attacker.example',
    'x-forwarded-host': 'attacker.example',
    'x-forwarded-proto': 'https',
  };

  it('loopback development: the link points at the configured HOST and PORT', async () => {
    await withApp({ PORT: '3999' }, async (t) => {
      const user = await createUser(t.db);
      expect((await forgot(t, user.email, hostile)).statusCode).toBe(200);
      const link = await resetLink(t, user.email);
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3999\/reset-password\/[A-Za-z0-9_-]{43}$/);
      expect(link).not.toContain('attacker');
    });
  });

  it('behind a trusted proxy too: PUBLIC_URL, whatever X-Forwarded-Host says', async () => {
    await withApp({ ...PROD, TRUST_PROXY: 'true' }, async (t) => {
      const user = await createUser(t.db);
      expect((await forgot(t, user.email, hostile)).statusCode).toBe(200);
      expect(await resetLink(t, user.email)).toMatch(/^https:\/\/shop\.example\/reset-password\//);
    });
  });
});

describe('/dev/mailbox', () => {
  it('exists in development on loopback', async () => {
    await withApp({ NODE_ENV: 'development', HOST: '127.0.0.1' }, async (t) => {
      expect((await t.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(200);
      // A rebound DNS name pointing at 127.0.0.1 is still another site: no mailbox for it.
      const rebound = { host: 'attacker.example:3000' };
      expect((await t.app.inject({ url: '/dev/mailbox.json', headers: rebound })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/dev/mailbox', headers: rebound })).statusCode).toBe(404);
    });
  });

  it('is gone in production, and in development on an address other machines reach', async () => {
    for (const env of [PROD, { NODE_ENV: 'development', HOST: '0.0.0.0' }]) {
      await withApp(env, async (t) => {
        for (const url of ['/dev/mailbox.json', '/dev/mailbox', '/dev/mailbox/raw/x'])
          expect((await t.app.inject({ url })).statusCode, `${JSON.stringify(env)} ${url}`).toBe(404);
      });
    }
  });
});

describe('/api/docs', () => {
  it('is served in production by default, and API_DOCS=0 turns it off', async () => {
    await withApp(PROD, async (t) => {
      expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
    });
    await withApp({ ...PROD, API_DOCS: '0' }, async (t) => {
      expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBe(404);
    });
  });
});

describe('payment sandboxes', () => {
  it('real RazorPay keys turn the PayPal sandbox off too: a sandbox capture cannot pay an order', async () => {
    await withApp({ RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 'sekret' }, async (t) => {
      expect((await t.app.inject({ url: '/api/config/paypal' })).statusCode).toBe(404);
      const buyer = await createUser(t.db);
      const token = await sessionToken(t.db, buyer.id);
      const seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Kavya' } });
      const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
      const kurta = await createProduct(t.db, { sellerId: seller.id, price: '800', categoryId: category.id });
      const order = await placeOrder(
        t.app,
        token,
        orderBody([{ product: kurta.id }], { paymentMethod: 'PayPal' }),
      );

      const created = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/PayPal/create`,
        headers: authHeader(token),
      });
      expect(created.statusCode).toBe(404);
      expect(created.json().code).toBe('provider_unavailable');

      // An order id the sandbox would have issued (same APP_SECRET), for the order's PayPal amount.
      const quote = (
        await t.app.inject({ url: `/api/orders/${order._id}/payment-quote`, headers: authHeader(token) })
      ).json() as { PayPal: { amount: number; currency: string } };
      const sandbox = createPayPalSandbox({ secret: sandboxSecret(t.config, 'paypal') });
      const forged = await sandbox.createOrder({
        currency: quote.PayPal.currency,
        value: quote.PayPal.amount.toFixed(2),
        referenceId: order._id,
        requestId: `create-${order._id}`,
      });
      const paid = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order._id}/PayPal/pay`,
        headers: authHeader(token),
        payload: { orderID: forged.id },
      });
      expect(paid.statusCode).toBe(404);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row?.isPaid).toBe(false);
    });
  });

  it('no sandbox off loopback, even in development', async () => {
    await withApp({ NODE_ENV: 'development', HOST: '0.0.0.0' }, async (t) => {
      expect((await t.app.inject({ url: '/api/config/razorpay' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/config/paypal' })).statusCode).toBe(404);
    });
    await withApp({ NODE_ENV: 'development', HOST: '127.0.0.1' }, async (t) => {
      expect((await t.app.inject({ url: '/api/config/paypal' })).json()).toMatchObject({ sandbox: true });
    });
  });
});

describe.skipIf(!fs.existsSync(path.join(webRoot, 'index.html')))(
  'the product page head (built web app)',
  () => {
    it('links to the configured origin, not the Host header', async () => {
      await withApp({ PORT: '3999' }, async (t) => {
        const seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Meera' } });
        const product = await createProduct(t.db, { sellerId: seller.id });
        const res = await t.app.inject({
          url: `/product/${product.id}`,
          headers: { host: 'attacker.example' },
        });
        expect(res.body).toContain(`content="http://127.0.0.1:3999/product/${product.id}"`);
        expect(res.body).not.toContain('attacker.example');
      });
    });
  },
);
