import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MSG } from '#shared/accounts.ts';
import { MSG } from '#shared/messages.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';

/**
 * docs/product/roles-and-accounts.md: an admin cannot delete, demote or deactivate the last active Admin — also when two admins
 * act at the same moment. A database of its own, so this file controls how many Admins exist.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (actor: TestUser, target: TestUser, over: Record<string, unknown>, token: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/${target.id}`,
    headers: authHeader(token),
    payload: { name: target.name, email: target.email, role: ['Admin'], active: true, ...over },
  });

async function rolesOf(id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users/${id}`,
    headers: authHeader(await sessionToken(t.db, id)),
  });
  return res.json() as { role: string[]; active: boolean };
}

describe('the last active Admin', () => {
  it('cannot be demoted, deactivated or deleted — by themselves or by an inactive admin', async () => {
    const only = await createUser(t.db, { name: 'Only Admin', roles: ['Admin'] });
    const dormant = await createUser(t.db, { name: 'Dormant Admin', roles: ['Admin'], active: false });
    const token = await sessionToken(t.db, only.id);
    const dormantToken = await sessionToken(t.db, dormant.id);

    for (const [who, tok, status, message] of [
      [only, token, 409, LAST_ADMIN_MSG],
      // An inactive admin holds no power at all: refused before the last-Admin rule is asked.
      [dormant, dormantToken, 403, MSG.accountInactive],
    ] as const) {
      const demote = await put(who, only, { role: ['Buyer'] }, tok);
      expect(demote.statusCode).toBe(status);
      expect(demote.json().message).toBe(message);
      const deactivate = await put(who, only, { active: false }, tok);
      expect(deactivate.statusCode).toBe(status);
      expect(deactivate.json().message).toBe(message);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/${only.id}`,
        headers: authHeader(tok),
      });
      expect(del.statusCode).toBe(status);
      expect(del.json().message).toBe(message);
    }
    const demoted = await put(only, only, { role: ['Buyer'] }, token);
    expect(demoted.json()).toMatchObject({ message: LAST_ADMIN_MSG, code: 'last_admin' });
    expect(await rolesOf(only.id)).toMatchObject({ role: ['Admin'], active: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, only.id));
    expect(row?.deletedAt).toBeNull();

    // Keeping Admin among other roles is fine.
    expect((await put(only, only, { role: ['Admin', 'Auditor'] }, token)).statusCode).toBe(200);

    // With a second active Admin, one may step down — and then the other is the last.
    const second = await createUser(t.db, { name: 'Second Admin', roles: ['Admin'] });
    expect((await put(only, only, { role: ['Buyer'] }, token)).statusCode).toBe(200);
    const secondToken = await sessionToken(t.db, second.id);
    expect((await put(second, second, { active: false }, secondToken)).statusCode).toBe(409);

    // Clean up for the next test: only `second` is an active Admin now; make `dormant` a plain buyer.
    await t.db.update(users).set({ active: true }).where(eq(users.id, dormant.id));
    expect((await put(second, dormant, { role: ['Buyer'] }, secondToken)).statusCode).toBe(200);
  });

  it('two admins demoting each other at the same moment: exactly one succeeds', async () => {
    const a = await createUser(t.db, { name: 'Admin A', roles: ['Admin'] });
    const b = await createUser(t.db, { name: 'Admin B', roles: ['Admin'] });
    // Retire every other admin so A and B are the only active ones.
    const others = await t.db.select({ id: users.id }).from(users);
    for (const o of others) {
      if (o.id !== a.id && o.id !== b.id)
        await t.db.update(users).set({ active: false }).where(eq(users.id, o.id));
    }
    const [ta, tb] = [await sessionToken(t.db, a.id), await sessionToken(t.db, b.id)];
    const results = await Promise.all([
      put(a, b, { role: ['Buyer'] }, ta),
      put(b, a, { role: ['Buyer'] }, tb),
    ]);
    // The loser is refused by the rule (409), or — when the winner committed before the loser's request
    // was even authenticated — no longer an Admin at all (403).
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const stillAdmin = [(await rolesOf(a.id)).role, (await rolesOf(b.id)).role].filter((r) =>
      r.includes('Admin'),
    );
    expect(stillAdmin).toHaveLength(1);

    // Same for deletes.
    const c = await createUser(t.db, { name: 'Admin C', roles: ['Admin'] });
    const survivor = (await rolesOf(a.id)).role.includes('Admin') ? a : b;
    const [ts, tc] = [await sessionToken(t.db, survivor.id), await sessionToken(t.db, c.id)];
    const deletes = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/users/${c.id}`, headers: authHeader(ts) }),
      t.app.inject({ method: 'DELETE', url: `/api/users/${survivor.id}`, headers: authHeader(tc) }),
    ]);
    const deleteCodes = deletes.map((r) => r.statusCode).sort();
    expect(deleteCodes[0]).toBe(200);
    // 409 by the rule, or 401 when the loser's account (and session) was already gone.
    expect([401, 409]).toContain(deleteCodes[1]);
    const left = await t.db.select({ id: users.id, deletedAt: users.deletedAt }).from(users);
    const remaining = [survivor.id, c.id].filter((id) => left.some((u) => u.id === id && !u.deletedAt));
    expect(remaining).toHaveLength(1);
  });
});
