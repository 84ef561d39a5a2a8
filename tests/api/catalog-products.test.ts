import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, productSchema, type Product, type ProductList } from '#shared/schemas/product.ts';
import { products } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createCategory, createProduct, type CategoryRow, type ProductRow } from '../factories/catalog.ts';

let t: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;
let buyer: TestUser;
let tees: CategoryRow;
let kurtas: CategoryRow;
/** 25 active products of `seller` in `tees`, newest first. */
let active: ProductRow[];
let inactive: ProductRow;
let otherInactive: ProductRow;
let kurta: ProductRow;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, {
    name: 'Kavya Rao',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Textiles' },
  });
  otherSeller = await createUser(t.db, { name: 'Meera Das', roles: ['Seller-Individual'] });
  admin = await createUser(t.db, { roles: ['Admin'] });
  buyer = await createUser(t.db, { roles: ['Buyer'] });
  tees = await createCategory(t.db, {
    category: 'Fashion & Accessories',
    subCategory: 'Men Clothes',
    levelThreeCategory: 'T-Shirts',
  });
  kurtas = await createCategory(t.db, {
    category: 'Fashion & Accessories',
    subCategory: 'Women Clothes',
    levelThreeCategory: 'Kurtas',
  });
  active = [];
  for (let i = 0; i < 25; i++) {
    active.push(
      await createProduct(t.db, {
        sellerId: seller.id,
        shopId: i === 0 ? seller.shop?.id : null,
        categoryId: tees.id,
        name: `Tee ${i}`,
        createdAt: minutesAgo(100 + i),
        price: i === 0 ? '1234.50' : 499,
        images: i === 0 ? ['/uploads/p/a-original.webp', '/uploads/p/b-original.webp'] : undefined,
        rating: String((i % 5) + (i < 5 ? 0.5 : 0)).slice(0, 4),
        numReviews: i,
      }),
    );
  }
  // Newer than everything, but inactive: never listed.
  inactive = await createProduct(t.db, {
    sellerId: seller.id,
    categoryId: tees.id,
    name: 'Hidden Tee',
    status: false,
    createdAt: minutesAgo(1),
    rating: '5',
    numReviews: 99,
    percentageMarkup: '7.5',
  });
  otherInactive = await createProduct(t.db, {
    sellerId: otherSeller.id,
    categoryId: kurtas.id,
    status: false,
    createdAt: minutesAgo(2),
  });
  kurta = await createProduct(t.db, {
    sellerId: otherSeller.id,
    categoryId: kurtas.id,
    name: 'Silk Kurta',
    createdAt: minutesAgo(200),
    percentageMarkup: '12.5',
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const asUser = async (u: TestUser) => authHeader(await sessionToken(t.db, u.id));
const listOf = (body: unknown): ProductList => productListSchema.parse(body);
const idsOf = (list: ProductList) => list.products.map((p) => p._id);

describe('GET /api/products', () => {
  it('lists 12 active products a page, newest first, with page and pages', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    const list = listOf(res.json());
    expect(list.page).toBe(1);
    expect(list.pages).toBe(3); // 26 active products
    expect(idsOf(list)).toEqual(active.slice(0, 12).map((p) => p.id));
    expect(idsOf(list)).not.toContain(inactive.id);
  });

  it('serves later pages and an empty page past the end', async () => {
    const p2 = listOf((await get('/api/products?pageNumber=2')).json());
    expect(idsOf(p2)).toEqual(active.slice(12, 24).map((p) => p.id));
    const p3 = listOf((await get('/api/products?pageNumber=3')).json());
    expect(idsOf(p3)).toEqual([active[24]?.id, kurta.id]);
    expect(p3).toMatchObject({ page: 3, pages: 3 });
    const p4 = listOf((await get('/api/products?pageNumber=4')).json());
    expect(p4).toMatchObject({ products: [], page: 4, pages: 3 });
  });

  it('treats a blank keyword as the plain list', async () => {
    const plain = (await get('/api/products')).json();
    expect((await get('/api/products?keyword=')).json()).toEqual(plain);
    expect((await get('/api/products?keyword=%20%20')).json()).toEqual(plain);
  });

  it('refuses a bad page number with 400', async () => {
    expect((await get('/api/products?pageNumber=0')).statusCode).toBe(400);
    expect((await get('/api/products?pageNumber=abc')).statusCode).toBe(400);
  });

  it('shapes each product as docs/product/api.md#resources says: exact price, images in order, breadcrumb, seller, shop', async () => {
    const list = listOf((await get('/api/products')).json());
    const first = list.products[0] as Product;
    expect(first).toMatchObject({
      _id: active[0]?.id,
      name: 'Tee 0',
      image: ['/uploads/p/a-original.webp', '/uploads/p/b-original.webp'],
      price: 1234.5,
      currency: 'INR',
      countInStock: 10,
      categoryId: tees.id,
      category: {
        category: 'Fashion & Accessories',
        subCategory: 'Men Clothes',
        levelThreeCategory: 'T-Shirts',
        levelFourCategory: null,
        levelFiveCategory: null,
      },
      reviews: [],
      user: { _id: seller.id, name: 'Kavya Rao' },
      shop: { _id: seller.shop?.id, shopName: 'Kavya Textiles' },
      sizes: ['M', 'L'],
      percentageMarkup: 10,
      status: true,
    });
    // A product without shopId still shows its seller's shop; a seller without a shop shows null.
    expect(list.products[1]?.shop).toEqual({ _id: seller.shop?.id, shopName: 'Kavya Textiles' });
    const p3 = listOf((await get('/api/products?pageNumber=3')).json());
    expect(p3.products[1]?.shop).toBeNull();
    expect(Date.parse(first.createdAt)).toBe(active[0]?.createdAt.getTime());
  });
});

describe('GET /api/products/:id', () => {
  it('returns an active product with its reviews to anyone', async () => {
    const res = await get(`/api/products/${kurta.id}`);
    expect(res.statusCode).toBe(200);
    expect(productSchema.parse(res.json())).toMatchObject({ _id: kurta.id, name: 'Silk Kurta', reviews: [] });
  });

  it('hides an inactive product from guests and other users (404), shows it to its seller and Admin', async () => {
    expect((await get(`/api/products/${inactive.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${inactive.id}`, await asUser(buyer))).statusCode).toBe(404);
    expect((await get(`/api/products/${inactive.id}`, await asUser(otherSeller))).statusCode).toBe(404);
    const own = await get(`/api/products/${inactive.id}`, await asUser(seller));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ _id: inactive.id, status: false });
    const byAdmin = await get(`/api/products/${otherInactive.id}`, await asUser(admin));
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const unknown = await get('/api/products/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'Product not found',
      code: 'not_found',
      requestId: expect.any(String),
    });
    expect((await get('/api/products/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('GET /api/products/:id/markup', () => {
  it('returns the percentage markup, and 0 for anything unknown or hidden', async () => {
    expect((await get(`/api/products/${kurta.id}/markup`)).json()).toEqual({ percentageMarkup: 12.5 });
    expect((await get('/api/products/00000000-0000-4000-8000-000000000000/markup')).json()).toEqual({
      percentageMarkup: 0,
    });
    expect((await get('/api/products/nope/markup')).json()).toEqual({ percentageMarkup: 0 });
    expect((await get(`/api/products/${inactive.id}/markup`)).json()).toEqual({ percentageMarkup: 0 });
    expect((await get(`/api/products/${inactive.id}/markup`, await asUser(seller))).json()).toEqual({
      percentageMarkup: 7.5,
    });
  });
});

describe('GET /api/products/top', () => {
  it('returns the 5 best rated active products, ties broken by number of reviews', async () => {
    const res = await get('/api/products/top');
    expect(res.statusCode).toBe(200);
    const top = res.json() as Product[];
    expect(top).toHaveLength(5);
    expect(top.map((p) => p._id)).not.toContain(inactive.id);
    const keys = top.map((p) => [p.rating, p.numReviews] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    expect(top[0]?.rating).toBe(4.5); // Tee 4: rating 4.5
  });
});

describe('GET /api/products/category', () => {
  it('lists active products of the given categories, comma-separated or repeated', async () => {
    const comma = listOf((await get(`/api/products/category?categoryIDs=${kurtas.id}`)).json());
    expect(idsOf(comma)).toEqual([kurta.id]);
    expect(comma.pages).toBe(1);
    const both = listOf((await get(`/api/products/category?categoryIDs=${kurtas.id},${tees.id}`)).json());
    expect(both.pages).toBe(3);
    expect(both.products).toHaveLength(12);
    const repeated = listOf(
      (
        await get(`/api/products/category?categoryIDs=${kurtas.id}&categoryIDs=${tees.id}&pageNumber=3`)
      ).json(),
    );
    expect(idsOf(repeated)).toEqual([active[24]?.id, kurta.id]);
  });

  it('gives an empty first page without categories and 400 for a malformed id', async () => {
    expect((await get('/api/products/category')).json()).toMatchObject({ products: [], page: 1, pages: 1 });
    expect((await get('/api/products/category?categoryIDs=')).json()).toMatchObject({
      products: [],
      page: 1,
      pages: 1,
    });
    expect((await get('/api/products/category?categoryIDs=abc')).statusCode).toBe(400);
  });

  it('drops a product from lists as soon as it is deactivated', async () => {
    await t.db.update(products).set({ status: false }).where(eq(products.id, kurta.id));
    const list = listOf((await get(`/api/products/category?categoryIDs=${kurtas.id}`)).json());
    expect(list).toMatchObject({ products: [], page: 1, pages: 1 });
    await t.db.update(products).set({ status: true }).where(eq(products.id, kurta.id));
  });
});
