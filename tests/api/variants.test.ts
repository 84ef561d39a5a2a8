import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRODUCT_MSG, VARIANT_MSG } from '#shared/schemas/product-form.ts';
import { orderSchema } from '#shared/schemas/order.ts';
import { productListSchema, productSchema, type Product } from '#shared/schemas/product.ts';
import { migrationsFolder } from '../../src/server/db/client.ts';
import {
  orderItems,
  productImages,
  productVariants,
  products,
  sizeCharts,
} from '../../src/server/db/schema/index.ts';
import { expireUnpaidOrders } from '../../src/server/modules/orders/orders.service.ts';
import { createCategory, createDiscount, createProduct, type CategoryRow } from '../factories/catalog.ts';
import { backdateOrder, orderBody, placeOrder, postOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { migrateUpTo } from '../setup/partial-migrations.ts';
import { adminQuery, dropDatabase, uniqueName, withDatabase } from '../setup/pg-admin.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Product variants on the server (docs/decisions/0102-product-variants.md): the grid on product writes,
 * SPEC's derived `sizes` / `countInStock` on the wire, order lines per variant with stock taken per
 * variant, restocking, and the migration that split existing stock over sizes.
 */

let t: TestContext;
let kavya: TestUser;
let meera: TestUser;
let buyer: TestUser;
let buyerToken: string;
let clothes: CategoryRow;
const headers = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  kavya = await createUser(t.db, {
    name: 'Kavya',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Co' },
  });
  meera = await createUser(t.db, {
    name: 'Meera',
    roles: ['Seller-Individual'],
    shop: { shopName: 'Meera' },
  });
  buyer = await createUser(t.db, { name: 'Asha' });
  buyerToken = await sessionToken(t.db, buyer.id);
  for (const u of [kavya, meera]) headers.set(u.id, authHeader(await sessionToken(t.db, u.id)));
  clothes = await createCategory(t.db, {
    category: 'Fashion & Accessories',
    subCategory: 'Men Clothes',
    hsn: '6109',
    tax: '5',
  });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, as?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: as ? headers.get(as.id) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const tee = {
  name: 'Crew Tee',
  price: 499,
  currency: 'INR',
  brand: 'Haat Basics',
  // A grid makes these derived; the body still carries them (the form sends them), and they are ignored.
  countInStock: 1,
  sizes: ['S'],
  description: 'Cotton tee.',
};

const grid = [
  { size: 'M', colour: 'Black', sku: 'TEE-M-BLK', countInStock: 5, price: null },
  { size: 'm', colour: 'white', sku: 'TEE-M-WHT', countInStock: 2, price: 549.5 },
  { size: 'L', colour: 'Black', sku: 'TEE-L-BLK', countInStock: 0, price: null },
];

async function createTee(as: TestUser = kavya, extra: Record<string, unknown> = {}): Promise<Product> {
  const res = await call('POST', '/api/products', as, {
    ...tee,
    categoryId: clothes.id,
    variants: grid,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const p = productSchema.parse(res.json());
  // Its picture, as the upload would have stored it, so it is a complete product that edits may change.
  await t.db
    .insert(productImages)
    .values({ productId: p._id, url: `/uploads/products/${p._id}/0-original.webp` });
  await t.db.update(products).set({ status: true }).where(eq(products.id, p._id));
  return { ...p, status: true, image: [`/uploads/products/${p._id}/0-original.webp`] };
}

async function chartOf(seller: TestUser, name: string): Promise<string> {
  const [row] = await t.db
    .insert(sizeCharts)
    .values({
      sellerId: seller.id,
      name,
      unit: 'cm',
      columns: ['Chest', 'Length'],
      rows: [
        { size: 'M', values: ['96', '70'] },
        { size: 'L', values: ['101', '72'] },
      ],
    })
    .returning({ id: sizeCharts.id });
  return row!.id;
}

const variantRows = async (productId: string) =>
  t.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position);

describe('product writes with a variant grid', () => {
  it('creates the variants in order; sizes and countInStock are derived on the wire', async () => {
    const p = await createTee();
    expect(p.variants).toEqual([
      { _id: expect.any(String), size: 'M', colour: 'Black', sku: 'TEE-M-BLK', countInStock: 5, price: null },
      {
        _id: expect.any(String),
        size: 'M',
        colour: 'White',
        sku: 'TEE-M-WHT',
        countInStock: 2,
        price: 549.5,
      },
      { _id: expect.any(String), size: 'L', colour: 'Black', sku: 'TEE-L-BLK', countInStock: 0, price: null },
    ]);
    expect(p.sizes).toEqual(['M', 'L']);
    expect(p.countInStock).toBe(7);
    expect(p.sizeChart).toBeNull();
    const [row] = await t.db.select().from(products).where(eq(products.id, p._id));
    expect(row).toMatchObject({
      countInStock: 7,
      sizes: ['M', 'L'],
      colours: ['Black', 'White'],
      availableSizes: ['M'],
      listPrice: '499.00',
    });
  });

  it('a SPEC-shaped body (no variants) gets one variant per size with the stock split evenly', async () => {
    const res = await call('POST', '/api/products', kavya, {
      ...tee,
      categoryId: clothes.id,
      sizes: ['l', 'S', 'M'],
      countInStock: 10,
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = productSchema.parse(res.json());
    expect(p.variants.map((v) => [v.size, v.countInStock, v.colour, v.price])).toEqual([
      ['S', 4, null, null],
      ['M', 3, null, null],
      ['L', 3, null, null],
    ]);
    expect(p.variants[0]?.sku).toBe(`${p._id.replace(/-/g, '').slice(0, 8).toUpperCase()}-S`);
    expect([p.sizes, p.countInStock]).toEqual([['S', 'M', 'L'], 10]);
  });

  it('refuses a size the category does not offer and N/A among sizes (400), creating nothing', async () => {
    const before = await t.db.select({ id: products.id }).from(products);
    for (const variants of [
      [{ ...grid[0], size: '8' }],
      [grid[0], { size: 'N/A', colour: null, sku: 'TEE-NA', countInStock: 1 }],
    ]) {
      const res = await call('POST', '/api/products', kavya, { ...tee, categoryId: clothes.id, variants });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ path: 'variants', message: PRODUCT_MSG.sizes }] });
    }
    const dup = await call('POST', '/api/products', kavya, {
      ...tee,
      categoryId: clothes.id,
      variants: [grid[0], { ...grid[2], sku: 'tee-m-blk' }],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([{ path: 'variants.1.sku', message: VARIANT_MSG.skuDuplicate }]);
    expect(await t.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it("takes a size chart of the seller's own (shown on the detail, null in lists); another's is a 400", async () => {
    const foreign = await chartOf(meera, 'Meera tees');
    const refused = await call('POST', '/api/products', kavya, {
      ...tee,
      categoryId: clothes.id,
      variants: grid,
      sizeChartId: foreign,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'sizeChartId', message: VARIANT_MSG.sizeChart }]);

    const own = await chartOf(kavya, 'Kavya tees');
    const p = await createTee(kavya, { sizeChartId: own });
    const chart = {
      _id: own,
      name: 'Kavya tees',
      unit: 'cm',
      columns: ['Chest', 'Length'],
      rows: [
        { size: 'M', values: ['96', '70'] },
        { size: 'L', values: ['101', '72'] },
      ],
    };
    expect(p.sizeChart).toEqual(chart);
    const detail = productSchema.parse((await call('GET', `/api/products/${p._id}`)).json());
    expect(detail.sizeChart).toEqual(chart);
    const listed = productListSchema.parse(
      (await call('GET', `/api/products/seller/${kavya.id}`, kavya)).json(),
    );
    const inList = listed.products.find((x) => x._id === p._id);
    expect(inList?.sizeChart).toBeNull();
    expect(inList?.variants).toHaveLength(3);

    const moved = await call('PUT', `/api/products/${p._id}`, kavya, { sizeChartId: foreign });
    expect(moved.statusCode).toBe(400);
    const cleared = await call('PUT', `/api/products/${p._id}`, kavya, { sizeChartId: null });
    expect(productSchema.parse(cleared.json()).sizeChart).toBeNull();
  });

  it('updates the grid: rows with _id edit that variant, rows without are added, missing ones go', async () => {
    const p = await createTee();
    const [mBlack, mWhite, lBlack] = p.variants;
    const res = await call('PUT', `/api/products/${p._id}`, kavya, {
      variants: [
        { ...lBlack, countInStock: 4, price: 450 },
        { ...mBlack, colour: 'Navy', sku: 'TEE-M-NVY' },
        { size: 'XL', colour: 'Black', sku: 'TEE-XL-BLK', countInStock: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = productSchema.parse(res.json());
    expect(after.variants).toEqual([
      { ...lBlack, countInStock: 4, price: 450 },
      { ...mBlack, colour: 'Navy', sku: 'TEE-M-NVY' },
      {
        _id: expect.any(String),
        size: 'XL',
        colour: 'Black',
        sku: 'TEE-XL-BLK',
        countInStock: 1,
        price: null,
      },
    ]);
    expect(after.variants.map((v) => v._id)).not.toContain(mWhite?._id);
    expect([after.sizes, after.countInStock]).toEqual([['L', 'M', 'XL'], 10]);
    const [row] = await t.db.select().from(products).where(eq(products.id, p._id));
    // The lowest price of a variant: L's own 450 under the product's 499.
    expect(row?.listPrice).toBe('450.00');

    // Swapping two SKUs in one edit is fine (the unique key never sees them halfway).
    const swapped = await call('PUT', `/api/products/${p._id}`, kavya, {
      variants: after.variants.map((v, i) => ({ ...v, sku: after.variants[(i + 1) % 3]!.sku })),
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(productSchema.parse(swapped.json()).variants.map((v) => v.sku)).toEqual([
      'TEE-M-NVY',
      'TEE-XL-BLK',
      'TEE-L-BLK',
    ]);
  });

  it("refuses an _id that is not one of the product's variants (400), changing nothing", async () => {
    const p = await createTee();
    const other = await createTee();
    const res = await call('PUT', `/api/products/${p._id}`, kavya, {
      variants: [{ ...other.variants[0], countInStock: 99 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'variants.0._id', message: VARIANT_MSG.unknown }]);
    expect((await variantRows(p._id)).map((v) => v.countInStock)).toEqual([5, 2, 0]);
    expect((await variantRows(other._id)).map((v) => v.countInStock)).toEqual([5, 2, 0]);
  });

  it('maps a SPEC-shaped update onto the variants: kept sizes keep their rows, a new total is re-split', async () => {
    const p = await createTee();
    // The same total back: nothing moves.
    const same = productSchema.parse(
      (await call('PUT', `/api/products/${p._id}`, kavya, { countInStock: 7 })).json(),
    );
    expect(same.variants).toEqual(p.variants);
    // A client sending back the product it read, with other sizes: L goes, XL comes, the total re-split.
    const res = await call('PUT', `/api/products/${p._id}`, kavya, {
      ...same,
      sizes: ['M', 'XL'],
      countInStock: 9,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = productSchema.parse(res.json());
    expect(after.variants.map((v) => [v._id, v.size, v.colour, v.countInStock])).toEqual([
      [p.variants[0]?._id, 'M', 'Black', 3],
      [p.variants[1]?._id, 'M', 'White', 3],
      [expect.any(String), 'XL', null, 3],
    ]);
    expect([after.sizes, after.countInStock]).toEqual([['M', 'XL'], 9]);
  });

  it('POST /api/products/with-images takes the grid too, in the same transaction as the product', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 20, b: 30 } },
    })
      .png()
      .toBuffer();
    const send = async (product: Record<string, unknown>) => {
      const form = new FormData();
      form.append('product', JSON.stringify(product));
      form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      const body = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: '/api/products/with-images',
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type') ?? '', ...headers.get(kavya.id) },
      });
    };
    const res = await send({ ...tee, name: 'Grid Tee', categoryId: clothes.id, variants: grid });
    expect(res.statusCode, res.body).toBe(201);
    const p = productSchema.parse(res.json());
    expect(p.variants.map((v) => v.sku)).toEqual(['TEE-M-BLK', 'TEE-M-WHT', 'TEE-L-BLK']);
    expect([p.sizes, p.countInStock, p.status]).toEqual([['M', 'L'], 7, true]);
    const bad = await send({
      ...tee,
      name: 'Bad Grid Tee',
      categoryId: clothes.id,
      variants: [{ ...grid[0], size: '9' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(products).where(eq(products.name, 'Bad Grid Tee'))).toEqual([]);
  });

  it('puts variants on every storefront list', async () => {
    const p = await createProduct(t.db, { sellerId: kavya.id, categoryId: clothes.id, sizes: ['S', 'M'] });
    const lists = [
      '/api/products',
      `/api/products/category?categoryIDs=${clothes.id}`,
      `/api/products/seller/${kavya.id}`,
    ];
    for (const url of lists) {
      const res = await call('GET', url, kavya);
      const found = productListSchema.parse(res.json()).products.find((x) => x._id === p.id);
      expect(
        found?.variants.map((v) => v.size),
        url,
      ).toEqual(['S', 'M']);
      expect(found?.sizeChart).toBeNull();
    }
  });
});

describe('orders by variant', () => {
  /** Kurta: S 4, M 5, L 2, and a Red M at its own price. */
  async function kurta(name = 'Kurta') {
    return createProduct(t.db, {
      sellerId: kavya.id,
      categoryId: clothes.id,
      name,
      price: '1000.00',
      variants: [
        { size: 'S', colour: null, sku: 'K-S', countInStock: 4, price: null },
        { size: 'M', colour: null, sku: 'K-M', countInStock: 5, price: null },
        { size: 'L', colour: null, sku: 'K-L', countInStock: 2, price: null },
        { size: 'M', colour: 'Red', sku: 'K-M-RED', countInStock: 3, price: '1200.00' },
      ],
    });
  }
  const stock = async (productId: string) =>
    Object.fromEntries((await variantRows(productId)).map((v) => [v.sku, v.countInStock]));
  const total = async (productId: string) =>
    (await t.db.select().from(products).where(eq(products.id, productId)))[0]?.countInStock;

  it('two sizes of one product are two lines; the same variant twice is one; lines copy the variant', async () => {
    const p = await kurta();
    const vs = await variantRows(p.id);
    const order = orderSchema.parse(
      await placeOrder(
        t.app,
        buyerToken,
        orderBody([
          { product: p.id, qty: 1, size: 'm' },
          { product: p.id, qty: 2, size: 'L' },
          { product: p.id, qty: 1, size: 'M' },
        ]),
      ),
    );
    expect(order.orderItems.map((i) => [i.size, i.qty, i.variant, i.colour, i.sku])).toEqual([
      ['M', 2, vs[1]?.id, null, 'K-M'],
      ['L', 2, vs[2]?.id, null, 'K-L'],
    ]);
    expect(await stock(p.id)).toEqual({ 'K-S': 4, 'K-M': 3, 'K-L': 0, 'K-M-RED': 3 });
    expect(await total(p.id)).toBe(10);
    const rows = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(rows.map((r) => [r.variantId, r.size, r.colour, r.sku])).toEqual([
      [vs[1]?.id, 'M', null, 'K-M'],
      [vs[2]?.id, 'L', null, 'K-L'],
    ]);
  });

  it("names a variant by id or by size and colour; a variant's own price is the line's price", async () => {
    const p = await kurta();
    await createDiscount(t.db, { productId: p.id, discountUnit: 'percentage', discountValue: '10' });
    const red = (await variantRows(p.id))[3]!;
    const byId = orderSchema.parse(
      await placeOrder(t.app, buyerToken, {
        ...orderBody([]),
        orderItems: [{ product: p.id, qty: 1, variant: red.id }],
      }),
    );
    expect(byId.orderItems[0]).toMatchObject({
      variant: red.id,
      size: 'M',
      colour: 'Red',
      sku: 'K-M-RED',
      price: 1200,
      discountedPrice: 1080,
    });
    const byColour = orderSchema.parse(
      await placeOrder(t.app, buyerToken, {
        ...orderBody([]),
        orderItems: [{ product: p.id, qty: 1, size: 'M', colour: 'red' }],
      }),
    );
    expect(byColour.orderItems[0]).toMatchObject({ variant: red.id, price: 1200 });
    expect((await stock(p.id))['K-M-RED']).toBe(1);

    const foreign = (await variantRows((await kurta('Other')).id))[0]!;
    const wrong = await postOrder(t.app, buyerToken, {
      ...orderBody([]),
      orderItems: [{ product: p.id, qty: 1, variant: foreign.id }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The chosen size or colour is not available for Kurta');
    const noSize = await postOrder(t.app, buyerToken, orderBody([{ product: p.id, size: 'XXL' }]));
    expect([noSize.statusCode, noSize.json().message]).toEqual([400, 'Size XXL is not available for Kurta']);
    const noColour = await postOrder(t.app, buyerToken, {
      ...orderBody([]),
      orderItems: [{ product: p.id, qty: 1, size: 'M', colour: 'Green' }],
    });
    expect([noColour.statusCode, noColour.json().message]).toEqual([
      400,
      'Colour Green is not available for Kurta',
    ]);
  });

  it('a save that leaves a count as the form showed it keeps the stock orders took meanwhile', async () => {
    const p = await createTee();
    const shown = p.variants;
    // A buyer takes 2 of M / Black while the seller's form is open.
    await placeOrder(t.app, buyerToken, orderBody([{ product: p._id, qty: 2, variant: shown[0]!._id }]));
    const rows = shown.map((v) => ({
      _id: v._id,
      size: v.size,
      colour: v.colour,
      sku: v.sku,
      countInStock: v.countInStock,
      price: v.price,
      stockSeen: v.countInStock,
    }));
    // Only the description changes: the counts are the ones the form showed.
    let res = await call('PUT', `/api/products/${p._id}`, kavya, {
      description: 'New words.',
      variants: rows,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await variantRows(p._id)).map((v) => v.countInStock)).toEqual([3, 2, 0]);
    // A count the seller changed is theirs, whatever it was meanwhile.
    rows[0]!.countInStock = 9;
    rows[2]!.countInStock = 4;
    res = await call('PUT', `/api/products/${p._id}`, kavya, { variants: rows });
    expect(res.statusCode, res.body).toBe(200);
    expect((await variantRows(p._id)).map((v) => v.countInStock)).toEqual([9, 2, 4]);
  });

  it('409 names the product and the size, and writes nothing', async () => {
    const p = await kurta();
    const short = await postOrder(
      t.app,
      buyerToken,
      orderBody([
        { product: p.id, qty: 1, size: 'S' },
        { product: p.id, qty: 3, size: 'L' },
      ]),
    );
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ message: 'Only 2 left of Kurta (size L)', code: 'out_of_stock' });
    await placeOrder(t.app, buyerToken, orderBody([{ product: p.id, qty: 2, size: 'L' }]));
    const out = await postOrder(t.app, buyerToken, orderBody([{ product: p.id, qty: 1, size: 'L' }]));
    expect(out.json()).toMatchObject({ message: 'Kurta (size L) is out of stock', code: 'out_of_stock' });
    expect(await stock(p.id)).toEqual({ 'K-S': 4, 'K-M': 5, 'K-L': 0, 'K-M-RED': 3 });
  });

  it('20 buyers racing for 5 units of size M: exactly 5 orders, M at 0, L untouched, never negative', async () => {
    const p = await createProduct(t.db, {
      sellerId: kavya.id,
      categoryId: clothes.id,
      name: 'Race Tee',
      variants: [
        { size: 'M', colour: null, sku: 'R-M', countInStock: 5, price: null },
        { size: 'L', colour: null, sku: 'R-L', countInStock: 7, price: null },
      ],
    });
    const racers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser(t.db, { name: `Racer ${i}` })),
    );
    const tokens = await Promise.all(racers.map((r) => sessionToken(t.db, r.id)));
    const answers = await Promise.all(
      tokens.map((token) => postOrder(t.app, token, orderBody([{ product: p.id, size: 'M' }]))),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json()).toMatchObject({ message: 'Race Tee (size M) is out of stock', code: 'out_of_stock' });
    expect(await stock(p.id)).toEqual({ 'R-M': 0, 'R-L': 7 });
    expect(await total(p.id)).toBe(7);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, p.id));
    expect(lines).toHaveLength(5);
    expect(new Set(lines.map((l) => l.sku))).toEqual(new Set(['R-M']));
  });

  it('orders of two products and edits of their grids at once never deadlock (one lock order)', async () => {
    const a = await kurta('Lock A');
    const b = await kurta('Lock B');
    const racers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createUser(t.db, { name: `Locker ${i}` })),
    );
    const tokens = await Promise.all(racers.map((r) => sessionToken(t.db, r.id)));
    const gridOf = async (id: string, stock: number) =>
      (await variantRows(id)).map((v) => ({
        _id: v.id,
        size: v.size,
        colour: v.colour,
        sku: v.sku,
        countInStock: stock,
        price: v.price === null ? null : Number(v.price),
      }));
    const [gridA, gridB] = [await gridOf(a.id, 50), await gridOf(b.id, 50)];
    const answers = await Promise.all([
      ...tokens.map((token, i) =>
        postOrder(
          t.app,
          token,
          orderBody(
            i % 2 === 0
              ? [
                  { product: a.id, size: 'M' },
                  { product: b.id, size: 'S' },
                ]
              : [
                  { product: b.id, size: 'M' },
                  { product: a.id, size: 'S' },
                ],
          ),
        ),
      ),
      ...[a.id, b.id, a.id, b.id].map((id) =>
        call('PUT', `/api/products/${id}`, kavya, { variants: id === a.id ? gridA : gridB }),
      ),
    ]);
    // Every order finds stock (at least 2 per size before and after any edit); nothing fails.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(4).fill(200), ...Array(8).fill(201)]);
    for (const p of [a, b]) {
      const rows = await variantRows(p.id);
      expect(rows.every((v) => v.countInStock >= 0)).toBe(true);
      expect(await total(p.id)).toBe(rows.reduce((n, v) => n + v.countInStock, 0));
    }
  });

  it('an expired unpaid order puts each line back on its own variant', async () => {
    const p = await kurta();
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([
        { product: p.id, qty: 3, size: 'M' },
        { product: p.id, qty: 1, size: 'L' },
      ]),
    );
    expect(await stock(p.id)).toEqual({ 'K-S': 4, 'K-M': 2, 'K-L': 1, 'K-M-RED': 3 });
    await backdateOrder(t.db, order._id, 31);
    expect((await expireUnpaidOrders(t.db)).cancelled).toContain(order._id);
    expect(await stock(p.id)).toEqual({ 'K-S': 4, 'K-M': 5, 'K-L': 2, 'K-M-RED': 3 });
    expect(await total(p.id)).toBe(14);
  });

  it('a line whose variant was deleted keeps its copy; the order still reads', async () => {
    const p = await kurta();
    const order = await placeOrder(t.app, buyerToken, orderBody([{ product: p.id, qty: 1, size: 'S' }]));
    const kept = (await variantRows(p.id)).filter((v) => v.sku !== 'K-S');
    const res = await call('PUT', `/api/products/${p.id}`, kavya, {
      variants: kept.map((v) => ({
        _id: v.id,
        size: v.size,
        colour: v.colour,
        sku: v.sku,
        countInStock: v.countInStock,
        price: v.price === null ? null : Number(v.price),
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}`,
      headers: authHeader(buyerToken),
    });
    expect(orderSchema.parse(read.json()).orderItems[0]).toMatchObject({
      variant: null,
      size: 'S',
      sku: 'K-S',
    });
  });
});

describe('migration 0011/0012: existing products get variants', () => {
  it('splits stock over sizes (10 over S, M, L → 4, 3, 3), N/A for none, and links order lines', async () => {
    const serverUrl = inject('pgServerUrl');
    const name = uniqueName('haat_mig');
    await adminQuery(serverUrl, `create database "${name}"`);
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
    await client.connect();
    try {
      const { db, tag } = await migrateUpTo(client, 10);
      expect(tag).toMatch(/^0010_/);

      const ids = { seller: randomUUID(), cat: randomUUID(), sized: randomUUID(), plain: randomUUID() };
      await client.query(
        `insert into users (id, name, email, password_hash) values ($1, 'S', 's@example.com', 'x')`,
        [ids.seller],
      );
      await client.query(
        `insert into categories (id, category, sub_category, hsn, tax) values ($1, 'Fashion', 'Men Clothes', '6109', 5)`,
        [ids.cat],
      );
      await client.query(
        `insert into products (id, user_id, name, brand, price, category_id, count_in_stock, sizes)
         values ($1, $3, 'Kurta', 'B', 100, $4, 10, '{S,M,L}'), ($2, $3, 'Lamp', 'B', 50, $4, 6, '{}')`,
        [ids.sized, ids.plain, ids.seller, ids.cat],
      );
      const order = await client.query<{ id: string }>(
        `insert into orders (user_id, shipping_address, billing_address, items_price, tax_price, total_price, total_price_inr)
         values ($1, '{}', '{}', 100, 0, 100, 100) returning id`,
        [ids.seller],
      );
      await client.query(
        `insert into order_items (order_id, product_id, seller_id, name, qty, size, price, discounted_price, tax, tax_amount)
         values ($1, $2, $3, 'Kurta', 1, 'M', 100, 100, 5, 5), ($1, $4, $3, 'Lamp', 1, null, 50, 50, 5, 2.5)`,
        [order.rows[0]!.id, ids.sized, ids.seller, ids.plain],
      );

      // The rest of the migrations, from the real folder.
      await migrate(db, { migrationsFolder });

      const variants = await client.query<{
        product_id: string;
        size: string;
        count_in_stock: number;
        id: string;
        sku: string;
      }>(
        `select product_id, size, count_in_stock, id, sku from product_variants order by product_id, position`,
      );
      const of = (pid: string) => variants.rows.filter((v) => v.product_id === pid);
      expect(of(ids.sized).map((v) => [v.size, v.count_in_stock])).toEqual([
        ['S', 4],
        ['M', 3],
        ['L', 3],
      ]);
      expect(of(ids.plain).map((v) => [v.size, v.count_in_stock])).toEqual([['N/A', 6]]);
      // The derived columns agree, and order lines point at the variant of their size.
      const prods = await client.query<{ id: string; count_in_stock: number; sizes: string[] }>(
        `select id, count_in_stock, sizes from products order by name`,
      );
      expect(prods.rows.map((r) => [r.count_in_stock, r.sizes])).toEqual([
        [10, ['S', 'M', 'L']],
        [6, ['N/A']],
      ]);
      const lines = await client.query<{ product_id: string; variant_id: string; sku: string }>(
        `select product_id, variant_id, sku from order_items order by name`,
      );
      const m = of(ids.sized).find((v) => v.size === 'M')!;
      const na = of(ids.plain)[0]!;
      expect(lines.rows.map((l) => [l.variant_id, l.sku])).toEqual([
        [m.id, m.sku],
        [na.id, na.sku],
      ]);
    } finally {
      await client.end();
      await dropDatabase(serverUrl, name);
    }
  });
});
