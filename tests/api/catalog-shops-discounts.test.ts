import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDiscountSchema, productListSchema, publicShopSchema } from '#shared/schemas/product.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { createDiscount, createProduct, type DiscountRow, type ProductRow } from '../factories/catalog.ts';

let t: TestContext;
let kavya: TestUser;
let meera: TestUser;
let meeraHyphen: TestUser;
let kavyaProducts: ProductRow[];

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  kavya = await createUser(t.db, {
    name: 'Kavya Rao',
    roles: ['Seller-Company'],
    shop: {
      shopName: 'Kavya Textiles',
      shopPicture: '/uploads/shops/kavya.webp',
      shopBanner: '/uploads/shops/kb.webp',
    },
  });
  meera = await createUser(t.db, {
    name: 'Meera Das',
    roles: ['Seller-Individual'],
    shop: { shopName: 'Meera Handlooms' },
  });
  meeraHyphen = await createUser(t.db, {
    name: 'Meera Iyer',
    roles: ['Seller-Individual'],
    shop: { shopName: 'Meera-Handlooms' },
  });
  kavyaProducts = [];
  for (let i = 0; i < 13; i++) {
    kavyaProducts.push(
      await createProduct(t.db, {
        sellerId: kavya.id,
        shopId: kavya.shop?.id,
        name: `Saree ${i}`,
        createdAt: minutesAgo(i + 10),
      }),
    );
  }
  await createProduct(t.db, {
    sellerId: kavya.id,
    name: 'Hidden saree',
    status: false,
    createdAt: minutesAgo(1),
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('shops', () => {
  it('GET /api/shops/names maps shop ids to names', async () => {
    const res = await get('/api/shops/names');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      [kavya.shop?.id ?? '']: 'Kavya Textiles',
      [meera.shop?.id ?? '']: 'Meera Handlooms',
      [meeraHyphen.shop?.id ?? '']: 'Meera-Handlooms',
    });
  });

  it('GET /api/shops/name/{name}: hyphens read as spaces, any case; 404 when unknown', async () => {
    const res = await get('/api/shops/name/kavya-textiles');
    expect(res.statusCode).toBe(200);
    expect(publicShopSchema.parse(res.json())).toEqual({
      _id: kavya.shop?.id,
      shopName: 'Kavya Textiles',
      shopPicture: '/uploads/shops/kavya.webp',
      shopBanner: '/uploads/shops/kb.webp',
      user: { _id: kavya.id, name: 'Kavya Rao' },
    });
    expect((await get('/api/shops/name/Kavya%20Textiles')).json()).toMatchObject({ _id: kavya.shop?.id });
    expect((await get('/api/shops/name/nobody-here')).statusCode).toBe(404);
  });

  it('prefers the exact name when a hyphen and a space would both fit', async () => {
    expect((await get('/api/shops/name/Meera-Handlooms')).json()).toMatchObject({
      user: { name: 'Meera Iyer' },
    });
    expect((await get('/api/shops/name/Meera%20Handlooms')).json()).toMatchObject({
      user: { name: 'Meera Das' },
    });
  });

  it("GET /api/shops/products/{name}: the owner's active products, 12 a page", async () => {
    const first = productListSchema.parse((await get('/api/shops/products/kavya-textiles')).json());
    expect(first.products.map((p) => p._id)).toEqual(kavyaProducts.slice(0, 12).map((p) => p.id));
    expect(first).toMatchObject({ page: 1, pages: 2 });
    const second = productListSchema.parse(
      (await get('/api/shops/products/kavya-textiles?pageNumber=2')).json(),
    );
    expect(second.products.map((p) => p.name)).toEqual(['Saree 12']);
    expect((await get('/api/shops/products/Meera%20Handlooms')).json()).toMatchObject({
      products: [],
      page: 1,
      pages: 1,
    });
    expect((await get('/api/shops/products/nobody-here')).statusCode).toBe(404);
  });
});

describe('product discounts', () => {
  let open: DiscountRow;
  let coupon: DiscountRow;
  let amount: DiscountRow;
  let expired: DiscountRow;

  beforeAll(async () => {
    const product = (name: string, status = true) =>
      createProduct(t.db, { sellerId: meera.id, name, status });
    open = await createDiscount(t.db, { productId: (await product('Open')).id, discountValue: '12.5' });
    coupon = await createDiscount(t.db, { productId: (await product('Coupon')).id, couponCode: 'WELCOME10' });
    amount = await createDiscount(t.db, {
      productId: (await product('Amount')).id,
      discountUnit: 'amount',
      discountValue: '150.00',
    });
    expired = await createDiscount(t.db, {
      productId: (await product('Expired')).id,
      validUntil: minutesAgo(1),
      couponCode: 'OLD5',
    });
    await createDiscount(t.db, {
      productId: (await product('Switched off')).id,
      activate: false,
      couponCode: 'OFF',
    });
    await createDiscount(t.db, {
      productId: (await product('Inactive product', false)).id,
      couponCode: 'HIDDEN',
    });
  });

  it('GET /api/product-discounts lists live discounts only, coupon codes hidden', async () => {
    const res = await get('/api/product-discounts');
    expect(res.statusCode).toBe(200);
    const list = productDiscountSchema.array().parse(res.json());
    expect(list.map((d) => d._id).sort()).toEqual([open.id, coupon.id, amount.id].sort());
    expect(list.find((d) => d._id === open.id)).toEqual({
      _id: open.id,
      product_id: open.productId,
      discount_value: 12.5,
      discount_unit: 'percentage',
      valid_until: open.validUntil.toISOString(),
      coupon_code: null,
      activate: true,
      requires_coupon: false,
    });
    expect(list.find((d) => d._id === coupon.id)).toMatchObject({ coupon_code: null, requires_coupon: true });
    expect(list.find((d) => d._id === amount.id)).toMatchObject({
      discount_value: 150,
      discount_unit: 'amount',
    });
    expect(res.body).not.toContain('WELCOME10');
  });

  it("GET /api/product-discounts?products=a,b: only those products' live discounts, codes hidden", async () => {
    const unknown = randomUUID();
    const ids = [open.productId, coupon.productId, expired.productId, unknown];
    const res = await get(`/api/product-discounts?products=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    const list = productDiscountSchema.array().parse(res.json());
    expect(list.map((d) => d._id).sort()).toEqual([open.id, coupon.id].sort());
    expect(list.find((d) => d._id === coupon.id)).toMatchObject({ coupon_code: null, requires_coupon: true });
    expect(res.body).not.toContain('WELCOME10');
    // Repeated parameters, spaces and duplicates read as one list.
    const repeated = await get(
      `/api/product-discounts?products=${amount.productId}&products=%20${amount.productId}%20`,
    );
    expect(repeated.json().map((d: { _id: string }) => d._id)).toEqual([amount.id]);
    // Products without a live discount: an empty list.
    expect((await get(`/api/product-discounts?products=${unknown}`)).json()).toEqual([]);
  });

  it('GET /api/product-discounts?products= answers 400 for a bad id or more than 100 ids', async () => {
    const bad = await get(`/api/product-discounts?products=${open.productId},not-an-id`);
    expect(bad.statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => randomUUID()).join(',');
    expect((await get(`/api/product-discounts?products=${many}`)).statusCode).toBe(400);
    const hundred = [...Array.from({ length: 99 }, () => randomUUID()), open.productId].join(',');
    const ok = await get(`/api/product-discounts?products=${hundred}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().map((d: { _id: string }) => d._id)).toEqual([open.id]);
  });

  it('GET /api/product-discounts/coupon/{code} reveals the discounts of a code the buyer typed', async () => {
    const res = await get('/api/product-discounts/coupon/WELCOME10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        _id: coupon.id,
        product_id: coupon.productId,
        coupon_code: 'WELCOME10',
        requires_coupon: true,
      }),
    ]);
    expect((await get('/api/product-discounts/coupon/welcome10')).json()).toHaveLength(1);
    expect((await get('/api/product-discounts/coupon/%20WELCOME10%20')).json()).toHaveLength(1);
  });

  it('answers 404 for unknown, expired, switched-off codes and codes of inactive products', async () => {
    for (const code of ['NOPE', 'OLD5', 'OFF', 'HIDDEN']) {
      const res = await get(`/api/product-discounts/coupon/${code}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({
        message: 'Coupon code not found',
        code: 'not_found',
        requestId: expect.any(String),
      });
    }
  });

  it('rate-limits coupon guessing', async () => {
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push((await get(`/api/product-discounts/coupon/GUESS${i}`)).statusCode);
    expect(answers).toContain(429);
  });
});
