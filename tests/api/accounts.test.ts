import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { ROLE_NAMES } from '#shared/roles.ts';
import { authResponse, userSchema } from '#shared/schemas/user.ts';
import { roles, sessions, shops, users } from '../../src/server/db/schema/index.ts';
import { hashToken, SESSION_COOKIE } from '../../src/server/plugins/auth.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, signIn, uniqueEmail } from '../factories/users.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ORIGIN = 'http://localhost:80';

function buyerBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Rao',
    phone: '9876543210',
    email: uniqueEmail('reg'),
    password: 'Secret@123',
    confirmPassword: 'Secret@123',
    address: '4 Park Street',
    country: 'India',
    state: 'West Bengal',
    city: 'Kolkata',
    ...overrides,
  };
}

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload, headers });
const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });
const getProfile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers });

function profileBody(u: { name: string; email: string }, overrides: Record<string, unknown> = {}) {
  return {
    name: u.name,
    phone: '9123456780',
    email: u.email,
    address: '7 Residency Road',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    ...overrides,
  };
}

function sessionCookie(res: {
  cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string }[];
}) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

describe('POST /api/users (register)', () => {
  it('registers a buyer: 201, user + token, httpOnly cookie; token works as Bearer and as cookie', async () => {
    const body = buyerBody({ currency: 'USD' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = authResponse.parse(res.json());
    expect(json).toMatchObject({
      name: 'Asha Rao',
      email: body.email,
      phone: '9876543210',
      role: ['Buyer'],
      active: true,
      country: 'India',
      // derived from the country on the server; the body's USD is ignored
      currency: 'INR',
      bank_account: null,
      buisnessRegistrationCode: null,
      shop: null,
      verificationDocs: [],
    });
    expect(res.json()).not.toHaveProperty('password');
    expect(res.json()).not.toHaveProperty('passwordHash');

    const cookie = sessionCookie(res);
    expect(cookie?.value).toBe(json.token);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const viaBearer = await getProfile(authHeader(json.token));
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json()).toMatchObject({ _id: json._id, email: body.email });
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      cookies: { [SESSION_COOKIE]: json.token },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json()._id).toBe(json._id);
  });

  it('stores the password hashed and the session token only as its hash', async () => {
    const body = buyerBody();
    const res = await register(body);
    const { token, _id } = res.json() as { token: string; _id: string };
    const [u] = await t.db.select().from(users).where(eq(users.id, _id));
    expect(u?.passwordHash).toMatch(/^scrypt\$/);
    expect(u?.passwordHash).not.toContain(body.password);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, _id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(rows[0]?.tokenHash).not.toBe(token);
    const raw = await t.db.execute(sql`select count(*)::int as n from sessions where token_hash = ${token}`);
    expect(raw.rows[0]).toEqual({ n: 0 });
  });

  it('derives the currency from another country', async () => {
    const res = await register(buyerBody({ country: 'US', state: 'California', city: 'San Jose' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ country: 'United States', currency: 'USD' });
  });

  it('refuses an unknown country', async () => {
    const res = await register(buyerBody({ country: 'Atlantis' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'country', message: 'Please select a country' }]);
  });

  it.each([['Admin'], ['Auditor'], ['Distributor'], [['Buyer', 'Admin']], ['admin']])(
    'refuses to register with role %j (403) and writes nothing',
    async (role) => {
      const body = buyerBody({ role });
      const res = await register(body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toEqual(expect.any(String));
      const rows = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(rows).toHaveLength(0);
    },
  );

  it('refuses Admin given by role id (403)', async () => {
    const [admin] = await t.db.select().from(roles).where(eq(roles.name, 'Admin'));
    const res = await register(buyerBody({ role: admin!.id }));
    expect(res.statusCode).toBe(403);
  });

  it('answers an unknown role with 400 "{role} role not found"', async () => {
    const res = await register(buyerBody({ role: 'Wizard' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.roleNotFound('Wizard'));
    expect(res.json().message).toBe('Wizard role not found');
  });

  it('accepts the self-service roles by name or id', async () => {
    const [buyer] = await t.db.select().from(roles).where(eq(roles.name, 'Buyer'));
    expect((await register(buyerBody({ role: 'Buyer' }))).statusCode).toBe(201);
    expect((await register(buyerBody({ role: [buyer!.id] }))).statusCode).toBe(201);
  });

  it('decides the role by docs/product/messages.md: company, individual, buyer; sellers start inactive', async () => {
    // Sellers also give an identity proof (docs/product/messages.md; accounts-seller.test.ts covers those rules).
    const idProof = { identifyProof: 'Pan Card', identifyProofNumber: 'ABCDE1234F' };
    const company = await register(
      buyerBody({ bank_account: '123456789012', buisnessRegistrationCode: '22AAAAA0000A1ZC', ...idProof }),
    );
    expect(company.statusCode).toBe(201);
    expect(company.json()).toMatchObject({
      role: ['Seller-Company'],
      active: false,
      bank_account: '123456789012',
      buisnessRegistrationCode: '22AAAAA0000A1ZC',
    });

    // asking for Seller-Company does not make one without the bank account: the rule decides
    const individual = await register(
      buyerBody({ bank_account: '123456789012', role: 'Seller-Company', ...idProof }),
    );
    expect(individual.statusCode).toBe(201);
    expect(individual.json()).toMatchObject({
      role: ['Seller-Individual'],
      active: false,
      buisnessRegistrationCode: null,
    });

    const buyer = await register(
      buyerBody({ buisnessRegistrationCode: '22AAAAA0000A1ZC', role: 'Seller-Company' }),
    );
    expect(buyer.statusCode).toBe(201);
    expect(buyer.json()).toMatchObject({ role: ['Buyer'], active: true });
  });

  it('refuses a duplicate e-mail with 409, also in another letter case', async () => {
    const body = buyerBody({ email: uniqueEmail('dup') });
    expect((await register(body)).statusCode).toBe(201);
    const again = await register({ ...body, name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User already exists');
    const upper = await register({ ...body, email: body.email.toUpperCase() });
    expect(upper.statusCode).toBe(409);
    expect(upper.json().message).toBe(MSG.userExists);
  });

  it('lets only one of two simultaneous sign-ups with the same e-mail through', async () => {
    const body = buyerBody({ email: uniqueEmail('race') });
    const codes = (
      await Promise.all([register(body), register({ ...body, email: body.email.toUpperCase() })])
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([201, 409]);
  });

  it('validates fields: 400 with the errors list', async () => {
    const shortPhone = await register(buyerBody({ phone: '98765' }));
    expect(shortPhone.statusCode).toBe(400);
    expect(shortPhone.json().errors).toContainEqual({
      path: 'phone',
      message: 'Mobile number must be exactly 10 digits',
    });

    const mismatch = await register(buyerBody({ confirmPassword: 'Different@123' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toContainEqual({
      path: 'confirmPassword',
      message: 'Passwords do not match',
    });

    const badEmail = await register(buyerBody({ email: 'not-an-email' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors[0].path).toBe('email');

    const shortPassword = await register(buyerBody({ password: 'short', confirmPassword: 'short' }));
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().message).toBe('Password must be at least 8 characters');
  });

  // `active` and `verificationDocs` are accepted and ignored (spec-compatible-bodies.test.ts).
  it('refuses fields a registrant may not set (_id)', async () => {
    const res2 = await register(buyerBody({ _id: '00000000-0000-4000-8000-000000000000' }));
    expect(res2.statusCode).toBe(400);
  });
});

describe('POST /api/users/login', () => {
  it('signs in: 200 authResponse + cookie', async () => {
    const u = await createUser(t.db, { name: 'Login Ok' });
    const res = await login(u.email.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
    const json = authResponse.parse(res.json());
    expect(json).toMatchObject({ _id: u.id, name: 'Login Ok', role: ['Buyer'] });
    expect(sessionCookie(res)?.value).toBe(json.token);
    expect((await getProfile(authHeader(json.token))).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail identically (401)', async () => {
    const u = await createUser(t.db);
    const wrongPassword = await login(u.email, 'Wrong@12345', '10.0.0.1');
    const unknownEmail = await login(uniqueEmail('nobody'), u.password, '10.0.0.1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      message: 'Invalid email or password',
      code: 'invalid_login',
      requestId: expect.any(String),
    });
    // Byte for byte the same answer, but for each request's own id.
    const withoutId = (res: typeof wrongPassword) =>
      res.body.replace(String(res.headers['x-request-id']), '');
    expect(withoutId(unknownEmail)).toBe(withoutId(wrongPassword));
  });

  it('refuses deleted users', async () => {
    const u = await createUser(t.db, { deletedAt: new Date() });
    const res = await login(u.email, u.password, '10.0.0.2');
    expect(res.statusCode).toBe(401);
  });

  it('lets inactive sellers sign in (they see the review screen)', async () => {
    const u = await createUser(t.db, { roles: ['Seller-Individual'], active: false, bankAccount: '111' });
    const res = await login(u.email, u.password, '10.0.0.3');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false, role: ['Seller-Individual'] });
  });

  it('rate limits the 11th failed attempt for one e-mail from one IP (429); other e-mails still work', async () => {
    const ip = '10.0.1.1';
    const victim = await createUser(t.db);
    const other = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      const res = await login(victim.email, 'Wrong@12345', ip);
      expect(res.statusCode).toBe(401);
    }
    const eleventh = await login(victim.email, 'Wrong@12345', ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({
      message: 'Too many attempts, please try again later',
      code: 'rate_limited',
      requestId: expect.any(String),
    });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // even the right password is refused while blocked
    expect((await login(victim.email, victim.password, ip)).statusCode).toBe(429);
    // another e-mail from the same IP, and the same e-mail from another IP, are not blocked
    expect((await login(other.email, other.password, ip)).statusCode).toBe(200);
    expect((await login(victim.email, victim.password, '10.0.1.2')).statusCode).toBe(200);
  });

  it('a success clears the failed-attempt counter', async () => {
    const ip = '10.0.2.1';
    const u = await createUser(t.db);
    for (let i = 0; i < 9; i++) expect((await login(u.email, 'Wrong@12345', ip)).statusCode).toBe(401);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(u.email, 'Wrong@12345', ip)).statusCode).toBe(401);
    expect((await login(u.email, 'Wrong@12345', ip)).statusCode).toBe(429);
  });

  it('caps failures per IP across e-mails', async () => {
    const ip = '10.0.3.1';
    for (let i = 0; i < 50; i++) {
      const res = await login(uniqueEmail('spray'), 'Wrong@12345', ip);
      expect(res.statusCode).toBe(401);
    }
    expect((await login(uniqueEmail('spray'), 'Wrong@12345', ip)).statusCode).toBe(429);
    // 50 password-hash checks: slow on a loaded 2-core machine.
  }, 120_000);
});

describe('POST /api/users/logout', () => {
  it('ends the session: the token becomes useless and the cookie is cleared', async () => {
    const u = await createUser(t.db);
    const token = await signIn(t.app, u.email, u.password);
    expect((await getProfile(authHeader(token))).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    const cleared = sessionCookie(res);
    expect(cleared?.value).toBe('');
    expect((await getProfile(authHeader(token))).statusCode).toBe(401);
    const left = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(left).toHaveLength(0);
  });

  it('ends only that session; works without one', async () => {
    const u = await createUser(t.db);
    const a = await signIn(t.app, u.email, u.password);
    const b = await signIn(t.app, u.email, u.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      cookies: { [SESSION_COOKIE]: a },
      headers: { origin: ORIGIN },
    });
    expect((await getProfile(authHeader(a))).statusCode).toBe(401);
    expect((await getProfile(authHeader(b))).statusCode).toBe(200);
    const anon = await t.app.inject({ method: 'POST', url: '/api/users/logout' });
    expect(anon.statusCode).toBe(200);
  });
});

describe('GET /api/users/profile and /api/users/:id', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    expect((await getProfile(authHeader('not-a-real-token'))).statusCode).toBe(401);
  });

  it('maps the user: shop from the shops table, documents as labels, never paths or hashes', async () => {
    const u = await createUser(t.db, {
      roles: ['Seller-Company'],
      bankAccount: '998877',
      businessRegistrationCode: '22AAAAA0000A1ZC',
      identifyProof: 'Passport',
      identifyProofNumber: 'A1234567',
      verificationDocs: ['kyc/secret-path-1.pdf', 'kyc/secret-path-2.png'],
      shop: { shopName: 'Kavya Test Textiles', shopPicture: '/uploads/p.webp' },
    });
    const token = await signIn(t.app, u.email, u.password);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${u.id}`, headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    const json = userSchema.parse(res.json());
    expect(json).toMatchObject({
      _id: u.id,
      role: ['Seller-Company'],
      bank_account: '998877',
      buisnessRegistrationCode: '22AAAAA0000A1ZC',
      identifyProof: 'Passport',
      identifyProofNumber: 'A1234567',
      verificationDocs: ['Document 1', 'Document 2'],
      shop: {
        _id: u.shop!.id,
        shopName: 'Kavya Test Textiles',
        shopPicture: '/uploads/p.webp',
        shopBanner: null,
      },
    });
    expect(res.body).not.toContain('secret-path');
    expect(res.body).not.toContain('scrypt');
  });

  it("'profile' means me; another user's profile is 404 for a buyer and 200 for Admin and Auditor", async () => {
    const target = await createUser(t.db, { name: 'Target' });
    const buyer = await createUser(t.db);
    const admin = await createUser(t.db, { roles: ['Admin'] });
    const auditor = await createUser(t.db, { roles: ['Auditor'] });
    const distributor = await createUser(t.db, { roles: ['Distributor'] });
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const get = async (who: { email: string; password: string }, id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/users/${id}`,
        headers: authHeader(await signIn(t.app, who.email, who.password)),
      });

    const mine = await get(buyer, 'profile');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()._id).toBe(buyer.id);
    expect((await get(buyer, buyer.id)).statusCode).toBe(200);

    for (const who of [buyer, distributor, seller]) {
      const res = await get(who, target.id);
      expect(res.statusCode).toBe(404);
    }
    for (const who of [admin, auditor]) {
      const res = await get(who, target.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: target.id, name: 'Target' });
    }
    expect((await get(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(admin, 'not-a-uuid')).statusCode).toBe(404);
  });
});

describe('PUT /api/users/profile', () => {
  const put = (payload: Record<string, unknown>, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile', payload, headers });

  it('updates the caller only, re-derives currency, and returns the user', async () => {
    const u = await createUser(t.db, { name: 'Before' });
    const bystander = await createUser(t.db, { name: 'Bystander' });
    const token = await signIn(t.app, u.email, u.password);
    const res = await put(
      profileBody(u, { name: 'After', country: 'AE', state: 'Dubai', city: 'Dubai' }),
      authHeader(token),
    );
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json())).toMatchObject({
      _id: u.id,
      name: 'After',
      phone: '9123456780',
      country: 'United Arab Emirates',
      currency: 'AED',
      role: ['Buyer'],
      active: true,
    });
    const [other] = await t.db.select().from(users).where(eq(users.id, bystander.id));
    expect(other?.name).toBe('Bystander');
  });

  it.each([
    // `role` is accepted and ignored (spec-compatible-bodies.test.ts).
    ['active', { active: false }],
    ['_id', { _id: '00000000-0000-4000-8000-000000000000' }],
    ['passwordHash', { passwordHash: 'x' }],
  ])('refuses %s in the body (400) and changes nothing', async (_field, extra) => {
    const u = await createUser(t.db, { name: 'Untouched' });
    const token = await signIn(t.app, u.email, u.password);
    const res = await put(profileBody(u, { name: 'Changed', ...extra }), authHeader(token));
    expect(res.statusCode).toBe(400);
    const me = (await getProfile(authHeader(token))).json();
    expect(me).toMatchObject({ name: 'Untouched', role: ['Buyer'], active: true });
  });

  it('validates the 10-digit phone and matching passwords', async () => {
    const u = await createUser(t.db);
    const token = await signIn(t.app, u.email, u.password);
    const phone = await put(profileBody(u, { phone: '12345678901' }), authHeader(token));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toContainEqual({
      path: 'phone',
      message: 'Mobile number must be exactly 10 digits',
    });
    const pw = await put(
      profileBody(u, { password: 'NewSecret@1', confirmPassword: 'Other@1234' }),
      authHeader(token),
    );
    expect(pw.statusCode).toBe(400);
    expect(pw.json().message).toBe('Passwords do not match');
  });

  it("refuses another user's e-mail with 409 (any case)", async () => {
    const u = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await signIn(t.app, u.email, u.password);
    const res = await put(
      profileBody(u, { email: other.email.toUpperCase(), currentPassword: u.password }),
      authHeader(token),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('User already exists');
    // changing to a free address works
    const fresh = uniqueEmail('moved');
    const ok = await put(profileBody(u, { email: fresh, currentPassword: u.password }), authHeader(token));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(fresh);
  });

  it('a new password is re-hashed and ends the other sessions, not this one', async () => {
    const u = await createUser(t.db);
    const current = await signIn(t.app, u.email, u.password);
    const other = await signIn(t.app, u.email, u.password);
    const res = await put(
      profileBody(u, {
        password: 'BrandNew@2024',
        confirmPassword: 'BrandNew@2024',
        currentPassword: u.password,
      }),
      authHeader(current),
    );
    expect(res.statusCode).toBe(200);
    expect((await getProfile(authHeader(current))).statusCode).toBe(200);
    expect((await getProfile(authHeader(other))).statusCode).toBe(401);
    expect((await login(u.email, u.password, '10.0.4.1')).statusCode).toBe(401);
    expect((await login(u.email, 'BrandNew@2024', '10.0.4.1')).statusCode).toBe(200);
  });

  it('an empty password leaves the password and sessions alone', async () => {
    const u = await createUser(t.db);
    const current = await signIn(t.app, u.email, u.password);
    const other = await signIn(t.app, u.email, u.password);
    const res = await put(profileBody(u, { password: '', confirmPassword: '' }), authHeader(current));
    expect(res.statusCode).toBe(200);
    expect((await getProfile(authHeader(other))).statusCode).toBe(200);
    expect((await login(u.email, u.password, '10.0.4.2')).statusCode).toBe(200);
  });

  it('changes a bank account on file, but refuses to add one where none is', async () => {
    const withAccount = await createUser(t.db, {
      roles: ['Seller-Individual'],
      bankAccount: '111122223333',
      shop: { shopName: `Shop ${uniqueEmail()}` },
    });
    const t1 = await signIn(t.app, withAccount.email, withAccount.password);
    const changed = await put(
      profileBody(withAccount, { bank_account: '444455556666', currentPassword: withAccount.password }),
      authHeader(t1),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().bank_account).toBe('444455556666');
    const kept = await put(profileBody(withAccount, { bank_account: '' }), authHeader(t1));
    expect(kept.json().bank_account).toBe('444455556666');

    const buyer = await createUser(t.db);
    const t2 = await signIn(t.app, buyer.email, buyer.password);
    const refused = await put(profileBody(buyer, { bank_account: '999988887777' }), authHeader(t2));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('bank_account');
    const [row] = await t.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row?.bankAccount).toBeNull();
  });

  it('sellers keep shop settings here; shop name required, at most 30 words, unique', async () => {
    const seller = await createUser(t.db, { roles: ['Seller-Company'], bankAccount: '1234' });
    const token = await signIn(t.app, seller.email, seller.password);
    const missing = await put(profileBody(seller), authHeader(token));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('shopName');

    const tooLong = await put(
      profileBody(seller, { shopName: Array(31).fill('word').join(' ') }),
      authHeader(token),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Shop name cannot exceed 30 words.');

    const badImage = await put(
      profileBody(seller, { shopName: 'Fine', shopPicture: 'javascript:alert(1)' }),
      authHeader(token),
    );
    expect(badImage.statusCode).toBe(400);

    const name = `Loom House ${seller.id.slice(0, 8)}`;
    const ok = await put(
      profileBody(seller, {
        shopName: name,
        shopPicture: '/uploads/shop/pic.webp',
        shopBanner: '/uploads/shop/banner.webp',
      }),
      authHeader(token),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().shop).toMatchObject({
      shopName: name,
      shopPicture: '/uploads/shop/pic.webp',
      shopBanner: '/uploads/shop/banner.webp',
    });

    // leaving the shop fields out keeps the shop as it is
    const kept = await put(profileBody(seller, { name: 'Renamed Seller' }), authHeader(token));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().shop).toMatchObject({ shopName: name, shopPicture: '/uploads/shop/pic.webp' });

    const rival = await createUser(t.db, { roles: ['Seller-Individual'], bankAccount: '5678' });
    const rivalToken = await signIn(t.app, rival.email, rival.password);
    const taken = await put(profileBody(rival, { shopName: name.toUpperCase() }), authHeader(rivalToken));
    expect(taken.statusCode).toBe(409);
  });

  it("drops a buyer's shop fields", async () => {
    const buyer = await createUser(t.db);
    const token = await signIn(t.app, buyer.email, buyer.password);
    const res = await put(profileBody(buyer, { shopName: 'Not A Shop' }), authHeader(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().shop).toBeNull();
    expect(await t.db.select().from(shops).where(eq(shops.userId, buyer.id))).toHaveLength(0);
  });

  it('cookie-authenticated: a foreign Origin is refused (403), our own origin passes', async () => {
    const u = await createUser(t.db, { name: 'Cookie User' });
    const token = await signIn(t.app, u.email, u.password);
    const cookies = { [SESSION_COOKIE]: token };
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      cookies,
      headers: { origin: 'https://evil.example' },
      payload: profileBody(u, { name: 'Hacked' }),
    });
    expect(foreign.statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      cookies,
      payload: profileBody(u, { name: 'Hacked' }),
    });
    expect(noOrigin.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.name).toBe('Cookie User');

    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      cookies,
      headers: { origin: ORIGIN },
      payload: profileBody(u, { name: 'Cookie User 2' }),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().name).toBe('Cookie User 2');
  });
});

describe('GET /api/roles and /api/users/public/:id', () => {
  it('lists the six roles publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; name: string }[];
    expect(list.map((r) => r.name).sort()).toEqual([...ROLE_NAMES].sort());
    for (const r of list) expect(r._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives a user's public name only; 404 for unknown, malformed or deleted", async () => {
    const u = await createUser(t.db, { name: 'Meera Handlooms Owner', roles: ['Seller-Individual'] });
    const res = await t.app.inject({ method: 'GET', url: `/api/users/public/${u.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: u.id, name: 'Meera Handlooms Owner' });

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/users/public/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/public/nope' });
    expect(bad.statusCode).toBe(404);
    const gone = await createUser(t.db, { deletedAt: new Date() });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/public/${gone.id}` })).statusCode).toBe(404);
  });
});
