import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { sellerOnboardingSchema, type SellerOnboarding } from '#shared/schemas/dashboard.ts';
import { userSchema } from '#shared/schemas/user.ts';
import { shops, users } from '../../src/server/db/schema/index.ts';
import { createProduct } from '../factories/catalog.ts';
import { authHeader, createUser, sessionToken, uniqueEmail } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Seller onboarding (ADR 0134): the shop name given at sign-up, unique by its /shop/ link, and the
 * activated seller's first-steps checklist, ticked from the seller's own rows.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tag = Math.random().toString(36).slice(2, 8);

function sellerBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Kiran Textiles',
    phone: '919876543210',
    email: uniqueEmail('seller'),
    password: 'Secret@123',
    confirmPassword: 'Secret@123',
    address: '9 Weavers Lane',
    country: 'India',
    state: 'Telangana',
    city: 'Hyderabad',
    bank_account: '50100234567891',
    buisnessRegistrationCode: '36AABCK4821M1ZE',
    identifyProof: 'Pan Card',
    identifyProofNumber: 'AABCK4821M',
    ...overrides,
  };
}
const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload });

describe('shop name at seller sign-up', () => {
  it('a seller names the shop at sign-up; it is stored tidied, and the seller is still under review', async () => {
    const res = await register(sellerBody({ shopName: `  Kiran   Weaves ${tag} ` }));
    expect(res.statusCode).toBe(201);
    const user = userSchema.parse(res.json());
    expect(user.active).toBe(false);
    expect(user.shop?.shopName).toBe(`Kiran Weaves ${tag}`);
  });

  it('a name whose /shop/ link another shop already has is 409 shop_name_taken, on the field', async () => {
    for (const taken of [`kiran weaves ${tag}`, `KIRAN-WEAVES-${tag}`, `Kiran--Weaves ${tag}`]) {
      const res = await register(sellerBody({ shopName: taken }));
      expect(res.statusCode, taken).toBe(409);
      expect(res.json()).toMatchObject({
        message: ACCOUNT_MSG.shopNameTaken,
        code: 'shop_name_taken',
        errors: [{ path: 'shopName', message: ACCOUNT_MSG.shopNameTaken }],
      });
    }
    // Nothing was created for the refused sign-ups.
    const email = uniqueEmail('seller');
    await register(sellerBody({ email, shopName: `kiran weaves ${tag}` }));
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('simultaneous sign-ups to one /shop/ link: exactly one shop gets it, the others 409', async () => {
    const names = [`Race Looms ${tag}`, `race-looms-${tag}`, `RACE LOOMS ${tag}`, `Race--Looms ${tag}`];
    const answers = await Promise.all(names.map((shopName) => register(sellerBody({ shopName }))));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toMatchObject({ code: 'shop_name_taken' });
    const rows = await t.db.select({ shopName: shops.shopName }).from(shops);
    const sameLink = rows.filter(
      (r) => r.shopName.replace(/-+/g, ' ').replace(/\s+/g, ' ').toLowerCase() === `race looms ${tag}`,
    );
    expect(sameLink).toHaveLength(1);
  });

  it('the shop name is validated on the server (blank, over 30 words)', async () => {
    expect((await register(sellerBody({ shopName: '   ' }))).statusCode).toBe(400);
    expect((await register(sellerBody({ shopName: Array(31).fill('w').join(' ') }))).statusCode).toBe(400);
  });

  it("a buyer's shop name is ignored", async () => {
    const res = await register({
      ...sellerBody({ shopName: `Buyer Shop ${tag}`, phone: '9876543210' }),
      bank_account: undefined,
      buisnessRegistrationCode: undefined,
      identifyProof: undefined,
      identifyProofNumber: undefined,
    });
    expect(res.statusCode).toBe(201);
    expect(userSchema.parse(res.json()).shop).toBeNull();
  });

  it('Shop Settings refuse a name whose link another shop has, and keep one that only differs from the own', async () => {
    const seller = await createUser(t.db, {
      roles: ['Seller-Individual'],
      shop: { shopName: `Mine ${tag}` },
    });
    const token = await sessionToken(t.db, seller.id);
    const update = (shopName: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: authHeader(token),
        payload: {
          name: seller.name,
          phone: seller.phone,
          email: seller.email,
          address: seller.address,
          country: seller.country,
          state: seller.state,
          city: seller.city,
          shopName,
        },
      });
    expect((await update(`kiran-weaves-${tag}`)).statusCode).toBe(409);
    const own = await update(`MINE-${tag}`);
    expect(own.statusCode).toBe(200);
    expect(userSchema.parse(own.json()).shop?.shopName).toBe(`MINE-${tag}`);
  });
});

describe('GET /api/seller/onboarding', () => {
  const get = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/seller/onboarding',
      ...(token && { headers: authHeader(token) }),
    });
  const done = (body: SellerOnboarding) => body.steps.filter((s) => s.done).map((s) => s.id);

  it("ticks each step from the seller's own data, and is all done once every step is", async () => {
    const seller = await createUser(t.db, {
      roles: ['Seller-Company'],
      bankAccount: null,
      shop: { shopName: `Steps ${tag}` },
    });
    const other = await createUser(t.db, { roles: ['Seller-Company'], bankAccount: '123456789' });
    await createProduct(t.db, { sellerId: other.id });
    const token = await sessionToken(t.db, seller.id);

    const first = sellerOnboardingSchema.parse((await get(token)).json());
    expect(first.steps.map((s) => [s.id, s.href])).toEqual([
      ['shopImages', '/profile'],
      ['payoutAccount', '/profile'],
      ['firstProduct', '/seller/productlist'],
    ]);
    expect(done(first)).toEqual([]);
    expect(first.allDone).toBe(false);

    await t.db
      .update(shops)
      .set({ shopPicture: '/uploads/p.webp', shopBanner: '/uploads/b.webp' })
      .where(eq(shops.userId, seller.id));
    await t.db.update(users).set({ bankAccount: '50100234567891' }).where(eq(users.id, seller.id));
    expect(done(sellerOnboardingSchema.parse((await get(token)).json()))).toEqual([
      'shopImages',
      'payoutAccount',
    ]);

    await createProduct(t.db, { sellerId: seller.id, status: false });
    const last = sellerOnboardingSchema.parse((await get(token)).json());
    expect(done(last)).toEqual(['shopImages', 'payoutAccount', 'firstProduct']);
    expect(last.allDone).toBe(true);
  });

  it('is for active sellers only: 401 signed out, 403 for a buyer, an Admin and a seller under review', async () => {
    expect((await get()).statusCode).toBe(401);
    for (const who of [
      await createUser(t.db),
      await createUser(t.db, { roles: ['Admin'] }),
      await createUser(t.db, { roles: ['Seller-Individual'], active: false }),
    ]) {
      const res = await get(await sessionToken(t.db, who.id));
      expect(res.statusCode).toBe(403);
    }
  });
});
