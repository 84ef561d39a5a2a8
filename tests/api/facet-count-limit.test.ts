import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACET_COUNT_LIMIT } from '#shared/facets.ts';
import { productListSchema, type Facets, type ProductList } from '#shared/schemas/product.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { createCategory, createProduct, type CategoryRow } from '../factories/catalog.ts';

/**
 * Bounded facet counts (docs/decisions/0138-bounded-facet-counts.md) with FACET_COUNT_LIMIT=5 on a small
 * catalogue: 15 kurtas (every fifth by Bunkar, the rest by Kora) and 3 shoes (Kora), all in stock.
 * Over the limit the counts come from the first rows read and say so; at or under it they are exact.
 */

const LIMIT = 5;
let t: TestContext;
let seller: TestUser;
let kurtas: CategoryRow;
let shoes: CategoryRow;

beforeAll(async () => {
  t = await createTestApp({ FACET_COUNT_LIMIT: String(LIMIT) });
  seller = await createUser(t.db, { name: 'Kavya Rao', roles: ['Seller-Company'] });
  kurtas = await createCategory(t.db, { subCategory: 'Women Clothes', levelThreeCategory: 'Kurtas' });
  shoes = await createCategory(t.db, { subCategory: 'Men Shoes', levelThreeCategory: 'Footwear' });
  for (let i = 1; i <= 15; i++)
    await createProduct(t.db, {
      sellerId: seller.id,
      name: `Cotton Kurta ${String(i)}`,
      brand: i % 5 === 0 ? 'Bunkar' : 'Kora',
      categoryId: kurtas.id,
      price: 100 * i,
      createdAt: new Date(Date.now() - (100 - i) * 60_000),
    });
  for (let i = 1; i <= 3; i++)
    await createProduct(t.db, {
      sellerId: seller.id,
      name: `Runner Shoe ${String(i)}`,
      brand: 'Kora',
      categoryId: shoes.id,
      price: 1000 * i,
    });
});
afterAll(async () => t?.close());

async function get(url: string): Promise<ProductList> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return productListSchema.parse(res.json());
}
const facetsOf = (list: ProductList): Facets => {
  if (!list.facets) throw new Error('no facets');
  return list.facets;
};
const sum = (values: { count: number }[]) => values.reduce((n, v) => n + v.count, 0);

describe('more matches than FACET_COUNT_LIMIT', () => {
  it('the total is a lower bound and the counts say they are approximate', async () => {
    const list = await get(`/api/products/category?categoryIDs=${kurtas.id}`);
    expect(list.total).toBe(LIMIT);
    expect(list.totalIsLowerBound).toBe(true);
    const f = facetsOf(list);
    expect(f.countsApproximate).toBe(true);
    // Counted from the first rows read only (at most one past the limit), never all 15.
    expect(sum(f.brands)).toBeGreaterThan(0);
    expect(sum(f.brands)).toBeLessThanOrEqual(LIMIT + 1);
    expect(f.inStock).toBeLessThanOrEqual(LIMIT + 1);
  });

  it('paging still reaches every match', async () => {
    const first = await get(`/api/products/category?categoryIDs=${kurtas.id}&sort=price_asc`);
    expect(first.pages).toBe(2);
    expect(first.products).toHaveLength(12);
    const second = await get(`/api/products/category?categoryIDs=${kurtas.id}&sort=price_asc&pageNumber=2`);
    expect(second.totalIsLowerBound).toBe(true);
    expect(second.products).toHaveLength(3);
    const names = [...first.products, ...second.products].map((p) => p.name);
    expect(new Set(names).size).toBe(15);
  });

  it('a keyword search is bounded the same way and still pages by relevance', async () => {
    const first = await get('/api/products?keyword=kurta');
    expect(first.total).toBe(LIMIT);
    expect(first.totalIsLowerBound).toBe(true);
    expect(first.facets?.countsApproximate).toBe(true);
    expect(first.pages).toBe(2);
    const second = await get('/api/products?keyword=kurta&pageNumber=2');
    expect(second.products).toHaveLength(3);
  });

  it('the total stays exact when the products passing every filter are within the limit', async () => {
    // The brand facet reads every kurta (it leaves its own filter out), so the counts are a sample …
    const list = await get(`/api/products/category?categoryIDs=${kurtas.id}&brand=Bunkar`);
    expect(facetsOf(list).countsApproximate).toBe(true);
    // … but only three kurtas are Bunkar's: counted exactly.
    expect(list.total).toBe(3);
    expect(list.totalIsLowerBound).toBeUndefined();
    expect(list.products.map((p) => p.name).sort()).toEqual([
      'Cotton Kurta 10',
      'Cotton Kurta 15',
      'Cotton Kurta 5',
    ]);
  });
});

describe('at most FACET_COUNT_LIMIT matches', () => {
  it('counts stay exact and carry no flag', async () => {
    const list = await get(`/api/products/category?categoryIDs=${shoes.id}`);
    expect(list.total).toBe(3);
    expect(list.totalIsLowerBound).toBeUndefined();
    const f = facetsOf(list);
    expect(f.countsApproximate).toBeUndefined();
    expect(f.brands).toEqual([{ value: 'Kora', count: 3 }]);
    expect(f.inStock).toBe(3);
    expect(f.price).toEqual({ min: 1000, max: 3000 });
  });
});

describe('FACET_COUNT_LIMIT', () => {
  it('defaults to 10 000 and takes only a positive whole number', () => {
    expect(DEFAULT_FACET_COUNT_LIMIT).toBe(10_000);
    expect(loadConfig({}).facetCountLimit).toBe(DEFAULT_FACET_COUNT_LIMIT);
    expect(loadConfig({ FACET_COUNT_LIMIT: '2000' }).facetCountLimit).toBe(2000);
    expect(() => loadConfig({ FACET_COUNT_LIMIT: '0' })).toThrow(/FACET_COUNT_LIMIT/);
    expect(() => loadConfig({ FACET_COUNT_LIMIT: 'many' })).toThrow(/FACET_COUNT_LIMIT/);
  });
});
