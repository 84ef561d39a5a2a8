import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createUser, signIn } from '../factories/users.ts';

/**
 * req.ip decides every per-address limit, so only proxies named in TRUST_PROXY may set it through
 * X-Forwarded-For; a client that writes the header itself gains nothing.
 */
const attempt = (t: TestContext, email: string, forwardedFor: string, remoteAddress = '198.51.100.9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: 'wrong-password' },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

describe('proxy trust', () => {
  let plain: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  it('without TRUST_PROXY, a forged X-Forwarded-For does not reset the failed sign-in limit', async () => {
    const { email } = await createUser(plain.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(plain, email, `203.0.113.${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('with TRUST_PROXY=1, the address the proxy reports is the client', async () => {
    const { email } = await createUser(proxied.db);
    for (let i = 0; i < 10; i++) expect((await attempt(proxied, email, '203.0.113.50')).statusCode).toBe(401);
    expect((await attempt(proxied, email, '203.0.113.50')).statusCode).toBe(429);
    // Another client behind the same proxy is not blocked by the first one's failures.
    expect((await attempt(proxied, email, '203.0.113.51')).statusCode).toBe(401);
  });

  it('a cookie-authenticated write with a malformed Referer is refused (403), not a crash', async () => {
    const user = await createUser(plain.db);
    const token = await signIn(plain.app, user.email, user.password);
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      cookies: { haat_session: token },
      headers: { referer: 'not a url' },
    });
    expect(res.statusCode).toBe(403);
  });
});
