import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_MSG } from '#shared/discounts.ts';
import { MSG } from '#shared/messages.ts';
import { earliestDiscountDate, indiaDate, PRODUCT_MSG } from '#shared/schemas/product-form.ts';
import {
  productDiscountSchema,
  productListSchema,
  productSchema,
  type Product,
} from '#shared/schemas/product.ts';
import { categoryMarkups, products, reviewImages, reviews } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createCategory, createDiscount, createProduct, type CategoryRow } from '../factories/catalog.ts';

/**
 * The product write API (issue 4; docs/product/orders-and-checkout.md#checkout-flow, docs/product/messages.md, docs/product/api.md; docs/product/roles-and-accounts.md–docs/product/pricing-and-tax.md): who may create, edit, toggle, delete
 * and list; the edit lock; validation messages; markup copy; discounts.
 */

let t: TestContext;
let kavya: TestUser; // Seller-Company with a shop
let meera: TestUser; // Seller-Individual with a shop
let pending: TestUser; // seller not yet activated
let noShop: TestUser; // active seller without a shop
let buyer: TestUser;
let admin: TestUser;
let clothes: CategoryRow;
let shoes: CategoryRow;
let books: CategoryRow;
let unmarked: CategoryRow;
const tokens = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  kavya = await createUser(t.db, {
    name: 'Kavya Rao',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Textiles' },
  });
  meera = await createUser(t.db, {
    name: 'Meera Das',
    roles: ['Seller-Individual'],
    shop: { shopName: 'Meera Handlooms' },
  });
  pending = await createUser(t.db, {
    roles: ['Seller-Individual'],
    active: false,
    shop: { shopName: 'Pending Shop' },
  });
  noShop = await createUser(t.db, { roles: ['Seller-Individual'] });
  buyer = await createUser(t.db, { roles: ['Buyer'] });
  admin = await createUser(t.db, { name: 'Admin', roles: ['Admin'] });
  for (const u of [kavya, meera, pending, noShop, buyer, admin])
    tokens.set(u.id, authHeader(await sessionToken(t.db, u.id)));
  clothes = await createCategory(t.db, { category: 'Fashion & Accessories', subCategory: 'Men Clothes' });
  shoes = await createCategory(t.db, {
    category: 'Fashion & Accessories',
    subCategory: 'Men Shoes',
    hsn: '6403',
  });
  books = await createCategory(t.db, {
    category: 'Crafts & Books',
    subCategory: 'Books & Magazines',
    hsn: '4901',
    tax: '0',
  });
  unmarked = await createCategory(t.db, { category: 'Food & Beverage', subCategory: 'Snacks', hsn: '2106' });
  await t.db.insert(categoryMarkups).values([
    { uniqueCategoryName: 'Fashion & Accessories', percentageMarkup: '15.00' },
    { uniqueCategoryName: 'Crafts & Books', percentageMarkup: '10.50' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const as = (u: TestUser) => tokens.get(u.id) ?? {};
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: user ? as(user) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });

const shirt = () => ({
  name: 'Handloom Cotton Shirt',
  price: 1299.5,
  currency: 'INR',
  brand: 'Kavya',
  countInStock: 12,
  categoryId: clothes.id,
  sizes: ['XL', 'S', 'M'],
  description: 'Soft handloom cotton, woven in Pochampally.',
  image: [],
});

async function create(user: TestUser, overrides: Record<string, unknown> = {}): Promise<Product> {
  const res = await inject('POST', '/api/products', user, { ...shirt(), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

/** A product past its draft: created, then given a picture by the update that completes it. */
async function createShown(user: TestUser, overrides: Record<string, unknown> = {}): Promise<Product> {
  const draft = await create(user, overrides);
  const res = await inject('PUT', `/api/products/${draft._id}`, user, {
    image: [await storedImage(draft._id)],
  });
  expect(res.statusCode, res.body).toBe(200);
  return productSchema.parse(res.json());
}

/** Put an "uploaded" original for a product straight into storage, as POST /api/upload/product would. */
async function storedImage(productId: string): Promise<string> {
  const key = `products/${productId}/${randomUUID()}-original.webp`;
  await t.app.storage.put(key, Buffer.from('RIFF0000WEBP'), 'image/webp', 'public');
  return t.app.storage.publicUrl(key);
}

const messages = (res: { json: () => unknown }) =>
  ((res.json() as { errors?: { path: string; message: string }[] }).errors ?? []).map((e) => e.message);

describe('POST /api/products: who may create', () => {
  it('refuses signed-out visitors (401), buyers (403) and sellers not yet activated (403)', async () => {
    expect((await inject('POST', '/api/products', undefined, shirt())).statusCode).toBe(401);
    const asBuyer = await inject('POST', '/api/products', buyer, shirt());
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toEqual({
      message: MSG.notAllowed,
      code: 'forbidden',
      requestId: expect.any(String),
    });
    expect((await inject('POST', '/api/products', pending, shirt())).statusCode).toBe(403);
    // Even an invalid body from a buyer is "not allowed", not a list of fixes.
    expect((await inject('POST', '/api/products', buyer, {})).statusCode).toBe(403);
  });

  it('creates a draft (hidden until its first images) for an active seller, in their shop, with the category markup copied', async () => {
    const p = await create(kavya);
    expect(p).toMatchObject({
      name: 'Handloom Cotton Shirt',
      price: 1299.5,
      currency: 'INR',
      brand: 'Kavya',
      countInStock: 12,
      categoryId: clothes.id,
      // Sizes are stored in the category's order.
      sizes: ['S', 'M', 'XL'],
      image: [],
      status: false,
      percentageMarkup: 15,
      user: { _id: kavya.id, name: 'Kavya Rao' },
      shop: { _id: kavya.shop?.id, shopName: 'Kavya Textiles' },
      rating: 0,
      numReviews: 0,
    });
    expect(p.createdAt).toBe(p.updatedAt);
    const [row] = await t.db.select().from(products).where(eq(products.id, p._id));
    expect(row?.shopId).toBe(kavya.shop?.id);
  });

  it('drops the fields the server sets (user, shop, percentageMarkup, status, rating)', async () => {
    const p = await create(meera, {
      user: { _id: kavya.id },
      shop: kavya.shop?.id,
      percentageMarkup: 0,
      status: true,
      rating: 5,
      numReviews: 100,
    });
    expect(p).toMatchObject({
      user: { _id: meera.id },
      shop: { shopName: 'Meera Handlooms' },
      percentageMarkup: 15,
      status: false,
      rating: 0,
    });
  });

  it('copies the markup of the top-level category at creation; later markup changes leave the product alone', async () => {
    const book = await create(kavya, { categoryId: books.id, sizes: ['N/A'] });
    expect(book.percentageMarkup).toBe(10.5);
    await t.db
      .update(categoryMarkups)
      .set({ percentageMarkup: '20.00' })
      .where(eq(categoryMarkups.uniqueCategoryName, 'Crafts & Books'));
    expect(
      productSchema.parse((await inject('GET', `/api/products/${book._id}`, kavya)).json()).percentageMarkup,
    ).toBe(10.5);
    expect((await create(kavya, { categoryId: books.id, sizes: ['N/A'] })).percentageMarkup).toBe(20);
    // A top-level category without a markup: 0.
    expect((await create(kavya, { categoryId: unmarked.id, sizes: ['N/A'] })).percentageMarkup).toBe(0);
  });

  it("takes the new category's markup when the first update moves the product to another top level", async () => {
    const book = await create(kavya, { categoryId: books.id, sizes: ['N/A'] });
    expect(book.percentageMarkup).toBeGreaterThan(0);
    const res = await inject('PUT', `/api/products/${book._id}`, kavya, {
      categoryId: unmarked.id,
      sizes: ['N/A'],
      image: [await storedImage(book._id)],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(productSchema.parse(res.json()).percentageMarkup).toBe(0);
  });

  it('needs a shop for sellers; Admin may list without one', async () => {
    const res = await inject('POST', '/api/products', noShop, shirt());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: PRODUCT_MSG.shopRequired, code: 'shop_required' });
    const p = await create(admin);
    expect(p.user._id).toBe(admin.id);
    expect(p.shop).toBeNull();
  });
});

describe('POST /api/products: validation (docs/product/messages.md messages)', () => {
  it('names every missing field with its SPEC message', async () => {
    const res = await inject('POST', '/api/products', kavya, {});
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toEqual(
      expect.arrayContaining([
        PRODUCT_MSG.name,
        PRODUCT_MSG.price,
        PRODUCT_MSG.currency,
        PRODUCT_MSG.brand,
        PRODUCT_MSG.countInStock,
        PRODUCT_MSG.category,
        PRODUCT_MSG.sizes,
        PRODUCT_MSG.description,
      ]),
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['blank name', { name: '   ' }, PRODUCT_MSG.name],
    ['negative price', { price: -1 }, PRODUCT_MSG.price],
    ['price with 3 decimals', { price: 10.005 }, PRODUCT_MSG.price],
    ['price as text', { price: 'ten' }, PRODUCT_MSG.price],
    ['a currency other than INR', { currency: 'USD' }, PRODUCT_MSG.currency],
    ['blank brand', { brand: '' }, PRODUCT_MSG.brand],
    ['stock below 0', { countInStock: -1 }, PRODUCT_MSG.stockNegative],
    ['fractional stock', { countInStock: 1.5 }, PRODUCT_MSG.stockWhole],
    ['missing stock', { countInStock: null }, PRODUCT_MSG.countInStock],
    ['no category', { categoryId: '' }, PRODUCT_MSG.category],
    ['an unknown category', { categoryId: randomUUID() }, PRODUCT_MSG.category],
    ['no sizes', { sizes: [] }, PRODUCT_MSG.sizes],
    ['shoe sizes for clothes', { sizes: ['8'] }, PRODUCT_MSG.sizes],
    ['clothes sizes for shoes', { categoryId: 'SHOES', sizes: ['M'] }, PRODUCT_MSG.sizes],
    ['sizes for a category without sizes', { categoryId: 'BOOKS', sizes: ['M'] }, PRODUCT_MSG.sizes],
    ['blank description', { description: ' ' }, PRODUCT_MSG.description],
    [
      'image links on creation',
      { image: ['/uploads/products/x/1-original.webp'] },
      PRODUCT_MSG.imagesFirstCreate,
    ],
  ])('refuses %s', async (_label, overrides, message) => {
    const body = { ...shirt(), ...overrides };
    if (body.categoryId === 'SHOES') body.categoryId = shoes.id;
    if (body.categoryId === 'BOOKS') body.categoryId = books.id;
    const res = await inject('POST', '/api/products', kavya, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts shoe sizes 6–10 for shoes and N/A elsewhere; a price of 0 is non-negative', async () => {
    expect((await create(kavya, { categoryId: shoes.id, sizes: ['10', '6'] })).sizes).toEqual(['6', '10']);
    expect((await create(kavya, { categoryId: books.id, sizes: ['n/a'], price: 0 })).sizes).toEqual(['N/A']);
    expect((await create(kavya, { countInStock: 0 })).countInStock).toBe(0);
  });
});

describe('PUT /api/products/:id: ownership and the edit lock', () => {
  it("answers 404 for another seller's product (as for an unknown one), 403 for a buyer", async () => {
    const p = await createShown(kavya);
    const res = await inject('PUT', `/api/products/${p._id}`, meera, { price: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Product not found',
      code: 'not_found',
      requestId: expect.any(String),
    });
    expect((await inject('PUT', `/api/products/${randomUUID()}`, meera, { price: 1 })).statusCode).toBe(404);
    expect((await inject('PUT', `/api/products/not-a-uuid`, meera, { price: 1 })).statusCode).toBe(404);
    expect((await inject('PUT', `/api/products/${p._id}`, buyer, { price: 1 })).statusCode).toBe(403);
    expect((await inject('PUT', `/api/products/${p._id}`, undefined, { price: 1 })).statusCode).toBe(401);
    // Unchanged.
    expect(productSchema.parse((await inject('GET', `/api/products/${p._id}`)).json()).price).toBe(1299.5);
  });

  it('a draft is completed by its first images (shown, not locked); the next edit may change everything, then locks name, currency, brand, images and category', async () => {
    const p = await create(kavya);
    const links = [await storedImage(p._id), await storedImage(p._id)];
    // The old clients' create flow: upload, then save the image links. That finishes the creation.
    const completed = await inject('PUT', `/api/products/${p._id}`, kavya, { ...p, image: links });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(productSchema.parse(completed.json())).toMatchObject({ status: true, image: links });
    expect(completed.json().updatedAt).toBe(completed.json().createdAt);
    expect((await inject('GET', `/api/products/${p._id}`)).statusCode).toBe(200);

    const first = await inject('PUT', `/api/products/${p._id}`, kavya, {
      ...productSchema.parse(completed.json()),
      name: 'Handloom Shirt',
      brand: 'Kavya Looms',
      categoryId: shoes.id,
      sizes: ['7', '8'],
      image: links,
    });
    expect(first.statusCode, first.body).toBe(200);
    const updated = productSchema.parse(first.json());
    expect(updated).toMatchObject({
      name: 'Handloom Shirt',
      brand: 'Kavya Looms',
      categoryId: shoes.id,
      sizes: ['7', '8'],
      image: links,
    });
    expect(updated.updatedAt).not.toBe(updated.createdAt);

    // Now locked: each of the five fields is refused with 400, naming the field.
    const changes: [string, unknown][] = [
      ['name', 'Another name'],
      ['brand', 'Another brand'],
      ['categoryId', clothes.id],
      ['image', [links[1], links[0]]],
      ['image', [links[0]]],
    ];
    for (const [field, value] of changes) {
      const res = await inject('PUT', `/api/products/${p._id}`, kavya, { ...updated, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({
        message: PRODUCT_MSG.locked,
        code: 'product_locked',
        errors: [{ path: field, message: PRODUCT_MSG.lockedField }],
      });
    }
    // The whole product sent back with price, stock, description and sizes changed is fine.
    const second = await inject('PUT', `/api/products/${p._id}`, kavya, {
      ...updated,
      price: 999,
      countInStock: 3,
      description: 'Now with coconut buttons.',
      sizes: ['9', '10'],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(productSchema.parse(second.json())).toMatchObject({
      name: 'Handloom Shirt',
      price: 999,
      countInStock: 3,
      description: 'Now with coconut buttons.',
      sizes: ['9', '10'],
      image: links,
    });
  });

  it('the lock holds for Admin too, and for a product made by the factory and edited once', async () => {
    const p = await createProduct(t.db, { sellerId: kavya.id, categoryId: clothes.id });
    expect((await inject('PUT', `/api/products/${p.id}`, admin, { countInStock: 4 })).statusCode).toBe(200);
    const res = await inject('PUT', `/api/products/${p.id}`, admin, { name: 'Renamed by admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRODUCT_MSG.locked);
  });

  it('validates the fields it is given', async () => {
    const p = await createShown(kavya);
    const cases: [Record<string, unknown>, string][] = [
      [{ countInStock: -1 }, PRODUCT_MSG.stockNegative],
      [{ price: -5 }, PRODUCT_MSG.price],
      [{ image: [] }, PRODUCT_MSG.image],
      [{ sizes: ['8'] }, PRODUCT_MSG.sizes],
      [{ currency: 'EUR' }, PRODUCT_MSG.currency],
      [{ description: '' }, PRODUCT_MSG.description],
      [{ categoryId: shoes.id }, PRODUCT_MSG.sizes], // the shirt's sizes do not exist for shoes
    ];
    for (const [body, message] of cases) {
      const res = await inject('PUT', `/api/products/${p._id}`, kavya, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Nothing above counted as an update.
    const again = productSchema.parse((await inject('GET', `/api/products/${p._id}`)).json());
    expect(again.updatedAt).toBe(again.createdAt);
  });

  it('leaves no product without a picture: the first update needs images (afterwards none can be added)', async () => {
    const p = await create(kavya);
    const res = await inject('PUT', `/api/products/${p._id}`, kavya, { price: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: PRODUCT_MSG.image, errors: [{ path: 'image' }] });
    const link = await storedImage(p._id);
    expect(
      (await inject('PUT', `/api/products/${p._id}`, kavya, { price: 5, image: [link] })).statusCode,
    ).toBe(200);
  });

  it("accepts only uploads of this product's own folder that exist", async () => {
    const p = await create(kavya);
    const other = await create(kavya);
    const cases = [
      [await storedImage(other._id)], // another product's upload
      [`/uploads/products/${p._id}/${randomUUID()}-original.webp`], // never uploaded
      ['https://evil.example/x-original.webp'],
      ['/uploads/products/../../etc/passwd-original'],
    ];
    for (const image of cases) {
      const res = await inject('PUT', `/api/products/${p._id}`, kavya, { image });
      expect(res.statusCode, String(image)).toBe(400);
      expect(res.json().message).toBe(PRODUCT_MSG.imageLink);
    }
    const nine = await Promise.all(Array.from({ length: 9 }, () => storedImage(p._id)));
    const res = await inject('PUT', `/api/products/${p._id}`, kavya, { image: nine });
    expect(res.json().message).toBe(PRODUCT_MSG.tooManyImages);
  });

  it('deletes images dropped from the list before the lock', async () => {
    const p = await create(kavya);
    const [a, b] = [await storedImage(p._id), await storedImage(p._id)];
    await t.db.insert((await import('../../src/server/db/schema/index.ts')).productImages).values([
      { productId: p._id, url: a, position: 0 },
      { productId: p._id, url: b, position: 1 },
    ]);
    const res = await inject('PUT', `/api/products/${p._id}`, kavya, { image: [b] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject(a)).statusCode).toBe(404);
    expect((await t.app.inject(b)).statusCode).toBe(200);
  });
});

describe('PUT /api/products/:id/toggle', () => {
  it('deactivates (gone from the storefront, 404 to others) and reactivates; not an edit', async () => {
    const p = await createShown(meera, { name: `Toggle kurta ${randomUUID().slice(0, 6)}` });
    const off = await inject('PUT', `/api/products/${p._id}/toggle`, meera);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ _id: p._id, status: false });
    const list = productListSchema.parse(
      (await inject('GET', `/api/products?keyword=${encodeURIComponent(p.name)}`)).json(),
    );
    expect(list.products.map((x) => x._id)).not.toContain(p._id);
    expect((await inject('GET', `/api/products/${p._id}`, buyer)).statusCode).toBe(404);
    expect((await inject('GET', `/api/products/${p._id}`, meera)).statusCode).toBe(200);

    const on = await inject('PUT', `/api/products/${p._id}/toggle`, meera);
    expect(on.json()).toEqual({ _id: p._id, status: true });
    const back = productListSchema.parse(
      (await inject('GET', `/api/products?keyword=${encodeURIComponent(p.name)}`)).json(),
    );
    expect(back.products.map((x) => x._id)).toContain(p._id);
    const after = productSchema.parse((await inject('GET', `/api/products/${p._id}`)).json());
    expect(after.updatedAt).toBe(after.createdAt);
  });

  it('a draft (no pictures yet) cannot be shown: 400 naming the image, and it stays hidden', async () => {
    const p = await create(meera);
    const res = await inject('PUT', `/api/products/${p._id}/toggle`, meera);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ path: 'image', message: PRODUCT_MSG.image }] });
    expect((await inject('GET', `/api/products/${p._id}`, buyer)).statusCode).toBe(404);
  });

  it("404 for another seller's product, 403 for a buyer, Admin may toggle any", async () => {
    const p = await createShown(meera);
    expect((await inject('PUT', `/api/products/${p._id}/toggle`, kavya)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/products/${p._id}/toggle`, buyer)).statusCode).toBe(403);
    expect((await inject('PUT', `/api/products/${p._id}/toggle`, admin)).json()).toEqual({
      _id: p._id,
      status: false,
    });
  });
});

describe('DELETE /api/products/:id (Admin only)', () => {
  it('refuses sellers (even the owner) and buyers with 403', async () => {
    const p = await createShown(kavya);
    expect((await inject('DELETE', `/api/products/${p._id}`, kavya)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/products/${p._id}`, buyer)).statusCode).toBe(403);
    expect((await inject('GET', `/api/products/${p._id}`)).statusCode).toBe(200);
  });

  it('deletes a product with its discount and images; unknown → 404', async () => {
    const p = await create(kavya);
    const link = await storedImage(p._id);
    expect((await inject('PUT', `/api/products/${p._id}`, kavya, { image: [link] })).statusCode).toBe(200);
    await createDiscount(t.db, { productId: p._id });
    const res = await inject('DELETE', `/api/products/${p._id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Product removed' });
    expect((await inject('GET', `/api/products/${p._id}`, admin)).statusCode).toBe(404);
    expect((await t.app.inject(link)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/products/${p._id}`, admin)).statusCode).toBe(404);
  });

  it("removes the files of its reviews' photos too", async () => {
    const p = await create(kavya);
    const [review] = await t.db
      .insert(reviews)
      .values({ productId: p._id, userId: buyer.id, name: 'Buyer', rating: 5, comment: 'Fits well' })
      .returning();
    const key = `reviews/${review!.id}/${randomUUID()}-original.webp`;
    await t.app.storage.put(key, Buffer.from('RIFF0000WEBP'), 'image/webp', 'public');
    const photo = t.app.storage.publicUrl(key);
    await t.db.insert(reviewImages).values({ reviewId: review!.id, url: photo });
    expect((await t.app.inject(photo)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/products/${p._id}`, admin)).statusCode).toBe(200);
    expect((await t.app.inject(photo)).statusCode).toBe(404);
  });
});

describe('product tables', () => {
  let lister: TestUser;
  beforeAll(async () => {
    lister = await createUser(t.db, {
      roles: ['Seller-Individual'],
      shop: { shopName: `Lister ${randomUUID()}` },
    });
    tokens.set(lister.id, authHeader(await sessionToken(t.db, lister.id)));
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 23; i++)
      await createProduct(t.db, {
        sellerId: lister.id,
        name: `Listed ${i}`,
        status: i % 5 !== 0,
        createdAt: new Date(base + i * 1000),
      });
  });

  it("lists a seller's own products, inactive ones included, newest first, 20 a page", async () => {
    const one = productListSchema.parse(
      (await inject('GET', `/api/products/seller/${lister.id}`, lister)).json(),
    );
    expect(one).toMatchObject({ page: 1, pages: 2 });
    expect(one.products).toHaveLength(20);
    expect(one.products[0]?.name).toBe('Listed 22');
    expect(one.products.some((p) => !p.status)).toBe(true);
    const two = productListSchema.parse(
      (await inject('GET', `/api/products/seller/${lister.id}?pageNumber=2`, lister)).json(),
    );
    expect(two).toMatchObject({ page: 2, pages: 2 });
    expect(two.products.map((p) => p.name)).toEqual(['Listed 2', 'Listed 1', 'Listed 0']);
    const three = productListSchema.parse(
      (await inject('GET', `/api/products/seller/${lister.id}?pageNumber=3`, lister)).json(),
    );
    expect(three.products).toEqual([]);
  });

  it("refuses another seller's list (403) and buyers (403); Admin may see anybody's", async () => {
    expect((await inject('GET', `/api/products/seller/${lister.id}`, kavya)).statusCode).toBe(403);
    expect((await inject('GET', `/api/products/seller/${buyer.id}`, buyer)).statusCode).toBe(403);
    expect((await inject('GET', `/api/products/seller/${lister.id}`)).statusCode).toBe(401);
    const res = await inject('GET', `/api/products/seller/${lister.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(productListSchema.parse(res.json()).products).toHaveLength(20);
  });

  it('the admin list holds every product, inactive included, 20 a page, Admin only', async () => {
    const total = (await t.db.select({ id: products.id }).from(products)).length;
    const one = productListSchema.parse(
      (await inject('GET', '/api/products/admin/productlist', admin)).json(),
    );
    expect(one.pages).toBe(Math.ceil(total / 20));
    expect(one.products).toHaveLength(20);
    const last = productListSchema.parse(
      (await inject('GET', `/api/products/admin/productlist?pageNumber=${one.pages}`, admin)).json(),
    );
    expect(last.products.length).toBe(total - 20 * (one.pages - 1));
    const inactive = (await t.db.select({ id: products.id }).from(products).where(eq(products.status, false)))
      .length;
    expect(inactive).toBeGreaterThan(0);
    const all = [];
    for (let page = 1; page <= one.pages; page++)
      all.push(
        ...productListSchema.parse(
          (await inject('GET', `/api/products/admin/productlist?pageNumber=${page}`, admin)).json(),
        ).products,
      );
    expect(new Set(all.map((p) => p._id)).size).toBe(total);
    expect(all.filter((p) => !p.status)).toHaveLength(inactive);

    expect((await inject('GET', '/api/products/admin/productlist', kavya)).statusCode).toBe(403);
    expect((await inject('GET', '/api/products/admin/productlist', buyer)).statusCode).toBe(403);
    expect((await inject('GET', '/api/products/admin/productlist')).statusCode).toBe(401);
  });
});

describe('PUT /api/product-discounts/:product_id', () => {
  const inDays = (n: number) => indiaDate(Date.now() + n * 86_400_000);
  const tenPercent = () => ({
    discount_value: 10,
    discount_unit: 'percentage',
    valid_until: inDays(7),
    coupon_code: '',
    activate: true,
  });

  it('creates, then replaces, the discount of an own product; the owner sees the coupon code', async () => {
    const p = await createShown(kavya, { price: 1000 });
    const res = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
      ...tenPercent(),
      product_id: p._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = productDiscountSchema.parse(res.json());
    expect(saved).toMatchObject({
      product_id: p._id,
      discount_value: 10,
      discount_unit: 'percentage',
      activate: true,
      coupon_code: null,
      requires_coupon: false,
    });
    // A date means the end of that day in India.
    expect(indiaDate(new Date(saved.valid_until))).toBe(inDays(7));
    expect(saved.valid_until).toMatch(/T18:29:59\.999Z$/);

    const live = (await inject('GET', '/api/product-discounts')).json() as { product_id: string }[];
    expect(live.map((d) => d.product_id)).toContain(p._id);

    const replaced = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
      discount_value: 150,
      discount_unit: 'amount',
      valid_until: inDays(3),
      coupon_code: 'DIWALI-25',
      activate: true,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      _id: saved._id,
      discount_value: 150,
      discount_unit: 'amount',
      coupon_code: 'DIWALI-25',
      requires_coupon: true,
    });
    const got = await inject('GET', `/api/product-discounts/${p._id}`, kavya);
    expect(got.json()).toMatchObject({ coupon_code: 'DIWALI-25' });
  });

  it('activate follows the Add Discount checkbox: an inactive discount is not live, and needs no new date', async () => {
    const p = await create(kavya, { price: 1000 });
    expect((await inject('PUT', `/api/product-discounts/${p._id}`, kavya, tenPercent())).statusCode).toBe(
      200,
    );
    const off = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
      ...tenPercent(),
      valid_until: inDays(-3),
      activate: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ activate: false });
    const live = (await inject('GET', '/api/product-discounts')).json() as { product_id: string }[];
    expect(live.map((d) => d.product_id)).not.toContain(p._id);
  });

  it('refuses a date less than one day ahead, a missing date and a missing value', async () => {
    const p = await create(kavya, { price: 1000 });
    for (const valid_until of [inDays(0), inDays(-1), new Date(Date.now() + 3_600_000).toISOString()]) {
      const res = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
        ...tenPercent(),
        valid_until,
      });
      expect(res.statusCode, valid_until).toBe(400);
      expect(res.json()).toMatchObject({
        message: PRODUCT_MSG.discountDateTooSoon,
        errors: [{ path: 'valid_until' }],
      });
    }
    expect(
      (
        await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
          ...tenPercent(),
          valid_until: earliestDiscountDate(),
        })
      ).statusCode,
    ).toBe(200);
    const noDate = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
      ...tenPercent(),
      valid_until: '',
    });
    expect(noDate.json().message).toBe(PRODUCT_MSG.discountDate);
    const badDate = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
      ...tenPercent(),
      valid_until: '2026-02-30',
    });
    expect(badDate.json().message).toBe(PRODUCT_MSG.discountDate);
    const { discount_value: _v, ...noValue } = tenPercent();
    expect((await inject('PUT', `/api/product-discounts/${p._id}`, kavya, noValue)).json().message).toBe(
      PRODUCT_MSG.discountValue,
    );
  });

  it('refuses a discount that does not lower the price', async () => {
    const p = await create(kavya, { price: 500 });
    const cases: [Record<string, unknown>, string][] = [
      [{ discount_unit: 'amount', discount_value: 500 }, DISCOUNT_MSG.amountNotBelowPrice],
      [{ discount_unit: 'amount', discount_value: 900 }, DISCOUNT_MSG.amountNotBelowPrice],
      [{ discount_unit: 'percentage', discount_value: 100 }, DISCOUNT_MSG.percentageTooHigh],
      [{ discount_unit: 'percentage', discount_value: 0 }, DISCOUNT_MSG.invalidValue],
      [{ discount_unit: 'percentage', discount_value: -5 }, DISCOUNT_MSG.invalidValue],
      [{ discount_unit: 'amount', discount_value: 0.001 }, DISCOUNT_MSG.invalidValue],
      [{ discount_unit: 'percent' }, DISCOUNT_MSG.invalidUnit],
    ];
    for (const [body, message] of cases) {
      const res = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, { ...tenPercent(), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const free = await create(kavya, { price: 0 });
    expect(
      (await inject('PUT', `/api/product-discounts/${free._id}`, kavya, tenPercent())).json().message,
    ).toBe(DISCOUNT_MSG.mustLowerPrice);
    expect(
      (
        await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
          ...tenPercent(),
          discount_unit: 'amount',
          discount_value: 499.99,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("checks coupon codes and the body's product id", async () => {
    const p = await create(kavya, { price: 500 });
    const bad = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
      ...tenPercent(),
      coupon_code: 'no spaces!',
    });
    expect(bad.json().message).toBe(PRODUCT_MSG.couponCode);
    const mismatch = await inject('PUT', `/api/product-discounts/${p._id}`, kavya, {
      ...tenPercent(),
      product_id: randomUUID(),
    });
    expect(mismatch.json().message).toBe(PRODUCT_MSG.productMismatch);
  });

  it("404 for another seller's product, 403 for buyers; Admin may set any; GET without a discount → 404 'Discount not found'", async () => {
    const p = await create(meera, { price: 800 });
    expect((await inject('GET', `/api/product-discounts/${p._id}`, meera)).json()).toEqual({
      message: 'Discount not found',
      code: 'not_found',
      requestId: expect.any(String),
    });
    // The edit form's way of asking: no discount is 200 null; another seller's product is still 404.
    const absent = await inject('GET', `/api/product-discounts/${p._id}?absent=null`, meera);
    expect(absent.statusCode).toBe(200);
    expect(absent.json()).toBeNull();
    expect((await inject('GET', `/api/product-discounts/${p._id}?absent=null`, kavya)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/product-discounts/${p._id}`, kavya, tenPercent())).statusCode).toBe(
      404,
    );
    expect((await inject('GET', `/api/product-discounts/${p._id}`, kavya)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/product-discounts/${p._id}`, buyer, tenPercent())).statusCode).toBe(
      403,
    );
    expect((await inject('PUT', `/api/product-discounts/${p._id}`, undefined, tenPercent())).statusCode).toBe(
      401,
    );
    expect((await inject('PUT', `/api/product-discounts/${p._id}`, admin, tenPercent())).statusCode).toBe(
      200,
    );
    expect((await inject('GET', `/api/product-discounts/${p._id}`, meera)).statusCode).toBe(200);
  });
});

describe('the demo shop stays editable', () => {
  it('every demo product has sizes its category offers, so its seller can save it through the form', async () => {
    const { DEMO_PRODUCTS } = await import('../../src/server/db/seed/products.ts');
    const { normalizeSizes } = await import('#shared/schemas/product-form.ts');
    for (const p of DEMO_PRODUCTS.filter((d) => d.sizes)) {
      const [category, subCategory, levelThreeCategory, levelFourCategory, levelFiveCategory] =
        p.category.split(' > ');
      const levels = { category, subCategory, levelThreeCategory, levelFourCategory, levelFiveCategory };
      expect(normalizeSizes(p.sizes ?? [], levels), `${p.name} (${p.category})`).not.toBeNull();
    }
  });
});
