import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_MSG } from '#shared/schemas/user.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { verifyPassword } from '../../src/server/lib/password.ts';
import { LOGIN_LIMITS } from '../../src/server/plugins/login-limiter.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, signIn, uniqueEmail, type TestUser } from '../factories/users.ts';

/**
 * A new e-mail, password or payout bank account needs the current password and signs out every other
 * session (docs/decisions/0010-abuse-limits.md): a stolen session alone cannot take the account over.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (payload: Record<string, unknown>, token: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    payload,
    headers: authHeader(token),
    remoteAddress,
  });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers: authHeader(token) });

const bodyOf = (u: TestUser, overrides: Record<string, unknown> = {}) => ({
  name: u.name,
  phone: u.phone,
  email: u.email,
  address: u.address,
  country: u.country,
  state: u.state,
  city: u.city,
  ...overrides,
});

async function stored(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user gone');
  return row;
}

const changes = {
  'e-mail': () => ({ email: uniqueEmail('moved') }),
  password: () => ({ password: 'Brand-New@2026', confirmPassword: 'Brand-New@2026' }),
} as const;

describe('PUT /api/users/profile: current password for sensitive changes', () => {
  for (const [what, change] of Object.entries(changes)) {
    it(`a new ${what}: missing → 400, wrong → 400, right → 200 and other sessions end`, async () => {
      const u = await createUser(t.db);
      const before = await stored(u.id);
      const mine = await signIn(t.app, u.email, u.password);
      const stolen = await signIn(t.app, u.email, u.password);
      const third = await signIn(t.app, u.email, u.password);
      const body = bodyOf(u, change());

      const missing = await put(body, stolen);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        message: CURRENT_PASSWORD_MSG.required,
        errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_MSG.required }],
      });
      const wrong = await put({ ...body, currentPassword: 'Not-It@123' }, stolen);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: CURRENT_PASSWORD_MSG.incorrect,
        errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_MSG.incorrect }],
      });
      // Nothing changed, and every session still works.
      const unchanged = await stored(u.id);
      expect(unchanged.email).toBe(before.email);
      expect(unchanged.passwordHash).toBe(before.passwordHash);
      for (const token of [mine, stolen, third]) expect((await me(token)).statusCode).toBe(200);

      const ok = await put({ ...body, currentPassword: u.password }, mine);
      expect(ok.statusCode, ok.body).toBe(200);
      const after = await stored(u.id);
      if ('email' in body && body.email !== u.email) expect(after.email).toBe(body.email);
      if ('password' in body) expect(await verifyPassword('Brand-New@2026', after.passwordHash)).toBe(true);
      // This session goes on; the others are over.
      expect((await me(mine)).statusCode).toBe(200);
      expect((await me(stolen)).statusCode).toBe(401);
      expect((await me(third)).statusCode).toBe(401);
    });
  }

  it('a new payout bank account needs it too; the same one, or a blank, does not', async () => {
    const seller = await createUser(t.db, {
      roles: ['Seller-Individual'],
      bankAccount: '111122223333',
      shop: { shopName: `Shop ${uniqueEmail()}` },
    });
    const mine = await signIn(t.app, seller.email, seller.password);
    const other = await signIn(t.app, seller.email, seller.password);
    for (const same of ['111122223333', '']) {
      const res = await put(bodyOf(seller, { bank_account: same }), mine);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await me(other)).statusCode).toBe(200);

    const missing = await put(bodyOf(seller, { bank_account: '999900001111' }), mine);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'currentPassword', message: CURRENT_PASSWORD_MSG.required },
    ]);
    const wrong = await put(
      bodyOf(seller, { bank_account: '999900001111', currentPassword: 'Wrong@12345' }),
      mine,
    );
    expect(wrong.statusCode).toBe(400);
    expect((await stored(seller.id)).bankAccount).toBe('111122223333');

    const ok = await put(
      bodyOf(seller, { bank_account: '999900001111', currentPassword: seller.password }),
      mine,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().bank_account).toBe('999900001111');
    expect((await me(mine)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('other fields change without it and keep the other sessions', async () => {
    const u = await createUser(t.db);
    const mine = await signIn(t.app, u.email, u.password);
    const other = await signIn(t.app, u.email, u.password);
    // Same e-mail in another letter case is not a new address.
    const res = await put(bodyOf(u, { name: 'Renamed', email: u.email.toUpperCase() }), mine);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Renamed');
    expect((await me(other)).statusCode).toBe(200);
  });

  it('guessing the current password through a session is limited like signing in', async () => {
    const u = await createUser(t.db);
    const stolen = await signIn(t.app, u.email, u.password);
    const body = bodyOf(u, { email: uniqueEmail('taken') });
    const ip = '203.0.113.90';
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perAccountAndIp; i++)
      statuses.push((await put({ ...body, currentPassword: `Guess-${i}@x` }, stolen, ip)).statusCode);
    expect(statuses).toEqual([...Array(LOGIN_LIMITS.perAccountAndIp).fill(400), 429]);
    // Refused before it is checked: even the right password gets 429 from there.
    expect((await put({ ...body, currentPassword: u.password }, stolen, ip)).statusCode).toBe(429);
    expect((await stored(u.id)).email).toBe(u.email);
  });
});
