import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, STOREFRONT_MAX_PAGES, type ProductList } from '#shared/schemas/product.ts';
import { categories } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { createCategory, createProduct, type CategoryRow } from '../factories/catalog.ts';

let t: TestContext;
let seller: TestUser;
const cat: Record<string, CategoryRow> = {};
const cid = (key: string): string => {
  const row = cat[key];
  if (!row) throw new Error(`no category ${key}`);
  return row.id;
};

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, {
    name: 'Kavya Rao',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya' },
  });
  const path = (subCategory: string, levelThreeCategory: string) =>
    createCategory(t.db, { category: 'Fashion & Accessories', subCategory, levelThreeCategory });
  cat.tees = await path('Men Clothes', 'T-Shirts');
  cat.hoodies = await path('Men Clothes', 'Hoodies');
  cat.jeans = await path('Men Clothes', 'Jeans');
  cat.kurtas = await path('Women Clothes', 'Kurtas');
  cat.dupattas = await path('Women Clothes', 'Dupattas');
  cat.sneakers = await path('Men Shoes', 'Sneakers');
  cat.bags = await createCategory(t.db, {
    category: 'Fashion & Accessories',
    subCategory: 'Women Bags',
    levelThreeCategory: null,
  });
  let age = 100;
  const make = (_key: string, fields: Omit<Parameters<typeof createProduct>[1], 'sellerId'>) =>
    createProduct(t.db, { sellerId: seller.id, createdAt: minutesAgo(age--), ...fields });
  // Older first, so later ones are newer: ranking, not recency, must put the best match first.
  await make('tshirt', { name: 'Graphic Cotton T-Shirts', brand: 'Haat Basics', categoryId: cid('tees') });
  await make('plainTee', { name: 'Plain Crew Tee', brand: 'Haat Basics', categoryId: cid('tees') });
  await make('sweatshirt', { name: 'Hooded Sweatshirt', brand: 'Haat Basics', categoryId: cid('hoodies') });
  await make('jeans', {
    name: 'Denim Jeans',
    brand: 'Haat Basics',
    categoryId: cid('jeans'),
    description: 'Slim fit. Pairs well with any shirt.',
  });
  await make('silkKurta', { name: 'Silk Kurta', brand: 'Meera', categoryId: cid('kurtas') });
  await make('cottonKurta', { name: 'Cotton Kurta Set', brand: 'Meera', categoryId: cid('kurtas') });
  await make('dupatta', {
    name: 'Chiffon Dupatta',
    brand: 'Meera',
    categoryId: cid('dupattas'),
    description: 'Soft as silk, light as air.',
  });
  await make('shoes', { name: 'Running Shoes', brand: 'Puma', categoryId: cid('sneakers') });
  await make('tote', { name: 'Canvas Tote', brand: 'Fabindia', categoryId: cid('bags') });
  await make('hidden', { name: 'Formal Shirt', brand: 'Puma', categoryId: cid('tees'), status: false });
});
afterAll(async () => {
  await t?.close();
});

async function search(keyword: string, pageNumber = 1): Promise<ProductList> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/products',
    query: { keyword, pageNumber: String(pageNumber) },
  });
  expect(res.statusCode).toBe(200);
  return productListSchema.parse(res.json());
}
const names = (list: ProductList) => list.products.map((x) => x.name);

describe('keyword search (docs/product/catalog.md)', () => {
  it('"shirt" finds T-Shirts first, then the category, description and partial-word matches; never inactive', async () => {
    const list = await search('shirt');
    expect(names(list)[0]).toBe('Graphic Cotton T-Shirts');
    expect(names(list)).toEqual(
      expect.arrayContaining([
        'Graphic Cotton T-Shirts',
        'Plain Crew Tee',
        'Denim Jeans',
        'Hooded Sweatshirt',
      ]),
    );
    expect(names(list)).toHaveLength(4);
    expect(names(list)).not.toContain('Formal Shirt');
    // Name beats category name beats description.
    const at = (n: string) => names(list).indexOf(n);
    expect(at('Plain Crew Tee')).toBeLessThan(at('Denim Jeans'));
    expect(list).toMatchObject({ page: 1, pages: 1 });
  });

  it('matches stems and partial words: "kurt" finds Kurta, "T-Shirts" and "SHIRTS" find T-Shirts', async () => {
    expect(names(await search('kurt')).sort()).toEqual(['Cotton Kurta Set', 'Silk Kurta']);
    expect(names(await search('T-Shirts'))[0]).toBe('Graphic Cotton T-Shirts');
    expect(names(await search('SHIRTS'))[0]).toBe('Graphic Cotton T-Shirts');
    expect(names(await search('running shoe'))).toEqual(['Running Shoes']);
  });

  it('matches brand and category names, case-insensitively', async () => {
    expect(names(await search('fabindia'))).toEqual(['Canvas Tote']);
    expect(names(await search('PUMA'))).toEqual(['Running Shoes']);
    expect(names(await search('sneakers'))).toEqual(['Running Shoes']);
    expect(names(await search('women bags'))).toEqual(['Canvas Tote']);
    expect(names(await search('Hoodies'))).toEqual(['Hooded Sweatshirt']);
  });

  it('ranks a name match above a description match', async () => {
    expect(names(await search('silk'))).toEqual(['Silk Kurta', 'Chiffon Dupatta']);
  });

  it('needs every word to match', async () => {
    expect(names(await search('cotton kurta'))).toEqual(['Cotton Kurta Set']);
    expect(names(await search('silk sneakers'))).toEqual([]);
  });

  it('answers an empty first page when nothing matches, and takes any text safely', async () => {
    expect(await search('xyzzy')).toMatchObject({ products: [], page: 1, pages: 1 });
    expect(await search('%%% ***')).toMatchObject({ products: [], page: 1, pages: 1 });
    // Quotes and operators are not syntax: only the words count ("!silk" does not exclude silk).
    const injected = names(await search("shirt' OR 1=1 --"));
    expect(injected.length).toBeGreaterThan(0);
    expect(injected.every((n) => /shirt|tee/i.test(n))).toBe(true);
    expect(names(await search('kurta & !silk | (x:*)'))).toEqual(['Silk Kurta']);
    expect(names(await search('tee:*'))).toContain('Plain Crew Tee');
    // Stop words alone: nothing to look up in full text; no error.
    expect(await search('a')).toMatchObject({ products: [], page: 1, pages: 1 });
    expect(names(await search('the silk'))).toEqual(['Silk Kurta', 'Chiffon Dupatta']);
  });

  it('pages through results 12 at a time', async () => {
    for (let i = 0; i < 14; i++) {
      await createProduct(t.db, { sellerId: seller.id, name: `Brass Widget ${i}`, categoryId: cid('bags') });
    }
    const first = await search('widget');
    expect(first.products).toHaveLength(12);
    expect(first).toMatchObject({ page: 1, pages: 2 });
    const second = await search('widget', 2);
    expect(second.products).toHaveLength(2);
    expect(new Set([...names(first), ...names(second)]).size).toBe(14);
  });

  it('a too long keyword is refused with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      query: { keyword: 'x'.repeat(201) },
    });
    expect(res.statusCode).toBe(400);
  });

  it('follows a category rename (the search document is kept by a trigger)', async () => {
    await t.db.execute(
      sql`update ${categories} set level_three_category = 'Ethnic Tunics' where id = ${cid('kurtas')}`,
    );
    expect(names(await search('tunics')).sort()).toEqual(['Cotton Kurta Set', 'Silk Kurta']);
  });
});

describe('broad searches (more matches than the storefront pages through)', () => {
  it('puts name matches first, then the rest newest first, and caps pages', async () => {
    // 1,250 newer products that only mention the word in their description, and 3 older ones named for it.
    const named = [];
    for (let i = 0; i < 3; i++) {
      named.push(
        await createProduct(t.db, {
          sellerId: seller.id,
          name: `Gizmo Deluxe ${i}`,
          categoryId: cid('bags'),
          createdAt: minutesAgo(5000 + i),
        }),
      );
    }
    await t.db.execute(sql`
      insert into products (user_id, name, brand, price, category_id, description, created_at, updated_at)
      select ${seller.id}, 'Bulk item ' || g, 'Generic', 10, ${cid('bags')}, 'Comes with a free gizmo.',
             now() - make_interval(secs => g), now() - make_interval(secs => g)
        from generate_series(1, 1250) g`);
    const first = await search('gizmo');
    expect(first.pages).toBe(STOREFRONT_MAX_PAGES);
    expect(names(first).slice(0, 3)).toEqual(['Gizmo Deluxe 0', 'Gizmo Deluxe 1', 'Gizmo Deluxe 2']);
    expect(names(first).slice(3)).toEqual(Array.from({ length: 9 }, (_, i) => `Bulk item ${i + 1}`));
    const second = await search('gizmo', 2);
    expect(names(second)).toEqual(Array.from({ length: 12 }, (_, i) => `Bulk item ${i + 10}`));
    const beyond = await search('gizmo', STOREFRONT_MAX_PAGES + 1);
    expect(beyond).toMatchObject({
      products: [],
      page: STOREFRONT_MAX_PAGES + 1,
      pages: STOREFRONT_MAX_PAGES,
    });
  });
});
