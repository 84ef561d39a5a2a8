import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { userListResponse, userSchema } from '#shared/schemas/user.ts';
import {
  notifications,
  orders,
  products,
  reviewVotes,
  reviews,
  roles,
  sessions,
  shops,
  users,
} from '../../src/server/db/schema/index.ts';
import { queuedJobs } from '../../src/server/jobs/queue.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, signIn, type TestUser } from '../factories/users.ts';
import { createProduct } from '../factories/catalog.ts';

/**
 * User administration (issue 7; docs/product/screens.md Users table / Edit User, docs/product/orders-and-checkout.md#checkout-flow "User edit", docs/product/roles-and-accounts.md#permissions, docs/product/api.md; docs/product/roles-and-accounts.md):
 * who may list, edit and delete; the seller-verified e-mail once; deleting users with orders.
 * The last-admin rule has its own database: users-admin-last-admin.test.ts.
 */

let t: TestContext;
let admin: TestUser;
let auditor: TestUser;
let buyer: TestUser;
let seller: TestUser;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { name: 'Aarav Admin', roles: ['Admin'] });
  // A second Admin, so deleting and demoting in this file never meets the last-admin rule.
  await createUser(t.db, { name: 'Backup Admin', roles: ['Admin'] });
  auditor = await createUser(t.db, { name: 'Anita Auditor', roles: ['Auditor'] });
  buyer = await createUser(t.db, { name: 'Priya Buyer', roles: ['Buyer'] });
  seller = await createUser(t.db, {
    name: 'Kavya Seller',
    roles: ['Seller-Company'],
    businessRegistrationCode: '08AABCK4821M1ZD',
    bankAccount: '50100234567891',
    identifyProof: 'Pan Card',
    identifyProofNumber: 'AABCK4821M',
    verificationDocs: ['kyc/x/11111111-1111-4111-8111-111111111111.pdf'],
  });
  for (const u of [admin, auditor, buyer, seller]) tokens.set(u.id, await sessionToken(t.db, u.id));
});
afterAll(async () => {
  await t?.close();
});

const as = (u: TestUser) => authHeader(tokens.get(u.id) ?? '');
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: object,
) => t.app.inject({ method, url, headers: user ? as(user) : {}, ...(payload && { payload }) });
const editBody = (u: { id: string; name: string; email: string }, over: Record<string, unknown> = {}) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  role: ['Buyer'],
  active: true,
  ...over,
});

async function placeOrder(userId: string): Promise<string> {
  const address = {
    address: '1 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
    country: 'India',
  };
  const [row] = await t.db
    .insert(orders)
    .values({
      userId,
      shippingAddress: address,
      billingAddress: { ...address, name: 'Buyer' },
      itemsPrice: '100.00',
      taxPrice: '5.00',
      totalPrice: '105.00',
      totalPriceInr: '105.00',
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe('GET /api/users (Admin, Auditor)', () => {
  it('401 signed out; 403 for buyers and sellers', async () => {
    expect((await call('GET', '/api/users', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/users', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/users', seller)).statusCode).toBe(403);
  });

  it('gives every column of docs/product/screens.md to Admin and Auditor; documents as labels', async () => {
    for (const viewer of [admin, auditor]) {
      const res = await call('GET', '/api/users', viewer);
      expect(res.statusCode).toBe(200);
      const list = userListResponse.parse(res.json());
      const row = list.users.find((u) => u._id === seller.id);
      expect(row).toMatchObject({
        _id: seller.id,
        name: 'Kavya Seller',
        email: seller.email,
        role: ['Seller-Company'],
        currency: 'INR',
        buisnessRegistrationCode: '08AABCK4821M1ZD',
        bank_account: '50100234567891',
        address: '12 MG Road',
        identifyProof: 'Pan Card',
        identifyProofNumber: 'AABCK4821M',
        verificationDocs: ['Document 1'],
      });
      expect(res.body).not.toContain('passwordHash');
      expect(res.body).not.toContain('kyc/');
    }
  });

  it('pages by 20, newest first, and filters by name or e-mail', async () => {
    for (let i = 0; i < 21; i++) await createUser(t.db, { name: `Paged Person ${i}` });
    const first = userListResponse.parse((await call('GET', '/api/users', admin)).json());
    expect(first.users).toHaveLength(20);
    expect(first.page).toBe(1);
    expect(first.pages).toBe(Math.ceil(first.total / 20));
    const second = userListResponse.parse((await call('GET', '/api/users?pageNumber=2', admin)).json());
    expect(second.page).toBe(2);
    expect(second.users.some((u) => first.users.some((f) => f._id === u._id))).toBe(false);

    const found = userListResponse.parse(
      (await call('GET', '/api/users?keyword=kavya%20sell', admin)).json(),
    );
    expect(found.users.map((u) => u._id)).toEqual([seller.id]);
    const literal = userListResponse.parse((await call('GET', '/api/users?keyword=%25', admin)).json());
    expect(literal.users).toEqual([]);
  });
});

describe('the Auditor reads but never changes', () => {
  it('PUT, DELETE, bulk, by-role and the verified e-mail are 403 for the Auditor, and nothing changes', async () => {
    const target = await createUser(t.db, { name: 'Untouched' });
    expect(
      (await call('PUT', `/api/users/${target.id}`, auditor, editBody(target, { name: 'Changed' })))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/users/${target.id}`, auditor)).statusCode).toBe(403);
    expect((await call('POST', '/api/users/bulk', auditor, { ids: [target.id] })).statusCode).toBe(403);
    expect((await call('GET', '/api/users/role/Buyer', auditor)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/users/seller-verified-email', auditor, { email: seller.email })).statusCode,
    ).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ name: 'Untouched', deletedAt: null });
    // ...and reads a single profile.
    expect((await call('GET', `/api/users/${target.id}`, auditor)).statusCode).toBe(200);
  });

  it('buyers and sellers are 403 too', async () => {
    const target = await createUser(t.db);
    for (const u of [buyer, seller]) {
      expect((await call('PUT', `/api/users/${target.id}`, u, editBody(target))).statusCode).toBe(403);
      expect((await call('DELETE', `/api/users/${target.id}`, u)).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/users/:id (Admin)', () => {
  it('changes name, e-mail, roles (by name or id) and active', async () => {
    const target = await createUser(t.db, { name: 'Before' });
    const [distributor] = await t.db.select().from(roles).where(eq(roles.name, 'Distributor'));
    const res = await call(
      'PUT',
      `/api/users/${target.id}`,
      admin,
      editBody(target, {
        name: 'After',
        email: `after-${target.email}`,
        role: ['buyer', distributor!.id],
        active: false,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(userSchema.parse(res.json())).toMatchObject({
      _id: target.id,
      name: 'After',
      email: `after-${target.email}`,
      role: ['Buyer', 'Distributor'],
      active: false,
    });
  });

  it('refuses unknown roles, no roles, a taken e-mail, a mismatched _id, unknown fields and unknown users', async () => {
    const target = await createUser(t.db);
    const wizard = await call(
      'PUT',
      `/api/users/${target.id}`,
      admin,
      editBody(target, { role: ['Wizard'] }),
    );
    expect(wizard.statusCode).toBe(400);
    expect(wizard.json().message).toBe(MSG.roleNotFound('Wizard'));
    expect(
      (await call('PUT', `/api/users/${target.id}`, admin, editBody(target, { role: [] }))).statusCode,
    ).toBe(400);
    const taken = await call(
      'PUT',
      `/api/users/${target.id}`,
      admin,
      editBody(target, { email: buyer.email.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.userExists);
    expect(
      (await call('PUT', `/api/users/${target.id}`, admin, editBody(target, { _id: buyer.id }))).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/users/${target.id}`, admin, editBody(target, { password: 'x' }))).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'PUT',
          '/api/users/00000000-0000-4000-8000-000000000000',
          admin,
          editBody({ ...target, id: '00000000-0000-4000-8000-000000000000' }),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('activating a seller sends the seller-verified e-mail once', () => {
  const verifiedMails = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.documentId, userId), eq(notifications.type, 'seller_verified')));

  it('once on activation, not again on later saves, re-activation or the explicit request', async () => {
    const pending = await createUser(t.db, {
      name: 'Rohan Pending',
      roles: ['Seller-Individual'],
      active: false,
    });
    const body = editBody(pending, { role: ['Seller-Individual'] });
    expect(
      (await call('PUT', `/api/users/${pending.id}`, admin, { ...body, active: false })).statusCode,
    ).toBe(200);
    expect(await verifiedMails(pending.id)).toHaveLength(0);

    expect((await call('PUT', `/api/users/${pending.id}`, admin, body)).statusCode).toBe(200);
    expect(await verifiedMails(pending.id)).toHaveLength(1);

    expect(
      (await call('PUT', `/api/users/${pending.id}`, admin, { ...body, name: 'Rohan Das' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/users/${pending.id}`, admin, { ...body, active: false })).statusCode,
    ).toBe(200);
    expect((await call('PUT', `/api/users/${pending.id}`, admin, body)).statusCode).toBe(200);
    const explicit = await call('POST', '/api/users/seller-verified-email', admin, { email: pending.email });
    expect(explicit.statusCode, explicit.body).toBe(200);
    expect(await verifiedMails(pending.id)).toHaveLength(1);

    const queued = (await queuedJobs(t.db, { kind: 'email.send' })).filter(
      (j) =>
        (j.payload as { type?: string; documentId?: string }).type === 'seller_verified' &&
        (j.payload as { documentId?: string }).documentId === pending.id,
    );
    expect(queued).toHaveLength(1);
    expect((queued[0]!.payload as { text: string }).text).toContain('/seller/productlist');

    // The activated seller now has the seller menus' permission.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeader(await signIn(t.app, pending.email, pending.password)),
    });
    expect(me.json()).toMatchObject({ active: true, role: ['Seller-Individual'] });
  });

  it('two admins activating at once still send one', async () => {
    const pending = await createUser(t.db, { roles: ['Seller-Company'], active: false });
    const body = editBody(pending, { role: ['Seller-Company'] });
    const codes = (
      await Promise.all([1, 2, 3].map(() => call('PUT', `/api/users/${pending.id}`, admin, body)))
    ).map((r) => r.statusCode);
    expect(codes).toEqual([200, 200, 200]);
    expect(await verifiedMails(pending.id)).toHaveLength(1);
  });

  it('no mail for activating a non-seller; the explicit request refuses inactive sellers (409)', async () => {
    const someone = await createUser(t.db, { active: false });
    expect((await call('PUT', `/api/users/${someone.id}`, admin, editBody(someone))).statusCode).toBe(200);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.documentId, someone.id)),
    ).toHaveLength(0);

    const inactive = await createUser(t.db, { roles: ['Seller-Individual'], active: false });
    const res = await call('POST', '/api/users/seller-verified-email', admin, { email: inactive.email });
    expect(res.statusCode).toBe(409);
    expect(await verifiedMails(inactive.id)).toHaveLength(0);
  });
});

describe('DELETE /api/users/:id (Admin)', () => {
  it('deletes a user without orders for good', async () => {
    const target = await createUser(t.db);
    const res = await call('DELETE', `/api/users/${target.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User removed', anonymised: false });
    expect(await t.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(0);
    expect((await call('DELETE', `/api/users/${target.id}`, admin)).statusCode).toBe(404);
  });

  it("keeps (anonymised) a user whose only trace is a helpful vote, so the review's count stays right", async () => {
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const product = await createProduct(t.db, { sellerId: seller.id });
    const [review] = await t.db
      .insert(reviews)
      .values({
        productId: product.id,
        userId: seller.id,
        name: 'S',
        rating: 4,
        comment: 'Fine',
        helpfulCount: 1,
      })
      .returning();
    const voter = await createUser(t.db);
    await t.db.insert(reviewVotes).values({ reviewId: review!.id, userId: voter.id });
    const res = await call('DELETE', `/api/users/${voter.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ anonymised: true });
    expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.userId, voter.id))).toHaveLength(1);
  });

  it('anonymises a buyer with orders: the order stays intact, the person is gone and signed out', async () => {
    const target = await createUser(t.db, {
      name: 'Has Orders',
      phone: '9000000001',
      bankAccount: '1234567890',
    });
    const token = await signIn(t.app, target.email, target.password);
    const orderId = await placeOrder(target.id);
    const [orderBefore] = await t.db.select().from(orders).where(eq(orders.id, orderId));

    const res = await call('DELETE', `/api/users/${target.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User anonymised; their orders are kept', anonymised: true });

    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({
      name: 'Deleted user',
      email: `deleted-${target.id}@deleted.invalid`,
      phone: '',
      address: '',
      bankAccount: null,
      active: false,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [orderAfter] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(orderAfter).toEqual(orderBefore);

    expect(await t.db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: authHeader(token) }))
        .statusCode,
    ).toBe(401);
    await expect(signIn(t.app, target.email, target.password)).rejects.toThrow(/401/);
    // Gone from the table and from lookups; the old e-mail is free again.
    const list = userListResponse.parse((await call('GET', '/api/users?keyword=Has%20Orders', admin)).json());
    expect(list.users).toEqual([]);
    expect((await call('GET', `/api/users/${target.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${target.id}`, admin)).statusCode).toBe(404);
  });

  it('anonymises a seller with products: shop closed, products off sale, KYC files removed', async () => {
    const target = await createUser(t.db, {
      roles: ['Seller-Company'],
      shop: { shopName: 'Closing Down Sale Co' },
    });
    const key = `kyc/${target.id}/55555555-5555-4555-8555-555555555555.pdf`;
    await t.app.storage.put(key, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf', 'private');
    await t.db
      .update(users)
      .set({ verificationDocs: [key] })
      .where(eq(users.id, target.id));
    const product = await createProduct(t.db, { sellerId: target.id, shopId: target.shop!.id });

    const res = await call('DELETE', `/api/users/${target.id}`, admin);
    expect(res.json()).toMatchObject({ anonymised: true });
    const [p] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(p?.status).toBe(false);
    expect(await t.db.select().from(shops).where(eq(shops.userId, target.id))).toHaveLength(0);
    expect(await t.app.storage.get(key)).toBeNull();
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.verificationDocs).toEqual([]);
  });

  it('an admin does not delete their own account here (409)', async () => {
    const res = await call('DELETE', `/api/users/${admin.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });
});

describe('POST /api/users/bulk and GET /api/users/role/:roleId (Admin)', () => {
  it('bulk: users with e-mail for known ids; unknown, malformed and deleted ids left out', async () => {
    const a = await createUser(t.db, { name: 'Bulk A' });
    const gone = await createUser(t.db, { deletedAt: new Date() });
    const res = await call('POST', '/api/users/bulk', admin, {
      ids: [a.id, seller.id, gone.id, 'nonsense', '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { _id: a.id, name: 'Bulk A', email: a.email },
        { _id: seller.id, name: 'Kavya Seller', email: seller.email },
      ]),
    );
    expect(res.json()).toHaveLength(2);
  });

  it('by role id or name; unknown role 404', async () => {
    const [auditorRole] = await t.db.select().from(roles).where(eq(roles.name, 'Auditor'));
    const byId = await call('GET', `/api/users/role/${auditorRole!.id}`, admin);
    expect(byId.statusCode).toBe(200);
    expect((byId.json() as { _id: string }[]).map((u) => u._id)).toEqual([auditor.id]);
    const byName = await call('GET', '/api/users/role/auditor', admin);
    expect(byName.json()).toEqual(byId.json());
    expect((await call('GET', '/api/users/role/Wizard', admin)).statusCode).toBe(404);
  });
});
