import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryMarkupSchema, MARKUP_MSG } from '#shared/schemas/category.ts';
import { eq } from 'drizzle-orm';
import { categoryMarkups, products } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createCategory, type CategoryRow } from '../factories/catalog.ts';
import { z } from 'zod';

/**
 * Category markups (issue 4; docs/product/api.md#resources, docs/product/api.md): read by sellers and Admin, changed by Admin only (0–100), and
 * copied into products when they are created. The static markup paths must not fall into `/category/:name`.
 */

let t: TestContext;
let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;
let fashion: { id: string };
let category: CategoryRow;
const tokens = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { roles: ['Admin'] });
  seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Markup Mills' } });
  buyer = await createUser(t.db, { roles: ['Buyer'] });
  for (const u of [admin, seller, buyer]) tokens.set(u.id, authHeader(await sessionToken(t.db, u.id)));
  const rows = await t.db
    .insert(categoryMarkups)
    .values([
      { uniqueCategoryName: 'Fashion & Accessories', percentageMarkup: '15.00' },
      { uniqueCategoryName: 'Electronics & Gadgets', percentageMarkup: '8.00' },
      { uniqueCategoryName: 'Crafts & Books', percentageMarkup: '10.00' },
    ])
    .returning();
  fashion = rows[0] as { id: string };
  category = await createCategory(t.db, { category: 'Fashion & Accessories', subCategory: 'Men Clothes' });
});
afterAll(async () => {
  await t?.close();
});

const as = (u?: TestUser) => (u ? (tokens.get(u.id) ?? {}) : {});
const get = (url: string, u?: TestUser) => t.app.inject({ method: 'GET', url, headers: as(u) });
const put = (url: string, payload: unknown, u?: TestUser) =>
  t.app.inject({ method: 'PUT', url, headers: as(u), payload: payload as object });

describe('reading category markups', () => {
  it('lists every markup by name for Admin and sellers', async () => {
    for (const u of [admin, seller]) {
      const res = await get('/api/category/categories-markup', u);
      expect(res.statusCode).toBe(200);
      expect(z.array(categoryMarkupSchema).parse(res.json())).toEqual([
        { _id: expect.any(String), uniqueCategoryName: 'Crafts & Books', percentageMarkup: 10 },
        { _id: expect.any(String), uniqueCategoryName: 'Electronics & Gadgets', percentageMarkup: 8 },
        { _id: fashion.id, uniqueCategoryName: 'Fashion & Accessories', percentageMarkup: 15 },
      ]);
    }
  });

  it('refuses buyers (403) and signed-out visitors (401): the path is not taken for a category name', async () => {
    expect((await get('/api/category/categories-markup', buyer)).statusCode).toBe(403);
    expect((await get('/api/category/categories-markup')).statusCode).toBe(401);
    expect((await get(`/api/category/categories-markup/${fashion.id}`)).statusCode).toBe(401);
    // The catalogue's name route still answers for real names.
    const byName = await get('/api/category/men-clothes');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({ categoryIDs: [category.id] });
  });

  it('finds one markup by id and by top-level name (case-insensitive); unknown → 404', async () => {
    expect((await get(`/api/category/categories-markup/${fashion.id}`, admin)).json()).toEqual({
      _id: fashion.id,
      uniqueCategoryName: 'Fashion & Accessories',
      percentageMarkup: 15,
    });
    const named = await get(
      `/api/category/categories-markup/name/${encodeURIComponent('fashion & accessories')}`,
      seller,
    );
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ _id: fashion.id, percentageMarkup: 15 });
    expect((await get('/api/category/categories-markup/name/Toys', seller)).json()).toEqual({
      message: MARKUP_MSG.notFound,
      code: 'not_found',
      requestId: expect.any(String),
    });
    expect(
      (await get('/api/category/categories-markup/00000000-0000-4000-8000-000000000000', admin)).statusCode,
    ).toBe(404);
    expect((await get('/api/category/categories-markup/not-an-id', admin)).statusCode).toBe(404);
  });
});

describe('PUT /api/category/categories-markup/:id', () => {
  it('is Admin only', async () => {
    const url = `/api/category/categories-markup/${fashion.id}`;
    expect((await put(url, { percentageMarkup: 1 }, seller)).statusCode).toBe(403);
    expect((await put(url, { percentageMarkup: 1 }, buyer)).statusCode).toBe(403);
    expect((await put(url, { percentageMarkup: 1 })).statusCode).toBe(401);
    expect((await get(url, admin)).json().percentageMarkup).toBe(15);
  });

  it('takes 0 to 100 with at most 2 decimals', async () => {
    const url = `/api/category/categories-markup/${fashion.id}`;
    for (const bad of [-1, 100.01, 12.345, '12', null]) {
      const res = await put(url, { percentageMarkup: bad }, admin);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe(MARKUP_MSG.range);
    }
    expect((await put(url, { percentageMarkup: 12, uniqueCategoryName: 'Renamed' }, admin)).statusCode).toBe(
      400,
    );
    for (const ok of [0, 100, 17.25]) {
      const res = await put(url, { percentageMarkup: ok }, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        _id: fashion.id,
        uniqueCategoryName: 'Fashion & Accessories',
        percentageMarkup: ok,
      });
    }
    expect(
      (
        await put(
          '/api/category/categories-markup/00000000-0000-4000-8000-000000000000',
          { percentageMarkup: 5 },
          admin,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('a new product copies the markup in force when it is created; older products keep theirs', async () => {
    const url = `/api/category/categories-markup/${fashion.id}`;
    const body = {
      name: 'Linen Shirt',
      price: 1500,
      currency: 'INR',
      brand: 'Markup Mills',
      countInStock: 3,
      categoryId: category.id,
      sizes: ['M'],
      description: 'Linen.',
      image: [],
    };
    await put(url, { percentageMarkup: 18 }, admin);
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: as(seller),
      payload: body,
    });
    expect(before.json().percentageMarkup).toBe(18);
    await put(url, { percentageMarkup: 20.5 }, admin);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: as(seller),
      payload: body,
    });
    expect(after.json().percentageMarkup).toBe(20.5);
    // The first product is a draft (no pictures yet), so the public markup route does not show it: read the row.
    const [row] = await t.db
      .select({ percentageMarkup: products.percentageMarkup })
      .from(products)
      .where(eq(products.id, before.json()._id));
    expect(row?.percentageMarkup).toBe('18.00');
  });
});
