import { eq, inArray, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  IMPORT_MSG,
  MAX_IMPORT_CSV_BYTES,
  MAX_ZIP_ENTRIES,
  readProductCsv,
} from '#shared/product-csv.ts';
import { PRODUCT_MSG } from '#shared/schemas/product-form.ts';
import { productImportSchema, type ProductImport } from '#shared/schemas/product-import.ts';
import {
  productImages,
  productImports,
  productVariants,
  products,
} from '../../src/server/db/schema/index.ts';
import { storeProductImage } from '../../src/server/lib/images.ts';
import { UPLOAD_MSG } from '../../src/server/modules/product-imports/product-imports.routes.ts';
import { keyOfPublicUrl } from '../../src/server/lib/storage.ts';
import { runImport as runImportJob } from '../../src/server/modules/product-imports/product-imports.service.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createCategory, createProduct, type CategoryRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';

/**
 * Bulk listing (docs/product/bulk-listing.md, docs/decisions/0107-bulk-listing.md): a CSV upload is checked
 * row by row with the product form's messages, and imported whole or not at all, by a job.
 */

let t: TestContext;
let seller: TestUser;
let other: TestUser;
let buyer: TestUser;
let kurtas: CategoryRow;
const tokens = new Map<string, Record<string, string>>();
const PATH = 'Fashion & Accessories > Men Clothes > Import Kurtas';

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Bulk Looms' } });
  other = await createUser(t.db, { roles: ['Seller-Individual'], shop: { shopName: 'Other Looms' } });
  buyer = await createUser(t.db, { roles: ['Buyer'] });
  for (const u of [seller, other, buyer]) tokens.set(u.id, authHeader(await sessionToken(t.db, u.id)));
  kurtas = await createCategory(t.db, {
    category: 'Fashion & Accessories',
    subCategory: 'Men Clothes',
    levelThreeCategory: 'Import Kurtas',
  });
});
afterAll(async () => {
  await t?.close();
});

const as = (u: TestUser) => tokens.get(u.id) ?? {};

type Cells = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;
const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvOf = (rows: Cells[]) =>
  [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => quote(r[c] ?? '')).join(','))].join(
    '\r\n',
  );

const kurta = (ref: string, extra: Cells = {}): Cells => ({
  product_ref: ref,
  name: `Kurta ${ref}`,
  brand: 'Bulk Looms',
  category: PATH,
  price: '999',
  description: 'Cotton kurta.',
  size: 'M',
  colour: 'Indigo',
  sku: `${ref}-M`,
  stock: '5',
  images: 'front.png',
  ...extra,
});

const png = (r = 200) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 80, b: 40 } } })
    .png()
    .toBuffer();

async function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, new Uint8Array(v)]))),
  );
}

async function upload(
  user: TestUser | null,
  csv: string,
  { zip, dryRun = false }: { zip?: Buffer; dryRun?: boolean } = {},
) {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('fileName', 'products.csv');
  form.append('csv', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  if (zip) form.append('zip', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'images.zip');
  const res = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/product-imports',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '', ...(user ? as(user) : {}) },
  });
}

/** Upload, run the job, and read the import back. */
async function runImport(user: TestUser, csv: string, opts: { zip?: Buffer; dryRun?: boolean } = {}) {
  const res = await upload(user, csv, opts);
  expect(res.statusCode, res.body).toBe(202);
  const started = productImportSchema.parse(res.json());
  expect(started.status).toBe('queued');
  await t.app.jobs.runDue();
  const got = await t.app.inject({
    method: 'GET',
    url: `/api/product-imports/${started._id}`,
    headers: as(user),
  });
  expect(got.statusCode).toBe(200);
  return productImportSchema.parse(got.json());
}

const countOf = async (sellerId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.userId, sellerId))
  )[0]!.n;

async function exportCsv(user: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/product-imports/export.csv',
    headers: as(user),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body;
}

describe('access', () => {
  it('guests get 401, buyers 403', async () => {
    expect((await upload(null, csvOf([kurta('A')]))).statusCode).toBe(401);
    expect((await upload(buyer, csvOf([kurta('A')]))).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/product-imports', headers: as(buyer) });
    expect(list.statusCode).toBe(403);
    const exp = await t.app.inject({ method: 'GET', url: '/api/product-imports/export.csv' });
    expect(exp.statusCode).toBe(401);
  });

  it('another seller cannot read my import', async () => {
    const done = await runImport(seller, csvOf([kurta('PEEK', { images: '' })]), { dryRun: true });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product-imports/${done._id}`,
      headers: as(other),
    });
    expect(res.statusCode).toBe(404);
  });

  it('a CSV over its own limit is refused while it streams in, though the ZIP may be larger', async () => {
    const big = csvOf([kurta('BIG')]) + '\r\n'.repeat(MAX_IMPORT_CSV_BYTES);
    const res = await upload(seller, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large', message: UPLOAD_MSG.csvTooLarge });
  });

  it('a CSV is required', async () => {
    const form = new FormData();
    form.append('dryRun', 'true');
    const res = new Response(form);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/product-imports',
      payload: Buffer.from(await res.arrayBuffer()),
      headers: { 'content-type': res.headers.get('content-type') ?? '', ...as(seller) },
    });
    expect(r.statusCode).toBe(400);
  });
});

describe('dry run and all-or-nothing', () => {
  it('a dry run with errors reports each row with the form’s message and writes nothing', async () => {
    const before = await countOf(seller.id);
    const zip = await zipOf({ 'front.png': await png() });
    const done = await runImport(
      seller,
      csvOf([
        kurta('D1'),
        kurta('D1', { name: '', size: 'L', sku: 'D1-L', stock: 'lots' }),
        kurta('D2', { name: '', price: '-5' }),
        kurta('D3', { category: 'Nowhere', images: 'missing.png' }),
      ]),
      { zip, dryRun: true },
    );
    expect(done.status).toBe('failed');
    expect(done.errors).toEqual([
      { row: 3, field: 'stock', message: PRODUCT_MSG.countInStock },
      { row: 4, field: 'name', message: PRODUCT_MSG.name },
      { row: 4, field: 'price', message: PRODUCT_MSG.price },
      { row: 5, field: 'category', message: IMPORT_MSG.category },
    ]);
    expect(await countOf(seller.id)).toBe(before);
  });

  it('a valid dry run says what would be written, and writes nothing', async () => {
    const before = await countOf(seller.id);
    const zip = await zipOf({ 'front.png': await png() });
    const done = await runImport(seller, csvOf([kurta('V1'), kurta('V1', { size: 'L', sku: 'V1-L' })]), {
      zip,
      dryRun: true,
    });
    expect(done).toMatchObject({
      status: 'done',
      errors: [],
      totalRows: 2,
      processedRows: 2,
      result: { products: 1, created: 1, updated: 0, unchanged: 0, variants: 2 },
    });
    expect(await countOf(seller.id)).toBe(before);
  });

  it('one bad row and nothing of the file is written', async () => {
    const before = await countOf(seller.id);
    const zip = await zipOf({ 'front.png': await png() });
    const done = await runImport(
      seller,
      csvOf([kurta('N1'), kurta('N2'), kurta('N3', { size: 'XS', sku: 'N3-XS' })]),
      { zip },
    );
    expect(done.status).toBe('failed');
    expect(done.errors).toEqual([{ row: 4, field: 'size', message: PRODUCT_MSG.sizes }]);
    expect(await countOf(seller.id)).toBe(before);
  });

  it('a seller without a shop cannot create products, as with the form', async () => {
    const shopless = await createUser(t.db, { roles: ['Seller-Individual'] });
    tokens.set(shopless.id, authHeader(await sessionToken(t.db, shopless.id)));
    const zip = await zipOf({ 'front.png': await png() });
    const done = await runImport(shopless, csvOf([kurta('S1')]), { zip, dryRun: true });
    expect(done.errors).toEqual([{ row: 2, field: 'product_ref', message: PRODUCT_MSG.shopRequired }]);
  });

  it('ZIP names that are not in the ZIP, or not images, are row errors', async () => {
    const zip = await zipOf({ 'front.png': await png(), 'notes.png': Buffer.from('not an image') });
    const done = await runImport(
      seller,
      csvOf([kurta('Z1', { images: 'nothere.jpg' }), kurta('Z2', { images: 'notes.png' })]),
      { zip, dryRun: true },
    );
    expect(done.errors).toEqual([
      { row: 2, field: 'images', message: IMPORT_MSG.imageNotInZip('nothere.jpg') },
      { row: 3, field: 'images', message: IMPORT_MSG.imageType('notes.png') },
    ]);
    const noZip = await runImport(seller, csvOf([kurta('Z3')]), { dryRun: true });
    expect(noZip.errors).toEqual([{ row: 2, field: 'images', message: IMPORT_MSG.noZip('front.png') }]);
  });
});

describe('failing', () => {
  it('an import that fails on its last attempt deletes its uploaded files', async () => {
    const zip = await zipOf({ 'front.png': await png() });
    const res = await upload(seller, csvOf([kurta('F1')]), { zip });
    expect(res.statusCode, res.body).toBe(202);
    const id = productImportSchema.parse(res.json())._id;
    const [row] = await t.db.select().from(productImports).where(eq(productImports.id, id));
    expect(await t.app.storage.get(row!.csvKey, 'private')).not.toBeNull();
    // The ZIP vanishes: the job throws (not a row error), and this is its last attempt.
    await t.app.storage.delete(row!.zipKey!);
    await expect(runImportJob({ db: t.db, storage: t.app.storage }, id, { last: true })).rejects.toThrow(
      /ZIP is missing/,
    );
    const [after] = await t.db.select().from(productImports).where(eq(productImports.id, id));
    expect(after!.status).toBe('failed');
    expect(await t.app.storage.get(row!.csvKey, 'private')).toBeNull();
  });
});

/** Set the declared (unpacked) size of every entry in a ZIP's central directory. */
function declareSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (
    let p = out.indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
    p >= 0;
    p = out.indexOf(Buffer.from([0x50, 0x4b, 1, 2]), p + 4)
  )
    out.writeUInt32LE(size, p + 24);
  return out;
}

describe('ZIP limits', () => {
  it('a ZIP with too many files is refused whole, before anything is unpacked', async () => {
    const files: Record<string, Buffer> = { 'front.png': await png() };
    for (let i = 0; i < MAX_ZIP_ENTRIES; i += 1) files[`filler/${i}.txt`] = Buffer.from('x');
    const done = await runImport(seller, csvOf([kurta('ZB1')]), { zip: await zipOf(files), dryRun: true });
    expect(done.status).toBe('failed');
    expect(done.errors).toEqual([{ row: 0, field: 'zip', message: IMPORT_MSG.zipTooManyFiles }]);
  });

  it('a name in two folders is ambiguous; only named files are unpacked', async () => {
    const zip = await zipOf({
      'a/front.png': await png(),
      'b/FRONT.png': await png(90),
      'back.png': await png(),
    });
    const done = await runImport(seller, csvOf([kurta('ZB2'), kurta('ZB3', { images: 'back.png' })]), {
      zip,
      dryRun: true,
    });
    expect(done.errors).toEqual([
      { row: 2, field: 'images', message: IMPORT_MSG.imageAmbiguous('front.png') },
    ]);
  });

  it('named images declaring more than the unpacked total are refused unread', async () => {
    const names = Array.from({ length: 42 }, (_, i) => `p${i}.png`);
    const packed = await zipOf(Object.fromEntries(names.map((n) => [n, Buffer.from('tiny')])));
    // Each claims 5 MB (the per-image limit): 42 of them pass 200 MB together.
    const zip = declareSize(packed, 5 * 1024 * 1024);
    const rows = Array.from({ length: 6 }, (_, i) =>
      kurta(`ZB4-${i}`, { images: names.slice(i * 7, i * 7 + 7).join(' ') }),
    );
    const done = await runImport(seller, csvOf(rows), { zip, dryRun: true });
    expect(done.errors).toEqual([{ row: 0, field: 'zip', message: IMPORT_MSG.zipTooLargeUnpacked }]);
  });

  it('an entry that unpacks past its declared size is refused, not grown', async () => {
    const big = Buffer.alloc(64 * 1024, 7);
    const packed = Buffer.from(zipSync({ 'front.png': new Uint8Array(big) }, { level: 9 }));
    const zip = declareSize(packed, 1000);
    const done = await runImport(seller, csvOf([kurta('ZB9')]), { zip, dryRun: true });
    expect(done.errors).toEqual([{ row: 0, field: 'zip', message: IMPORT_MSG.zipUnreadable }]);
  });
});

describe('importing', () => {
  it('creates products with their variants and the ZIP images, re-encoded in each product’s folder', async () => {
    const zip = await zipOf({ 'pics/front.png': await png(), 'back.png': await png(90) });
    const done = await runImport(
      seller,
      csvOf([
        kurta('C1', { images: 'front.png | back.png' }),
        kurta('C1', { size: 'L', sku: 'C1-L', stock: '3', variant_price: '1049.50', images: '' }),
        kurta('C2', { colour: '', size: 'XL' }),
      ]),
      { zip },
    );
    expect(done.status, JSON.stringify(done.errors)).toBe('done');
    expect(done.result).toEqual({ products: 2, created: 2, updated: 0, unchanged: 0, variants: 3 });
    expect(done.processedRows).toBe(3);

    const rows = await t.db
      .select()
      .from(products)
      .where(inArray(products.name, ['Kurta C1', 'Kurta C2']));
    expect(rows).toHaveLength(2);
    const c1 = rows.find((r) => r.name === 'Kurta C1')!;
    expect(c1).toMatchObject({
      price: '999.00',
      categoryId: kurtas.id,
      countInStock: 8,
      sizes: ['M', 'L'],
      status: true,
      shopId: seller.shop!.id,
    });
    // Creating is not an update: the edit lock has not started.
    expect(c1.updatedAt.getTime()).toBe(c1.createdAt.getTime());
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, c1.id));
    expect(
      variants.map((v) => [v.size, v.colour, v.sku, v.countInStock, v.price, v.position]).sort(),
    ).toEqual([
      ['L', 'Indigo', 'C1-L', 3, '1049.50', 1],
      ['M', 'Indigo', 'C1-M', 5, null, 0],
    ]);
    const images = await t.db.select().from(productImages).where(eq(productImages.productId, c1.id));
    expect(images).toHaveLength(2);
    for (const i of images) {
      expect(i.url).toMatch(new RegExp(`^/uploads/products/${c1.id}/.+-original\\.webp$`));
      const file = await t.app.storage.get(keyOfPublicUrl(i.url)!, 'public');
      expect(file?.contentType).toBe('image/webp');
    }
    // The same ZIP file named by two products is stored for each, in its own folder.
    const c2 = rows.find((r) => r.name === 'Kurta C2')!;
    const [c2Image] = await t.db.select().from(productImages).where(eq(productImages.productId, c2.id));
    expect(c2Image?.url).toMatch(new RegExp(`^/uploads/products/${c2.id}/`));
    expect(await t.app.storage.get(keyOfPublicUrl(c2Image!.url)!, 'public')).not.toBeNull();
  });

  it('takes links to the seller’s own uploaded images, copied into the new product', async () => {
    const source = await createProduct(t.db, { sellerId: seller.id, categoryId: kurtas.id, images: [] });
    const { url } = await storeProductImage(t.app.storage, source.id, await png(10));
    await t.db.insert(productImages).values({ productId: source.id, url, position: 0 });
    const done = await runImport(seller, csvOf([kurta('L1', { images: url })]));
    expect(done.status, JSON.stringify(done.errors)).toBe('done');
    const [row] = await t.db.select().from(products).where(eq(products.name, 'Kurta L1'));
    const [image] = await t.db.select().from(productImages).where(eq(productImages.productId, row!.id));
    expect(image!.url).toMatch(new RegExp(`^/uploads/products/${row!.id}/`));

    // Another seller's image link is refused.
    const theirs = await runImport(other, csvOf([kurta('L2', { images: url })]), { dryRun: true });
    expect(theirs.errors).toEqual([{ row: 2, field: 'images', message: IMPORT_MSG.imageNotYours }]);
  });

  it('updates a product by its id; another seller’s id is a row error', async () => {
    const mine = await createProduct(t.db, {
      sellerId: seller.id,
      categoryId: kurtas.id,
      variants: [{ size: 'M', colour: null, sku: 'U-M', countInStock: 2, price: null }],
    });
    const theirs = await createProduct(t.db, { sellerId: other.id, categoryId: kurtas.id });
    const done = await runImport(
      seller,
      csvOf([
        { product_ref: mine.id, size: 'M', stock: '7' },
        { product_ref: mine.id, size: 'L', sku: 'U-L', stock: '1' },
      ]),
    );
    expect(done.status, JSON.stringify(done.errors)).toBe('done');
    expect(done.result).toMatchObject({ updated: 1, created: 0, variants: 2 });
    const [after] = await t.db.select().from(products).where(eq(products.id, mine.id));
    expect(after).toMatchObject({ name: mine.name, countInStock: 8, sizes: ['M', 'L'] });

    const refused = await runImport(seller, csvOf([{ product_ref: theirs.id, size: 'M', stock: '1' }]));
    expect(refused.status).toBe('failed');
    expect(refused.errors).toEqual([{ row: 2, field: 'product_ref', message: IMPORT_MSG.notYourProduct }]);
    const [untouched] = await t.db.select().from(products).where(eq(products.id, theirs.id));
    expect(untouched!.updatedAt.getTime()).toBe(theirs.updatedAt.getTime());
  });

  it('refuses a locked field that differs, with the form’s message', async () => {
    const locked = await createProduct(t.db, {
      sellerId: seller.id,
      categoryId: kurtas.id,
      createdAt: new Date(Date.now() - 86_400_000),
      updatedAt: new Date(),
    });
    const done = await runImport(seller, csvOf([{ product_ref: locked.id, name: 'Renamed', size: 'M' }]));
    expect(done.errors).toEqual([{ row: 2, field: 'name', message: PRODUCT_MSG.lockedField }]);
  });
});

describe('export round trip', () => {
  it('export → import unchanged changes nothing; edited stock changes only that stock', async () => {
    const seller2 = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Round Trip' } });
    tokens.set(seller2.id, authHeader(await sessionToken(t.db, seller2.id)));
    const zip = await zipOf({ 'front.png': await png() });
    const first = await runImport(
      seller2,
      csvOf([
        kurta('R1', { description: 'Line one,\n"quoted" line two' }),
        kurta('R1', { size: 'L', sku: 'R1-L', variant_price: '1100', description: '' }),
        kurta('R2', { name: '=SUM(A1)', colour: '' }),
      ]),
      { zip },
    );
    expect(first.status, JSON.stringify(first.errors)).toBe('done');
    const snapshot = async () =>
      t.db
        .select({
          id: products.id,
          name: products.name,
          updatedAt: products.updatedAt,
          description: products.description,
        })
        .from(products)
        .where(eq(products.userId, seller2.id))
        .orderBy(products.name);
    const variantsOf = async () =>
      t.db
        .select({
          id: productVariants.id,
          sku: productVariants.sku,
          stock: productVariants.countInStock,
          updatedAt: productVariants.updatedAt,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(products.userId, seller2.id))
        .orderBy(productVariants.sku);
    const before = await snapshot();
    const variantsBefore = await variantsOf();
    expect(before.map((p) => p.name)).toContain('=SUM(A1)');

    const exported = await exportCsv(seller2);
    expect(readProductCsv(exported).rows).toHaveLength(3);
    const same = await runImport(seller2, exported);
    expect(same.status, JSON.stringify(same.errors)).toBe('done');
    expect(same.result).toEqual({ products: 2, created: 0, updated: 0, unchanged: 2, variants: 0 });
    expect(await snapshot()).toEqual(before);
    expect(await variantsOf()).toEqual(variantsBefore);

    const edited = exported.replace(/,R1-L,5,/, ',R1-L,42,');
    expect(edited).not.toBe(exported);
    const stock = await runImport(seller2, edited);
    expect(stock.result).toEqual({ products: 2, created: 0, updated: 1, unchanged: 1, variants: 1 });
    const variantsAfter = await variantsOf();
    expect(variantsAfter.map((v) => [v.sku, v.stock])).toEqual(
      variantsBefore.map((v) => [v.sku, v.sku === 'R1-L' ? 42 : v.stock]),
    );
    const after = await snapshot();
    expect(after.map((p) => [p.name, p.description])).toEqual(before.map((p) => [p.name, p.description]));
  });

  it('an unchanged old export keeps the units orders sold since; an edited stock cell sets that stock', async () => {
    const seller3 = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Old Export' } });
    tokens.set(seller3.id, authHeader(await sessionToken(t.db, seller3.id)));
    const zip = await zipOf({ 'front.png': await png() });
    const first = await runImport(
      seller3,
      csvOf([
        kurta('O1', { colour: '' }),
        kurta('O1', { colour: '', size: 'L', sku: 'O1-L', stock: '4', images: '' }),
      ]),
      { zip },
    );
    expect(first.status, JSON.stringify(first.errors)).toBe('done');
    const [product] = await t.db.select().from(products).where(eq(products.userId, seller3.id));
    const variantRows = () =>
      t.db
        .select({
          sku: productVariants.sku,
          stock: productVariants.countInStock,
          updatedAt: productVariants.updatedAt,
        })
        .from(productVariants)
        .where(eq(productVariants.productId, product!.id));
    const stockOf = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ sku: productVariants.sku, stock: productVariants.countInStock })
            .from(productVariants)
            .where(eq(productVariants.productId, product!.id))
        ).map((v) => [v.sku, v.stock]),
      );
    const exported = await exportCsv(seller3);
    expect(exported).toContain(',O1-M,5,5,');

    // A buyer takes one M after the export.
    await placeOrder(
      t.app,
      await sessionToken(t.db, buyer.id),
      orderBody([{ product: product!.id, size: 'M' }]),
    );
    expect(await stockOf()).toEqual({ 'O1-M': 4, 'O1-L': 4 });
    const [sold] = await t.db.select().from(products).where(eq(products.id, product!.id));

    const same = await runImport(seller3, exported);
    expect(same.status, JSON.stringify(same.errors)).toBe('done');
    expect(same.result).toEqual({ products: 1, created: 0, updated: 0, unchanged: 1, variants: 0 });
    expect(await stockOf()).toEqual({ 'O1-M': 4, 'O1-L': 4 });
    const [after] = await t.db.select().from(products).where(eq(products.id, product!.id));
    expect(after!.updatedAt.getTime()).toBe(sold!.updatedAt.getTime());

    // The seller counts L again: that row sets L; the untouched M row keeps the sold unit.
    const rowsBefore = await variantRows();
    const edited = exported.replace(',O1-L,4,4,', ',O1-L,9,4,');
    expect(edited).not.toBe(exported);
    const stock = await runImport(seller3, edited);
    expect(stock.result).toEqual({ products: 1, created: 0, updated: 1, unchanged: 0, variants: 1 });
    expect(await stockOf()).toEqual({ 'O1-M': 4, 'O1-L': 9 });
    // The M row, untouched, was not written at all.
    const mBefore = rowsBefore.find((v) => v.sku === 'O1-M')!;
    const mAfter = (await variantRows()).find((v) => v.sku === 'O1-M')!;
    expect(mAfter.updatedAt.getTime()).toBe(mBefore.updatedAt.getTime());

    // Without the column the file's stock is the stock, as before it existed.
    const noColumn = csvOf([{ product_ref: product!.id, size: 'M', stock: '6' }]);
    expect((await runImport(seller3, noColumn)).status).toBe('done');
    expect(await stockOf()).toEqual({ 'O1-M': 6, 'O1-L': 9 });
  });

  it('lists my recent imports, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product-imports', headers: as(seller) });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { imports: ProductImport[] }).imports;
    expect(list.length).toBeGreaterThan(3);
    expect(new Date(list[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(
      new Date(list[list.length - 1]!.createdAt).getTime(),
    );
  });
});
