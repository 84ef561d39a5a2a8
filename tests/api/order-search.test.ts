import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_SEARCH_HINT } from '#shared/order-search.ts';
import { createProduct } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, uniqueEmail, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** Admin order search (docs/decisions/0115-seller-and-operator-views.md): order number, buyer e-mail or phone. */

let t: TestContext;
let admin: string;
let distributor: string;
let sellerToken: string;
let alice: TestUser;
let bob: TestUser;
let aliceOrders: { _id: string; orderNumber: string }[];
let bobOrder: { _id: string; orderNumber: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionToken(t.db, (await createUser(t.db, { roles: ['Admin'] })).id);
  distributor = await sessionToken(t.db, (await createUser(t.db, { roles: ['Distributor'] })).id);
  const seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Search Shop' } });
  sellerToken = await sessionToken(t.db, seller.id);
  alice = await createUser(t.db, { email: uniqueEmail('Alice'), phone: '9123400001' });
  bob = await createUser(t.db, { email: uniqueEmail('bob'), phone: '8123400002' });
  const p = await createProduct(t.db, { sellerId: seller.id, countInStock: 50 });
  const aliceToken = await sessionToken(t.db, alice.id);
  aliceOrders = [
    await placeOrder(t.app, aliceToken, orderBody([{ product: p.id }])),
    await placeOrder(t.app, aliceToken, orderBody([{ product: p.id }])),
  ];
  bobOrder = await placeOrder(t.app, await sessionToken(t.db, bob.id), orderBody([{ product: p.id }]));
});
afterAll(async () => t?.close());

const search = (q: string, token = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/orders?q=${encodeURIComponent(q)}`,
    headers: authHeader(token),
  });
const idsOf = async (q: string, token = admin) => {
  const res = await search(q, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orders: { _id: string }[] }).orders.map((o) => o._id).sort();
};

describe('GET /api/orders?q=', () => {
  it('finds one order by its full number, in any case, and by its digits', async () => {
    const n = bobOrder.orderNumber; // HAAT-2026-000123
    expect(await idsOf(n)).toEqual([bobOrder._id]);
    expect(await idsOf(n.toLowerCase())).toEqual([bobOrder._id]);
    expect(await idsOf(n.replace(/\D/g, ''))).toEqual([bobOrder._id]);
    // The running number alone, without its zeros, as people say it.
    expect(await idsOf(String(Number(n.slice(-6))))).toEqual([bobOrder._id]);
  });

  it("finds every order of a buyer by e-mail (any case) or phone (with +91 or spaces), and no one else's", async () => {
    const alices = aliceOrders.map((o) => o._id).sort();
    expect(await idsOf(alice.email.toUpperCase())).toEqual(alices);
    expect(await idsOf('9123400001')).toEqual(alices);
    expect(await idsOf('+91 91234 00001')).toEqual(alices);
    expect(await idsOf(bob.email)).toEqual([bobOrder._id]);
    const res = await search('9123400001');
    expect(res.json()).toMatchObject({ page: 1, pages: 1 });
  });

  it('answers an empty list for a well-formed term that matches nothing', async () => {
    expect(await idsOf('HAAT-2019-999999')).toEqual([]);
    expect(await idsOf('nobody@haat.test')).toEqual([]);
    expect(await idsOf('9000000000')).toEqual([]);
  });

  it('refuses a term that is none of the three with the hint (400)', async () => {
    for (const q of ['kurta', '1234567', 'x'.repeat(101)]) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.body).toContain(ORDER_SEARCH_HINT);
    }
  });

  it('keeps the other filters: q and delivered=true together narrow further', async () => {
    expect(await idsOf(`${bob.email}&delivered=true`)).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders?delivered=false&q=${encodeURIComponent(bob.email)}`,
      headers: authHeader(admin),
    });
    expect(res.json().orders.map((o: { _id: string }) => o._id)).toEqual([bobOrder._id]);
  });

  it('is for Admin and Distributor only', async () => {
    expect(await idsOf(bob.email, distributor)).toEqual([bobOrder._id]);
    expect((await search(bob.email, sellerToken)).statusCode).toBe(403);
    expect((await search(bob.email, await sessionToken(t.db, bob.id))).statusCode).toBe(403);
  });
});
