import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { ROLE_NAMES } from '#shared/roles.ts';
import { authHeader, createUser, sessionToken } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Every route of the API, called by a stranger (no session): only the routes listed here as public may
 * answer 2xx. A new route that forgets its guard fails this test until it is guarded or, deliberately,
 * added to the public list (DECISIONS §4: role and ownership are checked by the server on every route).
 */
const PUBLIC = new Set([
  // Storefront reads
  'GET /api/products',
  'GET /api/products/top',
  'GET /api/products/category',
  'GET /api/products/:id',
  'GET /api/products/:id/markup',
  'GET /api/product-discounts',
  'GET /api/product-discounts/coupon/:code',
  'GET /api/category/getcategories/:categoryId',
  'GET /api/category/getcategoryid',
  'GET /api/category/getcategoryid/',
  'GET /api/category/hsn-tax/:categoryId',
  'GET /api/category/firstlevel',
  'GET /api/category/secondlevel/:first',
  'GET /api/category/thirdlevel/:second/:first',
  'GET /api/category/fourthlevel/:third/:second',
  'GET /api/category/fifthlevel/:fourth/:third',
  'GET /api/category/:name',
  'GET /api/shops/names',
  'GET /api/shops/name/:shopName',
  'GET /api/shops/products/:shopName',
  'GET /api/users/public/:id',
  'GET /api/roles',
  // Reference data
  'GET /api/places/countries',
  'GET /api/places/countries/:iso2/states',
  'GET /api/places/countries/:iso2/states/:stateCode/cities',
  'GET /api/places/postal-code',
  'GET /api/currencies',
  'GET /api/rates/:code',
  'GET /api/geo/currency',
  'GET /api/config/razorpay',
  'GET /api/config/paypal',
  // Accounts: signing up, in and out, recovering a password
  'POST /api/users',
  'POST /api/users/login',
  'POST /api/users/logout',
  'POST /api/users/forgot-password',
  'POST /api/users/reset-password/:token',
  // Verified by signature, not by session
  'POST /api/payments/razorpay/webhook',
  'GET /api/upload/verification-docs/file',
]);

/**
 * What an inactive account keeps (docs/decisions/0011-inactive-accounts-hold-no-power.md): its own profile,
 * its own past orders and what they cost, and a seller's onboarding. Every other guarded route refuses it.
 */
const INACTIVE_KEEPS = new Set([
  'GET /api/users/profile',
  'PUT /api/users/profile',
  'GET /api/users/:id',
  'GET /api/orders/myorders',
  'GET /api/orders/:id',
  'GET /api/orders/:id/payment-quote',
  'GET /api/notifications/check',
  'POST /api/users/seller-verification-email',
  'DELETE /api/users/registration',
  'POST /api/upload/verification-docs',
]);

/** Only the API is guarded: static web files, documentation and the dev mailbox are not API calls. */
const NOT_API = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs');

describe('route guards', () => {
  let t: TestContext;
  const routes: { method: string; url: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: ({ method, url }) => {
          for (const m of [method].flat())
            if (m !== 'HEAD' && m !== 'OPTIONS') routes.push({ method: m, url });
        },
      },
    );
  });
  afterAll(async () => t?.close());

  it('found the API routes', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('no route outside the public list answers 2xx (or 5xx) to a stranger', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const offenders: string[] = [];
    const checked: string[] = [];
    for (const { method, url } of routes) {
      if (NOT_API(url) || PUBLIC.has(`${method} ${url}`)) continue;
      const path = url.replace(/:[A-Za-z_]+/g, (p) => (p === ':paymentMethod' ? 'CashOnDelivery' : uuid));
      const res = await t.app.inject({
        method: method as 'GET',
        url: path,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      checked.push(`${method} ${url} → ${res.statusCode}`);
      if (res.statusCode < 400 || res.statusCode >= 500)
        offenders.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(offenders).toEqual([]);
    expect(checked.length).toBeGreaterThan(30);
  });

  it('the public list names only routes that exist', () => {
    const existing = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect([...PUBLIC].filter((r) => !existing.has(r))).toEqual([]);
    expect([...INACTIVE_KEEPS].filter((r) => !existing.has(r))).toEqual([]);
  });

  it('every other guarded route answers 403 "Your account is not active" to an inactive holder of every role', async () => {
    const everyRole = await createUser(t.db, {
      roles: [...ROLE_NAMES],
      active: false,
      shop: { shopName: 'Dormant Shop' },
    });
    const headers = authHeader(await sessionToken(t.db, everyRole.id));
    const uuid = '00000000-0000-4000-8000-000000000000';
    const offenders: string[] = [];
    const checked: string[] = [];
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      if (NOT_API(url) || PUBLIC.has(key) || INACTIVE_KEEPS.has(key)) continue;
      const path = url.replace(/:[A-Za-z_]+/g, (p) => (p === ':paymentMethod' ? 'CashOnDelivery' : uuid));
      const res = await t.app.inject({
        method: method as 'GET',
        url: path,
        headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      checked.push(key);
      const message = res.statusCode === 403 ? (res.json() as { message?: string }).message : undefined;
      if (message !== MSG.accountInactive)
        offenders.push(`${key} → ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(offenders).toEqual([]);
    expect(checked.length).toBeGreaterThan(30);
  });
});
