import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MSG } from '#shared/accounts.ts';
import { MSG } from '#shared/messages.ts';
import { notifications, passwordResetTokens, sessions, users } from '../../src/server/db/schema/index.ts';
import { queuedJobs } from '../../src/server/jobs/queue.ts';
import { RESETS_PER_HOUR } from '../../src/server/modules/accounts/password-reset.service.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, signIn, type TestUser } from '../factories/users.ts';

/**
 * Password recovery (issue 7; docs/product/messages.md "Reset password", docs/product/messages.md; docs/product/roles-and-accounts.md): the same answer for known and
 * unknown e-mails, a hashed single-use token valid one hour, a reset that ends every session, and rate
 * limits.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
/** Each test asks from its own address, so the per-IP limit only bites where a test wants it to. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const forgot = (email: string, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, payload: Record<string, unknown>, remoteAddress = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/reset-password/${encodeURIComponent(token)}`,
    payload,
    remoteAddress,
  });
const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers: authHeader(token) });

/** The reset link of the newest reset e-mail queued for `email`, read from the mail job. */
async function latestLink(email: string): Promise<string> {
  const rows = (await queuedJobs(t.db, { kind: 'email.send' }))
    .filter((j) => j.payload.to === email.toLowerCase())
    .reverse();
  const mail = rows
    .map((r) => r.payload as { type: string; text: string })
    .find((p) => p.type === 'password_reset');
  const link = /https?:\/\/\S+\/reset-password\/(\S+)/.exec(mail?.text ?? '');
  if (!link?.[1]) throw new Error(`no reset link for ${email}`);
  return link[0];
}
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

async function tokenRows(user: TestUser) {
  return t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
}

describe('POST /api/users/forgot-password', () => {
  it('answers known and unknown e-mails identically; only a known one gets a link', async () => {
    const user = await createUser(t.db);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@haat.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: MSG.forgotPasswordSent });
    expect(MSG.forgotPasswordSent).toBe('If that email is registered, a reset link has been sent.');
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    expect(await tokenRows(user)).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, user.email.toLowerCase()));
    expect(mails.map((m) => m.type)).toEqual(['password_reset']);
    const unknownMails = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, 'nobody-here@haat.test'));
    expect(unknownMails).toHaveLength(0);
  });

  it('stores only the hash of the token, valid one hour; the e-mail carries the link', async () => {
    const user = await createUser(t.db);
    const before = Date.now();
    await forgot(user.email.toUpperCase());
    const link = await latestLink(user.email);
    expect(link).toMatch(/^http:\/\/[^/]+\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    const [row] = await tokenRows(user);
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row?.tokenHash).not.toContain(token);
    const ttl = row!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 5_000);
  });

  it('sends nothing for a deleted (anonymised) account', async () => {
    const user = await createUser(t.db, { deletedAt: new Date() });
    expect((await forgot(user.email)).json()).toEqual({ message: MSG.forgotPasswordSent });
    expect(await tokenRows(user)).toHaveLength(0);
  });

  it('is rate limited per address (429 on the 6th within 15 minutes)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await forgot(`limit-${i}@haat.test`, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await forgot('limit-x@haat.test', freshIp())).statusCode).toBe(200);
  });

  it(`gives one account at most ${RESETS_PER_HOUR} links an hour, quietly`, async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < RESETS_PER_HOUR + 2; i++) {
      const res = await forgot(user.email);
      expect(res.json()).toEqual({ message: MSG.forgotPasswordSent });
    }
    expect(await tokenRows(user)).toHaveLength(RESETS_PER_HOUR);
  });

  it('validates the e-mail (400)', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('email');
  });
});

describe('POST /api/users/reset-password/:token', () => {
  it('sets the new password once; the token is then used up (401); every session ends', async () => {
    const user = await createUser(t.db);
    const session1 = await signIn(t.app, user.email, user.password);
    const session2 = await signIn(t.app, user.email, user.password);
    await forgot(user.email);
    const token = tokenOf(await latestLink(user.email));

    const res = await reset(token, { password: 'Brand@New123', confirmPassword: 'Brand@New123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: RESET_MSG.passwordReset });

    // Signed out everywhere.
    expect((await profile(session1)).statusCode).toBe(401);
    expect((await profile(session2)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    // New password works, old does not.
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    expect(await signIn(t.app, user.email, 'Brand@New123')).toEqual(expect.any(String));

    const again = await reset(token, { password: 'Other@12345' });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MSG.invalidOrExpiredToken);
    expect(MSG.invalidOrExpiredToken).toBe('Invalid or expired token');
  });

  it('an expired token is 401 and changes nothing', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = tokenOf(await latestLink(user.email));
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(token, { password: 'Brand@New123' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.invalidOrExpiredToken);
    expect(await signIn(t.app, user.email, user.password)).toEqual(expect.any(String));
  });

  it('a token one minute from expiry still works', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = tokenOf(await latestLink(user.email));
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await reset(token, { password: 'Brand@New123' })).statusCode).toBe(200);
  });

  it("'Passwords do not match' (400) leaves the token usable; a short password is 400", async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = tokenOf(await latestLink(user.email));
    const mismatch = await reset(token, { password: 'Brand@New123', confirmPassword: 'Brand@New124' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(MSG.passwordsDoNotMatch);
    const short = await reset(token, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect((await reset(token, { password: 'Brand@New123' })).statusCode).toBe(200);
  });

  it('unknown tokens are 401; two resets racing with one token: one wins', async () => {
    expect((await reset('x'.repeat(43), { password: 'Brand@New123' })).statusCode).toBe(401);
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = tokenOf(await latestLink(user.email));
    const codes = (
      await Promise.all([
        reset(token, { password: 'First@12345' }),
        reset(token, { password: 'Second@12345' }),
      ])
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 401]);
  });

  it("a reset retires the account's other outstanding links", async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const first = tokenOf(await latestLink(user.email));
    await forgot(user.email);
    const second = tokenOf(await latestLink(user.email));
    expect(first).not.toBe(second);
    expect((await reset(second, { password: 'Brand@New123' })).statusCode).toBe(200);
    expect((await reset(first, { password: 'Other@12345' })).statusCode).toBe(401);
  });

  it('a deleted account cannot use a link it was given before', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = tokenOf(await latestLink(user.email));
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await reset(token, { password: 'Brand@New123' })).statusCode).toBe(401);
  });

  it('is rate limited per address', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await reset(`junk${i}`, { password: 'Brand@New123' }, ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
