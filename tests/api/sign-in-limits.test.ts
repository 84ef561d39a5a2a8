import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/server/plugins/login-limiter.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createUser, uniqueEmail, type TestUser } from '../factories/users.ts';

/**
 * Sign-in throttling keys on the account and the address together (docs/decisions/0010-abuse-limits.md): an attacker's
 * failures get the attacker refused, not the people they target.
 */
let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { roles: ['Admin'], password: 'Admin@Real-1' });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });

// Each refused guess checks a password hash (tens of milliseconds of CPU, far more on a loaded 2-core
// machine running two test workers): these tests make 50–100 of them, so they get more than the default.
describe('sign-in limits per account and address', { timeout: 120_000 }, () => {
  it('60 failures from one address: the attacker gets 429, the admin from elsewhere signs in', async () => {
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login(admin.email, 'Guess@1234', attacker)).statusCode);
    for (let i = 0; i < 40; i++)
      statuses.push((await login(uniqueEmail('sprayed'), 'Guess@1234', attacker)).statusCode);
    // Ten guesses at the admin, then refused; the refused ones do not use up the address's 50.
    expect(statuses.slice(0, 20)).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    expect(statuses.slice(20)).toEqual(Array(40).fill(401));
    const refused = await login(uniqueEmail('sprayed'), 'Guess@1234', attacker);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused from the attacker's address: no oracle there.
    expect((await login(admin.email, admin.password, attacker)).statusCode).toBe(429);

    // The admin, from an address with no failures, with the right password.
    const res = await login(admin.email, admin.password, '198.51.100.5');
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(admin.email);
  });

  it("a guess from many addresses at one account: over the account's cap, failed addresses wait, a fresh one keeps one try", async () => {
    const victim = await createUser(t.db, { password: 'Victim@Real-1' });
    const perAddress = LOGIN_LIMITS.perAccountAndIp;
    const addresses = Math.ceil(LOGIN_LIMITS.perAccount / perAddress);
    for (let a = 0; a < addresses; a++)
      for (let i = 0; i < perAddress; i++)
        expect((await login(victim.email, 'Guess@1234', `192.0.2.${a + 1}`)).statusCode).toBe(401);

    // A wrong password from a fresh address is answered 401 and counted: its next try is refused.
    expect((await login(victim.email, 'Guess@1234', '198.51.100.20')).statusCode).toBe(401);
    expect((await login(victim.email, 'Guess@1234', '198.51.100.20')).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, '198.51.100.20')).statusCode).toBe(429);

    // The owner, from yet another address, gets in.
    expect((await login(victim.email, victim.password, '198.51.100.21')).statusCode).toBe(200);
    // Another account is not touched by any of this.
    const other = await createUser(t.db);
    expect((await login(other.email, other.password, '192.0.2.1')).statusCode).toBe(200);
  });

  it('an address over its cap still lets in accounts that signed in from it before (a shared proxy)', async () => {
    const proxy = '198.51.100.77';
    const regular = await createUser(t.db);
    expect((await login(regular.email, regular.password, proxy)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++)
      expect((await login(uniqueEmail('sprayed'), 'Guess@1234', proxy)).statusCode).toBe(401);
    expect((await login(uniqueEmail('sprayed'), 'Guess@1234', proxy)).statusCode).toBe(429);
    const newcomer = await createUser(t.db);
    expect((await login(newcomer.email, newcomer.password, proxy)).statusCode).toBe(429);
    expect((await login(regular.email, regular.password, proxy)).statusCode).toBe(200);
  });
});
