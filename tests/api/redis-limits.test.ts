import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { redisForTests, testRedisUrl } from '../setup/redis.ts';
import { createUser } from '../factories/users.ts';

/**
 * With REDIS_URL set, failed sign-ins are counted in Redis, so two app instances (two buildApp()s on one
 * database, as behind a load balancer) share one limit (docs/product/deployment-safety.md#running-haat, docs/product/roles-and-accounts.md). Uses the machine's Redis.
 */
const REDIS_URL = testRedisUrl;
// Without Redis: skipped with the reason as the title (a failure under CI=true); see tests/setup/redis.ts.
const redisCheck = await redisForTests();

describe.skipIf(!redisCheck.available)(redisCheck.reason || 'sign-in limits shared through REDIS_URL', () => {
  let a: TestContext;
  let b: TestContext;
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL });
    b = await createTestApp({ REDIS_URL });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis.disconnect();
  });

  it('counts failures from both instances together and refuses the 11th with 429', async () => {
    // Each test app has its own database, so the same e-mail exists in both.
    const email = `shared-${Date.now()}@haat.test`;
    await createUser(a.db, { email });
    await createUser(b.db, { email });
    const login = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: '203.0.113.7',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(i % 2 ? a : b)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await login(a);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('Too many attempts, please try again later');
    expect((await login(b)).statusCode).toBe(429);
    expect(await redis.exists(`haat:login:email:203.0.113.7\u0000${email}`)).toBe(1);
    await redis.del(`haat:login:email:203.0.113.7\u0000${email}`, 'haat:login:ip:203.0.113.7');
  });
});
