import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_MSG } from '#shared/discounts.ts';
import { earliestDiscountDate, PRODUCT_MSG } from '#shared/schemas/product-form.ts';
import { productDiscountSchema, productSchema, type Product } from '#shared/schemas/product.ts';
import { productDiscounts, products } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createCategory, type CategoryRow } from '../factories/catalog.ts';

/**
 * Creating a product is one server action (docs/decisions/0100-product-creation-is-one-server-action.md):
 * `POST /api/products/with-images` takes the fields, the discount and the image files in one multipart
 * request. It leaves nothing behind when it fails (no product, no discount, no stored file), and it is not
 * an update: the product can still be edited, name included, right after it was created.
 */

let t: TestContext;
let seller: TestUser;
let buyer: TestUser;
let category: CategoryRow;
const tokens = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'One Call Textiles' } });
  buyer = await createUser(t.db, { roles: ['Buyer'] });
  for (const u of [seller, buyer]) tokens.set(u.id, authHeader(await sessionToken(t.db, u.id)));
  category = await createCategory(t.db, { category: 'Fashion & Accessories', subCategory: 'Women Clothes' });
});
afterAll(async () => {
  await t?.close();
});

const as = (u: TestUser) => tokens.get(u.id) ?? {};

/** A real image, made by sharp (no files in the repository). */
const image = (format: 'png' | 'jpeg', width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .toFormat(format)
    .toBuffer();

type File = { data: Buffer; filename: string; type: string };

/** The request the Create Product page sends: the fields as JSON in `product`, then the files. */
async function createWithImages(user: TestUser, product: Record<string, unknown>, files: File[]) {
  const form = new FormData();
  form.append('product', JSON.stringify(product));
  for (const f of files)
    form.append('images', new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
  const res = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/products/with-images',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '', ...as(user) },
  });
}

const fields = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  price: 1200,
  currency: 'INR',
  brand: 'One Call',
  countInStock: 4,
  categoryId: category.id,
  sizes: ['M', 'S'],
  description: 'Hand-woven cotton.',
  ...extra,
});
const discount = (extra: Record<string, unknown> = {}) => ({
  discount_value: 10,
  discount_unit: 'percentage',
  valid_until: earliestDiscountDate(Date.now() + 3 * 86_400_000),
  coupon_code: 'ONECALL',
  ...extra,
});
const png = async (): Promise<File> => ({ data: await image('png'), filename: 'a.png', type: 'image/png' });
const jpeg = async (): Promise<File> => ({
  data: await image('jpeg'),
  filename: 'b.jpg',
  type: 'image/jpeg',
});

/** Every file under the public products folder of this test's storage. */
async function storedProductFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'uploads', 'public', 'products');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
const productsNamed = (name: string) => t.db.select().from(products).where(eq(products.name, name));
const discountCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(productDiscounts))[0]?.n ?? 0;

describe('POST /api/products/with-images', () => {
  it('creates the product with its images, sizes and discount in one call', async () => {
    const before = (await storedProductFiles()).length;
    const res = await createWithImages(seller, fields('Indigo Saree', { discount: discount() }), [
      await png(),
      await jpeg(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const product = productSchema.parse(res.json());
    expect(product.image).toHaveLength(2);
    for (const link of product.image)
      expect(link).toMatch(new RegExp(`^/uploads/products/${product._id}/[0-9a-f-]+-original\\.webp$`));
    expect(product.sizes).toEqual(['S', 'M']); // stored in the category's order
    expect(product.status).toBe(true);
    // Three files per image: the original and two variants, all stored.
    expect((await storedProductFiles()).length - before).toBe(6);

    const saved = await t.app.inject({
      method: 'GET',
      url: `/api/product-discounts/${product._id}`,
      headers: as(seller),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(productDiscountSchema.parse(saved.json())).toMatchObject({
      discount_value: 10,
      discount_unit: 'percentage',
      coupon_code: 'ONECALL',
      activate: true,
    });
  });

  it('is not an update: the product can be edited right after, and the lock starts at that edit', async () => {
    const res = await createWithImages(seller, fields('Indgo Kurta'), [await png()]);
    expect(res.statusCode, res.body).toBe(201);
    const created = productSchema.parse(res.json());
    expect(created.updatedAt).toBe(created.createdAt);

    const fix = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created._id}`,
      headers: as(seller),
      payload: { name: 'Indigo Kurta', brand: 'One Call Studio' },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const fixed: Product = productSchema.parse(fix.json());
    expect(fixed).toMatchObject({ name: 'Indigo Kurta', brand: 'One Call Studio', image: created.image });

    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created._id}`,
      headers: as(seller),
      payload: { name: 'Another Kurta' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: PRODUCT_MSG.locked, code: 'product_locked' });
  });

  it('an invalid discount leaves no product, no discount and no stored file', async () => {
    const [files, discounts] = [(await storedProductFiles()).length, await discountCount()];
    const res = await createWithImages(
      seller,
      fields('Refused Stole', { discount: discount({ discount_unit: 'amount', discount_value: 1200 }) }),
      [await png()],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: 'discount.discount_value',
      message: DISCOUNT_MSG.amountNotBelowPrice,
    });
    expect(await productsNamed('Refused Stole')).toEqual([]);
    expect(await discountCount()).toBe(discounts);
    expect((await storedProductFiles()).length).toBe(files);
  });

  it('a NUL or broken Unicode in the product JSON is a 400 naming the field, and stores nothing', async () => {
    const files = (await storedProductFiles()).length;
    const productCount = async () => (await t.db.select({ id: products.id }).from(products)).length;
    const before = await productCount();
    for (const name of ['Kurta\u0000x', 'Kurta \ud800']) {
      const res = await createWithImages(seller, fields(name), [await png()]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', errors: [{ path: 'product.name' }] });
    }
    expect(await productCount()).toBe(before);
    expect((await storedProductFiles()).length).toBe(files);
  });

  it('a file that is not an image, after a good one, leaves nothing behind either (415)', async () => {
    const [files, discounts] = [(await storedProductFiles()).length, await discountCount()];
    const res = await createWithImages(seller, fields('Refused Dupatta', { discount: discount() }), [
      await png(),
      { data: Buffer.from('%PDF-1.7 not a picture'), filename: 'c.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_image');
    expect(await productsNamed('Refused Dupatta')).toEqual([]);
    expect(await discountCount()).toBe(discounts);
    expect((await storedProductFiles()).length).toBe(files);
  });

  it('a database failure after the images were stored deletes them again', async () => {
    // A real failure inside the transaction: PostgreSQL refuses the discount row after the product's.
    await t.db.execute(sql`
      create function refuse_discount() returns trigger language plpgsql as
        $$ begin raise exception 'refused by the test'; end $$;
      create trigger refuse_discount before insert on product_discounts
        for each row execute function refuse_discount();`);
    try {
      const files = (await storedProductFiles()).length;
      const res = await createWithImages(seller, fields('Refused Lehenga', { discount: discount() }), [
        await png(),
        await jpeg(),
      ]);
      expect(res.statusCode).toBe(500);
      expect(await productsNamed('Refused Lehenga')).toEqual([]);
      expect((await storedProductFiles()).length).toBe(files);
    } finally {
      await t.db.execute(sql`drop trigger refuse_discount on product_discounts;
        drop function refuse_discount();`);
    }
  });

  it('needs at least one image, and the caller must be allowed to sell', async () => {
    const none = await createWithImages(seller, fields('Imageless Shawl'), []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toContainEqual({ path: 'image', message: PRODUCT_MSG.image });
    expect(await productsNamed('Imageless Shawl')).toEqual([]);

    const files = (await storedProductFiles()).length;
    const stranger = await createWithImages(buyer, fields('Buyer Shawl'), [await png()]);
    expect(stranger.statusCode).toBe(403);
    expect(await productsNamed('Buyer Shawl')).toEqual([]);
    expect((await storedProductFiles()).length).toBe(files);
  });
});
