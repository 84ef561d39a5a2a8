import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles, users } from '../../src/server/db/schema/index.ts';
import { authHeader, createUser, signIn, uniqueEmail } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Request bodies stay strict, but a few fields older clients send that are not the caller's to set are
 * accepted and ignored, never written (docs/product/api.md): `active` and `verificationDocs` at
 * registration, `role` in a profile update. Any other unknown field is still 400.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const buyer = (extra: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  phone: '9876543210',
  email: uniqueEmail('compat'),
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  address: '4 Park Street',
  country: 'India',
  state: 'West Bengal',
  city: 'Kolkata',
  ...extra,
});
const seller = (extra: Record<string, unknown> = {}) =>
  buyer({
    phone: '98765',
    bank_account: '123456789012',
    identifyProof: 'Pan Card',
    identifyProofNumber: 'ABCDE1234F',
    ...extra,
  });

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload });

async function stored(email: string) {
  const [row] = await t.db
    .select({ id: users.id, active: users.active, docs: users.verificationDocs })
    .from(users)
    .where(eq(users.email, email));
  return row!;
}
async function roleNames(userId: string) {
  const rows = await t.db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name).sort();
}

describe('registration: active and verificationDocs are accepted and ignored', () => {
  it('a buyer who sends active: false and documents is still an active buyer without documents', async () => {
    const body = buyer({ active: false, verificationDocs: ['https://evil.example/kyc.pdf'] });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: ['Buyer'], active: true, verificationDocs: [] });
    const row = await stored(body.email);
    expect(row).toMatchObject({ active: true, docs: [] });
  });

  it('a seller who sends active: true and documents still starts inactive, without documents', async () => {
    const body = seller({ active: true, verificationDocs: ['kyc/someone-else.pdf', 'x'] });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: ['Seller-Individual'], active: false, verificationDocs: [] });
    const row = await stored(body.email);
    expect(row).toMatchObject({ active: false, docs: [] });
  });

  it('any other unknown field is still refused (400) and creates nothing', async () => {
    for (const extra of [
      { isAdmin: true },
      { _id: '00000000-0000-4000-8000-000000000000' },
      { token: 'x' },
    ]) {
      const body = buyer(extra);
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input' });
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    }
  });
});

describe('profile update: role is accepted and ignored', () => {
  const profile = (u: { name: string; email: string }, extra: Record<string, unknown> = {}) => ({
    name: 'Changed Name',
    phone: '9123456780',
    email: u.email,
    address: '7 Residency Road',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    ...extra,
  });
  const put = (payload: Record<string, unknown>, token: string) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile', payload, headers: authHeader(token) });

  it('a buyer who sends role: [Admin] updates the profile and stays a buyer', async () => {
    const u = await createUser(t.db, { name: 'Plain Buyer' });
    const token = await signIn(t.app, u.email, u.password);
    for (const role of [['Admin'], 'Admin', ['Buyer', 'Seller-Company']]) {
      const res = await put(profile(u, { role }), token);
      expect(res.statusCode, JSON.stringify(role)).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Changed Name', role: ['Buyer'] });
    }
    expect(await roleNames(u.id)).toEqual(['Buyer']);
  });

  it('active and any other unknown field are still refused (400) and change nothing', async () => {
    const u = await createUser(t.db, { name: 'Untouched' });
    const token = await signIn(t.app, u.email, u.password);
    for (const extra of [{ active: false }, { passwordHash: 'x' }, { isAdmin: true }]) {
      const res = await put(profile(u, extra), token);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const [row] = await t.db
      .select({ name: users.name, active: users.active })
      .from(users)
      .where(eq(users.id, u.id));
    expect(row).toEqual({ name: 'Untouched', active: true });
    expect(await roleNames(u.id)).toEqual(['Buyer']);
  });
});
