import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_USER_LIMITS } from '../../src/server/plugins/per-user-limits.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, signIn } from '../factories/users.ts';

/**
 * Placing orders and writing reviews are limited per signed-in user, not per address
 * (docs/decisions/0010-abuse-limits.md): the N+1th request of one user is refused with 429, whatever its
 * address, while another user behind the same address goes on.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ USER_WRITE_LIMITS: '1' });
});
afterAll(async () => {
  await t?.close();
});

async function twoBuyers() {
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  return {
    a: authHeader(await signIn(t.app, a!.email, a!.password)),
    b: authHeader(await signIn(t.app, b!.email, b!.password)),
  };
}

describe('per-user limits', () => {
  it('are off with USER_WRITE_LIMITS=0 (the default under NODE_ENV=test)', async () => {
    const off = await createTestApp();
    try {
      expect(off.config.userWriteLimits).toBe(false);
      const u = await createUser(off.db);
      const auth = authHeader(await signIn(off.app, u.email, u.password));
      const codes = new Set<number>();
      for (let i = 0; i <= PER_USER_LIMITS.review.max; i++)
        codes.add(
          (
            await off.app.inject({
              method: 'POST',
              url: `/api/products/${randomUUID()}/reviews`,
              headers: auth,
              payload: { rating: 5, comment: 'Lovely' },
            })
          ).statusCode,
        );
      expect([...codes]).toEqual([404]);
    } finally {
      await off.close();
    }
  });

  it(`POST /api/orders: the ${PER_USER_LIMITS.placeOrder.max + 1}th of one user is 429, another user is not limited`, async () => {
    const { a, b } = await twoBuyers();
    // Each request counts, whatever its answer (an empty body is a cheap 400), and from any address.
    const post = (headers: Record<string, string>, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: {},
        remoteAddress: `198.51.100.${(i % 200) + 1}`,
      });
    const codes: number[] = [];
    for (let i = 0; i < PER_USER_LIMITS.placeOrder.max; i++) codes.push((await post(a, i)).statusCode);
    expect(codes).toEqual(Array(PER_USER_LIMITS.placeOrder.max).fill(400));
    const over = await post(a, 999);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: 'Too many attempts, please try again later' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another buyer, even from the address the first one used last, is untouched.
    expect((await post(b, 999)).statusCode).toBe(400);
  });

  it(`POST /api/products/:id/reviews: the ${PER_USER_LIMITS.review.max + 1}th of one user is 429, another user is not limited`, async () => {
    const { a, b } = await twoBuyers();
    const review = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${randomUUID()}/reviews`,
        headers,
        payload: { rating: 5, comment: 'Lovely' },
        remoteAddress: '203.0.113.5',
      });
    const codes: number[] = [];
    for (let i = 0; i < PER_USER_LIMITS.review.max; i++) codes.push((await review(a)).statusCode);
    expect(codes).toEqual(Array(PER_USER_LIMITS.review.max).fill(404));
    expect((await review(a)).statusCode).toBe(429);
    expect((await review(b)).statusCode).toBe(404);
  });
});
