import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { ROLE_NAMES } from '#shared/roles.ts';
import { authHeader, createUser, sessionToken } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { PUBLIC_ROUTES } from '#server/plugins/public-routes.ts';

/**
 * Every route of the API, called by a stranger (no session): only the routes in PUBLIC_ROUTES (the list the
 * app itself uses to deny by default) may answer 2xx. A new route fails this test until it is guarded or,
 * deliberately, added to that list (role and ownership are checked by the server on every route).
 */
const PUBLIC = PUBLIC_ROUTES;

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
  // An inactive buyer still reads its own orders' shipments and timeline (ADR 0109).
  'GET /api/orders/:id/fulfilment',
  'GET /api/shipments/:id',
  // … and its orders' tax invoices and credit notes (ADR 0117; a seller's own need an active account).
  'GET /api/orders/:id/tax-documents',
  'GET /api/tax-documents/:id',
  'GET /api/tax-documents/:id/pdf',
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

  it('a stranger gets 401 before any validation: bad ids, bad queries, bad and unparseable bodies', async () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const { method, url } of routes) {
      if (NOT_API(url) || PUBLIC.has(`${method} ${url}`)) continue;
      const path = `${url.replace(/:[A-Za-z_]+/g, 'not-an-id')}?pageNumber=-1&unexpected=%00`;
      const bodies =
        method === 'GET' || method === 'DELETE'
          ? [undefined]
          : [{ _id: 1, role: ['Admin'], unexpected: true }, '{"not json'];
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: path,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        });
        checked += 1;
        const code = res.statusCode === 401 ? res.json<{ code?: string }>().code : undefined;
        if (code !== 'unauthenticated')
          offenders.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it('a malformed id in the path is 404 (not 400) on every /:id-style route, before the body is read', async () => {
    const admin = await createUser(t.db, { roles: [...ROLE_NAMES], shop: { shopName: 'Every Role Shop' } });
    const headers = authHeader(await sessionToken(t.db, admin.id));
    const ID_PARAM = /:(id|userId|product_id|categoryId)\b/;
    // The one exception: a product's markup is 0 for anything unknown, malformed ids included.
    const ZERO_FOR_UNKNOWN = 'GET /api/products/:id/markup';
    const offenders: string[] = [];
    let checked = 0;
    for (const { method, url } of routes) {
      if (NOT_API(url) || !ID_PARAM.test(url) || `${method} ${url}` === ZERO_FOR_UNKNOWN) continue;
      const path = url.replace(/:[A-Za-z_]+/g, (p) => (ID_PARAM.test(p) ? 'not-an-id' : 'x'));
      const res = await t.app.inject({
        method: method as 'GET',
        url: path,
        headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { unexpected: true } }),
      });
      checked += 1;
      const body = res.json<{ code?: string; message?: string }>();
      if (res.statusCode !== 404 || body.code !== 'not_found' || !/not found$/i.test(body.message ?? ''))
        offenders.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(offenders).toEqual([]);
    expect(checked).toBeGreaterThan(20);
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
