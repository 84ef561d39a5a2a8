import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '#shared/images.ts';
import { MSG } from '#shared/messages.ts';
import { PRODUCT_MSG } from '#shared/schemas/product-form.ts';
import { productSchema, type Product } from '#shared/schemas/product.ts';
import { userSchema } from '#shared/schemas/user.ts';
import { UPLOAD_MSG } from '../../src/server/modules/uploads/uploads.service.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createCategory, type CategoryRow } from '../factories/catalog.ts';

/**
 * Image uploads (issue 4; docs/product/api.md Uploads; docs/product/catalog.md): content sniffing (415), 5 MB per file (413),
 * 8 per product, owner or Admin only, thumbnail and medium variants served at their URLs; shop picture and
 * banner for sellers.
 */

let t: TestContext;
let seller: TestUser;
let other: TestUser;
let buyer: TestUser;
let admin: TestUser;
let category: CategoryRow;
const tokens = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Upload Textiles' } });
  other = await createUser(t.db, { roles: ['Seller-Individual'], shop: { shopName: 'Other Looms' } });
  buyer = await createUser(t.db, { roles: ['Buyer'] });
  admin = await createUser(t.db, { roles: ['Admin'] });
  for (const u of [seller, other, buyer, admin]) tokens.set(u.id, authHeader(await sessionToken(t.db, u.id)));
  category = await createCategory(t.db, { category: 'Fashion & Accessories', subCategory: 'Women Clothes' });
});
afterAll(async () => {
  await t?.close();
});

const as = (u: TestUser) => tokens.get(u.id) ?? {};

/** A real image of a type, made by sharp (no files in the repository). */
const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .toFormat(format)
    .toBuffer();

type Part = { name: string; value: string } | { name: string; data: Buffer; filename: string; type?: string };

/** A multipart body as a browser's FormData would send it (serialized by the platform's Response). */
async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else
      form.append(
        p.name,
        new Blob([new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }),
        p.filename,
      );
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

async function upload(url: string, user: TestUser | undefined, parts: Part[]) {
  const body = await multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(user ? as(user) : {}) },
  });
}

async function newProduct(owner: TestUser = seller): Promise<Product> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: as(owner),
    payload: {
      name: 'Block-printed Kurta',
      price: 899,
      currency: 'INR',
      brand: 'Upload Textiles',
      countInStock: 5,
      categoryId: category.id,
      sizes: ['M', 'L'],
      description: 'Hand block-printed cotton.',
      image: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

const files = (...buffers: Buffer[]): Part[] =>
  buffers.map((data, i) => ({ name: 'files', data, filename: `photo-${i}.png`, type: 'image/png' }));

describe('POST /api/upload/product', () => {
  it('stores images with thumbnail and medium WebP variants, fetchable at their URLs, and the update saves the links (docs/product/orders-and-checkout.md#checkout-flow flow)', async () => {
    const product = await newProduct();
    const res = await upload('/api/upload/product', seller, [
      { name: 'productId', value: product._id },
      ...files(await image('png'), await image('jpeg', 2000, 1000)),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const links = res.json() as string[];
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toMatch(new RegExp(`^/uploads/products/${product._id}/[0-9a-f-]+-original\\.webp$`));
      for (const [url, maxWidth] of [
        [link, 1600],
        [variantUrl(link, 'thumbnail'), 300],
        [variantUrl(link, 'medium'), 800],
      ] as const) {
        const file = await t.app.inject(url);
        expect(file.statusCode, url).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBeLessThanOrEqual(maxWidth);
      }
    }
    expect(
      (await sharp((await t.app.inject(variantUrl(links[1] ?? '', 'thumbnail'))).rawPayload).metadata())
        .width,
    ).toBe(300);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: as(seller),
      payload: { ...product, image: links },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(productSchema.parse(saved.json()).image).toEqual(links);
  });

  it('accepts WebP and GIF and a productId sent after the files', async () => {
    const product = await newProduct();
    const res = await upload('/api/upload/product', seller, [
      ...files(await image('webp'), await image('gif', 100, 100)),
      { name: 'productId', value: product._id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(2);
  });

  it('refuses a text file named .png with 415, whatever its declared type', async () => {
    const product = await newProduct();
    const res = await upload('/api/upload/product', seller, [
      { name: 'productId', value: product._id },
      {
        name: 'files',
        data: Buffer.from('just some text, not a picture\n'),
        filename: 'photo.png',
        type: 'image/png',
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: UPLOAD_MSG.notAnImage });
    // One bad file among good ones: nothing is stored.
    const mixed = await upload('/api/upload/product', seller, [
      { name: 'productId', value: product._id },
      ...files(await image('png'), Buffer.from('%PDF-1.7 not an image')),
    ]);
    expect(mixed.statusCode).toBe(415);
  });

  it('refuses an 11 MB image with 413', async () => {
    const product = await newProduct();
    const big = Buffer.concat([await image('png', 64, 64), randomBytes(11 * 1024 * 1024)]);
    const res = await upload('/api/upload/product', seller, [
      { name: 'productId', value: product._id },
      ...files(big),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: UPLOAD_MSG.tooLarge });
  });

  it('takes at most 8 images', async () => {
    const product = await newProduct();
    const png = await image('png', 32, 32);
    const res = await upload('/api/upload/product', seller, [
      { name: 'productId', value: product._id },
      ...files(...Array<Buffer>(9).fill(png)),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRODUCT_MSG.tooManyImages);
    const eight = await upload('/api/upload/product', seller, [
      { name: 'productId', value: product._id },
      ...files(...Array<Buffer>(8).fill(png)),
    ]);
    expect(eight.statusCode, eight.body).toBe(200);
    expect(eight.json()).toHaveLength(8);
  });

  it("owner or Admin only: another seller's product → 404, a buyer → 403, signed out → 401", async () => {
    const product = await newProduct();
    const parts = async () => [
      { name: 'productId', value: product._id },
      ...files(await image('png', 32, 32)),
    ];
    expect((await upload('/api/upload/product', other, await parts())).statusCode).toBe(404);
    const asBuyer = await upload('/api/upload/product', buyer, await parts());
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toEqual({
      message: MSG.notAllowed,
      code: 'forbidden',
      requestId: expect.any(String),
    });
    expect((await upload('/api/upload/product', undefined, await parts())).statusCode).toBe(401);
    expect((await upload('/api/upload/product', admin, await parts())).statusCode).toBe(200);
  });

  it('needs a productId, at least one file and a multipart body', async () => {
    const product = await newProduct();
    const noId = await upload('/api/upload/product', seller, files(await image('png', 32, 32)));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe(UPLOAD_MSG.noProduct);
    const noFiles = await upload('/api/upload/product', seller, [{ name: 'productId', value: product._id }]);
    expect(noFiles.statusCode).toBe(400);
    expect(noFiles.json().message).toBe(UPLOAD_MSG.noFile);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload/product',
      headers: as(seller),
      payload: { productId: product._id },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses uploads once the product has been updated: its images are locked (docs/product/orders-and-checkout.md#checkout-flow)', async () => {
    const product = await newProduct();
    const first = await upload('/api/upload/product', seller, [
      { name: 'productId', value: product._id },
      ...files(await image('png', 32, 32)),
    ]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: as(seller),
      payload: { image: first.json() },
    });
    // Saving the first links completed the draft; the next edit is the one that locks the images.
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: as(seller),
      payload: { price: 900 },
    });
    const again = await upload('/api/upload/product', seller, [
      { name: 'productId', value: product._id },
      ...files(await image('png', 32, 32)),
    ]);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: PRODUCT_MSG.locked, code: 'product_locked' });
  });
});

describe('POST /api/upload/shop-picture and /shop-banner', () => {
  it('stores a seller’s picture and banner as WebP and answers the path, which the profile then saves', async () => {
    const picture = await upload('/api/upload/shop-picture', seller, [
      { name: 'file', data: await image('jpeg', 1200, 900), filename: 'me.jpg' },
    ]);
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.headers['content-type']).toMatch(/application\/json/);
    const picturePath = picture.json() as string;
    expect(picturePath).toMatch(new RegExp(`^/uploads/shops/${seller.id}/picture/[0-9a-f-]+\\.webp$`));
    const pic = await t.app.inject(picturePath);
    expect(pic.statusCode).toBe(200);
    expect(await sharp(pic.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

    const banner = await upload('/api/upload/shop-banner', seller, [
      { name: 'file', data: await image('png', 3000, 1000), filename: 'banner.png' },
    ]);
    expect(banner.statusCode, banner.body).toBe(200);
    const bannerPath = banner.json() as string;
    expect((await sharp((await t.app.inject(bannerPath)).rawPayload).metadata()).width).toBeLessThanOrEqual(
      1920,
    );

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: as(seller),
      payload: {
        name: seller.name,
        phone: seller.phone,
        email: seller.email,
        address: seller.address,
        country: seller.country,
        state: seller.state,
        city: seller.city,
        shopName: 'Upload Textiles',
        shopPicture: picturePath,
        shopBanner: bannerPath,
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(userSchema.parse(profile.json()).shop).toMatchObject({
      shopPicture: picturePath,
      shopBanner: bannerPath,
    });
  });

  it('sellers only, images only, 5 MB at most', async () => {
    const png = await image('png', 64, 64);
    expect(
      (await upload('/api/upload/shop-picture', buyer, [{ name: 'file', data: png, filename: 'a.png' }]))
        .statusCode,
    ).toBe(403);
    expect(
      (await upload('/api/upload/shop-banner', admin, [{ name: 'file', data: png, filename: 'a.png' }]))
        .statusCode,
    ).toBe(403);
    expect(
      (await upload('/api/upload/shop-banner', undefined, [{ name: 'file', data: png, filename: 'a.png' }]))
        .statusCode,
    ).toBe(401);
    const text = await upload('/api/upload/shop-picture', seller, [
      { name: 'file', data: Buffer.from('<svg onload=alert(1)>'), filename: 'x.png', type: 'image/png' },
    ]);
    expect(text.statusCode).toBe(415);
    const big = await upload('/api/upload/shop-banner', seller, [
      { name: 'file', data: Buffer.concat([png, randomBytes(6 * 1024 * 1024)]), filename: 'big.png' },
    ]);
    expect(big.statusCode).toBe(413);
    const two = await upload('/api/upload/shop-picture', seller, [
      { name: 'file', data: png, filename: 'a.png' },
      { name: 'file', data: png, filename: 'b.png' },
    ]);
    expect(two.statusCode).toBe(400);
    const none = await upload('/api/upload/shop-picture', seller, [{ name: 'note', value: 'no file' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UPLOAD_MSG.noFile);
  });

  it('a seller not yet activated uploads nothing: an inactive account cannot sell', async () => {
    const pending = await createUser(t.db, { roles: ['Seller-Individual'], active: false });
    tokens.set(pending.id, authHeader(await sessionToken(t.db, pending.id)));
    const res = await upload('/api/upload/shop-picture', pending, [
      { name: 'file', data: await image('png', 64, 64), filename: 'a.png' },
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: MSG.accountInactive });
  });
});
