import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, type Facets, type ProductList } from '#shared/schemas/product.ts';
import type { VariantInput } from '#shared/variants.ts';
import { refreshEndedDiscounts } from '../../src/server/modules/catalog/product-filter.service.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { createCategory, createDiscount, createProduct, type CategoryRow } from '../factories/catalog.ts';

/**
 * Filters, sorts and facets on the storefront lists (docs/decisions/0103-filters-and-facets.md), on a
 * fixture small enough to count by hand. Every expected number below was counted from the table in
 * beforeAll, not computed.
 *
 *  #  name                brand    seller cat   price  variants (size colour stock)   discount      rating
 *  1  Cotton Shirt One    Kora     A      tops  1000   M Red 5, L Red 0               -             4.5
 *  2  Linen Shirt Two     KORA     A      tops  2000   M Blue 0, L Blue 0 (no stock)  20 % → 1600   3.2
 *  3  Plain Tee Three     Bunkar   B      tops   500   S Red 3                        50 % → 250    4.0
 *  4  Striped Tee Four    Bunkar   A      tops   800   M Green 2, XL Green 2          10 % → 720    2.5
 *  5  Oxford Shirt Five   Rangrez  B      tops  1500   L Blue 4                       -             1.0
 *  6  Henley Tee Six      Kora     B      tops  1200   S Red 0, M Blue 6              30 % → 840    0
 *  7  Runner Shoe Seven   Rangrez  A      shoes 3000   8 Black 1, 9 Black 0           40 % → 1800   4.8
 *  8  Canvas Shoe Eight   Kora     B      shoes 2500   7 White 0 (no stock)           -             3.9
 *  9  Loafer Nine         Bunkar   A      shoes 4000   9 Black 2, 10 Brown 1          25 % → 3000   2.0
 * 10  Sandal Ten          Bunkar   B      shoes  600   8 (no colour) 5                -             5.0
 * 11  Shirt Eleven        Kora     A      tops   900   M Red 5            INACTIVE    -             5.0
 * 12  Shirt Twelve        Rangrez  A      tops  1100   M Red 1                        coupon 50 %   3.0
 * 13  Tee Thirteen        Kora     A      tops   700   L (no colour) 2                ended 30 %    1.5
 *
 * Seller A has the shop "Kavya Looms"; seller B has none (label: his name). #12's discount needs a coupon
 * and #13's ended yesterday: neither lowers the sale price. Newer products have higher numbers.
 */

let t: TestContext;
let sellerA: TestUser;
let sellerB: TestUser;
let tops: CategoryRow;
let shoes: CategoryRow;
const id: Record<number, string> = {};
const num = (productId: string) => Number(Object.entries(id).find(([, v]) => v === productId)?.[0]);

const v = (size: string, colour: string | null, stock: number): VariantInput => ({
  size,
  colour,
  sku: `${size}-${colour ?? 'NA'}`.toUpperCase(),
  countInStock: stock,
  price: null,
});

beforeAll(async () => {
  t = await createTestApp();
  sellerA = await createUser(t.db, {
    name: 'Kavya Rao',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Looms' },
  });
  sellerB = await createUser(t.db, { name: 'Ravi Kumar', roles: ['Seller-Company'] });
  tops = await createCategory(t.db, { subCategory: 'Men Clothes', levelThreeCategory: 'Tops' });
  shoes = await createCategory(t.db, { subCategory: 'Men Shoes', levelThreeCategory: 'Footwear' });

  type Row = [number, string, string, TestUser, CategoryRow, number, VariantInput[], number, string];
  const rows: Row[] = [
    [1, 'Cotton Shirt One', 'Kora', sellerA, tops, 1000, [v('M', 'Red', 5), v('L', 'Red', 0)], 10, '4.50'],
    [2, 'Linen Shirt Two', 'KORA', sellerA, tops, 2000, [v('M', 'Blue', 0), v('L', 'Blue', 0)], 5, '3.20'],
    [3, 'Plain Tee Three', 'Bunkar', sellerB, tops, 500, [v('S', 'Red', 3)], 2, '4.00'],
    [
      4,
      'Striped Tee Four',
      'Bunkar',
      sellerA,
      tops,
      800,
      [v('M', 'Green', 2), v('XL', 'Green', 2)],
      8,
      '2.50',
    ],
    [5, 'Oxford Shirt Five', 'Rangrez', sellerB, tops, 1500, [v('L', 'Blue', 4)], 1, '1.00'],
    [6, 'Henley Tee Six', 'Kora', sellerB, tops, 1200, [v('S', 'Red', 0), v('M', 'Blue', 6)], 0, '0'],
    [
      7,
      'Runner Shoe Seven',
      'Rangrez',
      sellerA,
      shoes,
      3000,
      [v('8', 'Black', 1), v('9', 'Black', 0)],
      20,
      '4.80',
    ],
    [8, 'Canvas Shoe Eight', 'Kora', sellerB, shoes, 2500, [v('7', 'White', 0)], 3, '3.90'],
    [9, 'Loafer Nine', 'Bunkar', sellerA, shoes, 4000, [v('9', 'Black', 2), v('10', 'Brown', 1)], 4, '2.00'],
    [10, 'Sandal Ten', 'Bunkar', sellerB, shoes, 600, [v('8', null, 5)], 1, '5.00'],
    [11, 'Shirt Eleven', 'Kora', sellerA, tops, 900, [v('M', 'Red', 5)], 1, '5.00'],
    [12, 'Shirt Twelve', 'Rangrez', sellerA, tops, 1100, [v('M', 'Red', 1)], 2, '3.00'],
    [13, 'Tee Thirteen', 'Kora', sellerA, tops, 700, [v('L', null, 2)], 3, '1.50'],
  ];
  for (const [n, name, brand, seller, cat, price, variants, numReviews, rating] of rows) {
    const p = await createProduct(t.db, {
      sellerId: seller.id,
      name,
      brand,
      categoryId: cat.id,
      price,
      variants,
      rating,
      numReviews,
      status: n !== 11,
      createdAt: new Date(Date.now() - (100 - n) * 60_000),
    });
    id[n] = p.id;
  }
  const discount = (n: number, percent: number, extra: Parameters<typeof createDiscount>[1] | object = {}) =>
    createDiscount(t.db, { productId: id[n]!, discountValue: percent, ...extra });
  await discount(2, 20);
  await discount(3, 50);
  await discount(4, 10);
  await discount(6, 30);
  await discount(7, 40);
  await discount(9, 25);
  await discount(12, 50, { couponCode: 'HALF' });
  await discount(13, 30, { validUntil: new Date(Date.now() - 86_400_000) });
});
afterAll(async () => t?.close());

async function get(url: string): Promise<ProductList> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return productListSchema.parse(res.json());
}
const nums = (list: ProductList) => list.products.map((p) => num(p._id));
const sorted = (ns: number[]) => [...ns].sort((a, b) => a - b);
const counts = (values: { value: string; count: number }[]) =>
  Object.fromEntries(values.map((x) => [x.value, x.count]));
const facetsOf = (list: ProductList): Facets => {
  if (!list.facets) throw new Error('no facets');
  return list.facets;
};

describe('facets with no filter', () => {
  it('counts every active product under each facet', async () => {
    const list = await get('/api/products?sort=newest');
    expect(list.total).toBe(12);
    expect(nums(list)).toEqual([13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const f = facetsOf(list);
    // "Kora" and "KORA" are one brand, spelled as most of its products spell it.
    expect(f.brands).toEqual([
      { value: 'Kora', count: 5 },
      { value: 'Bunkar', count: 4 },
      { value: 'Rangrez', count: 3 },
    ]);
    // In the size lists' order, not by count.
    expect(f.sizes).toEqual([
      { value: 'S', count: 2 },
      { value: 'M', count: 5 },
      { value: 'L', count: 4 },
      { value: 'XL', count: 1 },
      { value: '7', count: 1 },
      { value: '8', count: 2 },
      { value: '9', count: 2 },
      { value: '10', count: 1 },
    ]);
    expect(counts(f.colours)).toEqual({ Red: 4, Blue: 3, Black: 2, Green: 1, White: 1, Brown: 1 });
    expect(f.colours[0]).toEqual({ value: 'Red', count: 4 });
    expect(f.sellers).toEqual([
      { value: sellerA.id, label: 'Kavya Looms', count: 7 },
      { value: sellerB.id, label: 'Ravi Kumar', count: 5 },
    ]);
    expect(f.price).toEqual({ min: 250, max: 3000 });
    expect(f.ratings).toEqual([
      { value: '4', count: 4 },
      { value: '3', count: 7 },
      { value: '2', count: 9 },
      { value: '1', count: 11 },
    ]);
    expect(f.discounts).toEqual([
      { value: '10', count: 6 },
      { value: '20', count: 5 },
      { value: '30', count: 3 },
      { value: '40', count: 2 },
      { value: '50', count: 1 },
    ]);
    expect(f.inStock).toBe(10);
  });

  it('the plain home list (no keyword, filter or sort) stays the newest-first list without counts', async () => {
    const list = await get('/api/products');
    expect(nums(list)).toEqual([13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(list.facets).toBeUndefined();
  });
});

describe('each filter', () => {
  it('brand matches whatever the case; the brand facet ignores the brand filter', async () => {
    const list = await get('/api/products?brand=kora');
    expect(list.total).toBe(5);
    expect(sorted(nums(list))).toEqual([1, 2, 6, 8, 13]);
    const f = facetsOf(list);
    expect(counts(f.brands)).toEqual({ Kora: 5, Bunkar: 4, Rangrez: 3 });
    expect(counts(f.sellers)).toEqual({ [sellerA.id]: 3, [sellerB.id]: 2 });
    expect(f.inStock).toBe(3); // 1, 6, 13
  });

  it('size values OR together; the size facet ignores the size filter', async () => {
    const list = await get('/api/products?size=M,L');
    expect(list.total).toBe(7);
    expect(sorted(nums(list))).toEqual([1, 2, 4, 5, 6, 12, 13]);
    const f = facetsOf(list);
    expect(counts(f.sizes)).toEqual({ S: 2, M: 5, L: 4, XL: 1, '7': 1, '8': 2, '9': 2, '10': 1 });
    expect(counts(f.brands)).toEqual({ Kora: 4, Bunkar: 1, Rangrez: 2 });
    // Repeated parameters work too.
    expect((await get('/api/products?size=M&size=L')).total).toBe(7);
  });

  it('size with "in stock only" matches the sizes that are in stock', async () => {
    const onlyM = await get('/api/products?size=M');
    expect(onlyM.total).toBe(5); // 1, 2, 4, 6, 12
    expect(facetsOf(onlyM).inStock).toBe(4); // 2 has an M but no stock

    const list = await get('/api/products?size=M&inStock=1');
    expect(list.total).toBe(4);
    expect(sorted(nums(list))).toEqual([1, 4, 6, 12]);
    const f = facetsOf(list);
    expect(counts(f.sizes)).toEqual({ S: 1, M: 4, L: 2, XL: 1, '8': 2, '9': 1, '10': 1 });
    expect(f.inStock).toBe(4);
    // 6's red S is sold out: with "in stock only", 6 is not red.
    expect(counts(f.colours)).toEqual({ Red: 2, Green: 1, Blue: 1 });
  });

  it('colour values OR together', async () => {
    const list = await get('/api/products?colour=Red,Black');
    expect(list.total).toBe(6);
    expect(sorted(nums(list))).toEqual([1, 3, 6, 7, 9, 12]);
    expect(counts(facetsOf(list).colours)).toEqual({
      Red: 4,
      Blue: 3,
      Black: 2,
      Green: 1,
      White: 1,
      Brown: 1,
    });
  });

  it('seller matches the seller user id; an id that is not one matches nothing', async () => {
    const list = await get(`/api/products?seller=${sellerB.id}`);
    expect(list.total).toBe(5);
    expect(sorted(nums(list))).toEqual([3, 5, 6, 8, 10]);
    expect(counts(facetsOf(list).sellers)).toEqual({ [sellerA.id]: 7, [sellerB.id]: 5 });
    expect(counts(facetsOf(list).brands)).toEqual({ Bunkar: 2, Rangrez: 1, Kora: 2 });

    const nobody = await get('/api/products?seller=not-a-user');
    expect(nobody.total).toBe(0);
    expect(nobody.products).toEqual([]);
    expect(facetsOf(nobody).sellers).toContainEqual({ value: 'not-a-user', count: 0 });
  });

  it('price filters the sale price (discount applied; coupon-only and ended discounts are not)', async () => {
    const list = await get('/api/products?minPrice=700&maxPrice=1600');
    expect(list.total).toBe(7);
    expect(sorted(nums(list))).toEqual([1, 2, 4, 5, 6, 12, 13]);
    expect(facetsOf(list).price).toEqual({ min: 250, max: 3000 });
    // The other facets do apply the price filter.
    expect(counts(facetsOf(list).brands)).toEqual({ Kora: 4, Bunkar: 1, Rangrez: 2 });
    expect((await get('/api/products?minPrice=2600')).total).toBe(1); // 9 at 3000
    expect((await get('/api/products?maxPrice=250')).total).toBe(1); // 3 at 250
  });

  it('rating is "at least", and the rating facet counts cumulatively without it', async () => {
    const list = await get('/api/products?rating=4');
    expect(list.total).toBe(4);
    expect(sorted(nums(list))).toEqual([1, 3, 7, 10]);
    expect(facetsOf(list).ratings).toEqual([
      { value: '4', count: 4 },
      { value: '3', count: 7 },
      { value: '2', count: 9 },
      { value: '1', count: 11 },
    ]);
  });

  it('discount is "at least this percent off"', async () => {
    const list = await get('/api/products?discount=20');
    expect(list.total).toBe(5);
    expect(sorted(nums(list))).toEqual([2, 3, 6, 7, 9]);
    expect(counts(facetsOf(list).discounts)).toEqual({ '10': 6, '20': 5, '30': 3, '40': 2, '50': 1 });
    expect(counts(facetsOf(list).brands)).toEqual({ Kora: 2, Bunkar: 2, Rangrez: 1 });
  });

  it('in stock only', async () => {
    const list = await get('/api/products?inStock=1');
    expect(list.total).toBe(10);
    expect(nums(list)).not.toContain(2);
    expect(nums(list)).not.toContain(8);
    expect((await get('/api/products?inStock=true')).total).toBe(10);
    expect((await get('/api/products?inStock=0&sort=newest')).total).toBe(12);
  });
});

describe('filters together', () => {
  it('category + brand + in stock, cheapest first, each facet under the others', async () => {
    const list = await get(
      `/api/products/category?categoryIDs=${tops.id}&brand=Kora&inStock=1&sort=price_asc`,
    );
    expect(list.total).toBe(3);
    expect(nums(list)).toEqual([13, 6, 1]); // 700, 840, 1000
    const f = facetsOf(list);
    expect(counts(f.brands)).toEqual({ Kora: 3, Bunkar: 2, Rangrez: 2 });
    expect(counts(f.sizes)).toEqual({ M: 2, L: 1 });
    expect(counts(f.colours)).toEqual({ Red: 1, Blue: 1 });
    expect(f.price).toEqual({ min: 700, max: 1000 });
    expect(f.ratings).toEqual([
      { value: '4', count: 1 },
      { value: '3', count: 1 },
      { value: '2', count: 1 },
      { value: '1', count: 2 },
    ]);
    expect(f.discounts).toEqual([
      { value: '10', count: 1 },
      { value: '20', count: 1 },
      { value: '30', count: 1 },
    ]);
    expect(counts(f.sellers)).toEqual({ [sellerA.id]: 2, [sellerB.id]: 1 });
    expect(f.inStock).toBe(3);
  });

  it('a chosen value that nothing matches stays in its facet at 0', async () => {
    const list = await get(`/api/products/category?categoryIDs=${shoes.id}&brand=Rangrez,Nobody`);
    expect(list.total).toBe(1); // 7
    expect(counts(facetsOf(list).brands)).toEqual({ Rangrez: 1, Kora: 1, Bunkar: 2, Nobody: 0 });
  });

  it('keyword + colour, relevance puts products without stock last', async () => {
    const list = await get('/api/products?keyword=shirt&colour=Blue');
    expect(list.total).toBe(2);
    expect(nums(list)).toEqual([5, 2]);
    const all = await get('/api/products?keyword=shirt');
    expect(all.total).toBe(4); // 11 is inactive
    expect(nums(all).at(-1)).toBe(2);
    expect(sorted(nums(all))).toEqual([1, 2, 5, 12]);
    expect(counts(facetsOf(all).colours)).toEqual({ Red: 2, Blue: 2 });
  });

  it('a shop page takes the same filters', async () => {
    const list = await get('/api/shops/products/Kavya-Looms?size=M&sort=price_desc');
    expect(list.total).toBe(4);
    expect(nums(list)).toEqual([2, 1, 4, 12].sort((a, b) => price[b]! - price[a]!));
    expect(counts(facetsOf(list).brands)).toEqual({ Kora: 2, Bunkar: 1, Rangrez: 1 });
  });
});

/** Sale prices from the table. */
const price: Record<number, number> = {
  1: 1000,
  2: 1600,
  3: 250,
  4: 720,
  5: 1500,
  6: 840,
  7: 1800,
  8: 2500,
  9: 3000,
  10: 600,
  12: 1100,
  13: 700,
};

describe('category on the search', () => {
  it('keyword + category narrows to that category, with its total and facets', async () => {
    expect((await get('/api/products?keyword=kora')).total).toBe(5); // 1, 2, 6, 8, 13
    const shoesOnly = await get('/api/products?keyword=kora&category=Men%20Shoes');
    expect(shoesOnly.total).toBe(1);
    expect(nums(shoesOnly)).toEqual([8]);
    const s = facetsOf(shoesOnly);
    expect(s.brands).toEqual([{ value: 'Kora', count: 1 }]);
    expect(s.sizes).toEqual([{ value: '7', count: 1 }]);
    expect(counts(s.colours)).toEqual({ White: 1 });
    expect(counts(s.sellers)).toEqual({ [sellerB.id]: 1 });
    expect(s.inStock).toBe(0);

    // The name matches whatever the case.
    const clothes = await get('/api/products?keyword=kora&category=men%20clothes');
    expect(clothes.total).toBe(4);
    expect(sorted(nums(clothes))).toEqual([1, 2, 6, 13]);
    const c = facetsOf(clothes);
    expect(c.sizes).toEqual([
      { value: 'S', count: 1 },
      { value: 'M', count: 3 },
      { value: 'L', count: 3 },
    ]);
    expect(counts(c.colours)).toEqual({ Red: 2, Blue: 2 });
    expect(counts(c.sellers)).toEqual({ [sellerA.id]: 3, [sellerB.id]: 1 });
    expect(c.inStock).toBe(3); // 1, 6, 13
  });

  it('the top level takes every category under it', async () => {
    const list = await get('/api/products?keyword=kora&category=FASHION%20%26%20ACCESSORIES');
    expect(list.total).toBe(5);
    expect(sorted(nums(list))).toEqual([1, 2, 6, 8, 13]);
  });

  it('an unknown category is an empty list, not an error', async () => {
    for (const url of ['/api/products?keyword=shirt&category=Nowhere', '/api/products?category=Nowhere']) {
      const list = await get(url);
      expect(list.total, url).toBe(0);
      expect(list.products, url).toEqual([]);
    }
  });

  it('a category alone is a filtered list (with facets), and takes the other filters', async () => {
    const list = await get('/api/products?category=men-shoes');
    expect(list.total).toBe(4);
    expect(nums(list)).toEqual([10, 9, 7, 8]); // newest first, without stock last
    const f = facetsOf(list);
    expect(counts(f.brands)).toEqual({ Rangrez: 1, Kora: 1, Bunkar: 2 });
    expect(f.inStock).toBe(3);
    const bunkar = await get('/api/products?category=Men%20Clothes&brand=bunkar');
    expect(bunkar.total).toBe(2);
    expect(sorted(nums(bunkar))).toEqual([3, 4]);
    // A blank category is no category: the plain home list.
    expect((await get('/api/products?category=%20%20')).facets).toBeUndefined();
  });

  it('a category name longer than 200 characters → 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?category=${'x'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_input' });
  });
});

describe('sorts', () => {
  it('price both ways on the sale price', async () => {
    const asc = [3, 10, 13, 4, 6, 1, 12, 5, 2, 7, 8, 9];
    expect(nums(await get('/api/products?sort=price_asc'))).toEqual(asc);
    expect(nums(await get('/api/products?sort=price_desc'))).toEqual([...asc].reverse());
  });

  it('rating: best rated first', async () => {
    expect(nums(await get('/api/products?sort=rating'))).toEqual([10, 7, 1, 3, 8, 2, 12, 4, 9, 13, 5, 6]);
  });

  it('discount: biggest discount first', async () => {
    expect(nums(await get('/api/products?sort=discount')).slice(0, 6)).toEqual([3, 7, 6, 9, 2, 4]);
  });

  it('relevance without a keyword: newest first, products without stock last', async () => {
    expect(nums(await get('/api/products?sort=relevance'))).toEqual([13, 12, 10, 9, 7, 6, 5, 4, 3, 1, 8, 2]);
    expect(nums(await get(`/api/products/category?categoryIDs=${shoes.id}`))).toEqual([10, 9, 7, 8]);
  });
});

describe('inactive products', () => {
  it('never match and never count', async () => {
    const eleven = await get('/api/products?keyword=eleven');
    expect(eleven.total).toBe(0);
    expect(facetsOf(eleven).brands).toEqual([]);
    expect(facetsOf(eleven).price).toEqual({ min: null, max: null });
    const shop = await get('/api/shops/products/Kavya-Looms');
    expect(shop.total).toBe(7);
    expect(nums(shop)).not.toContain(11);
  });
});

describe('bad parameters', () => {
  it.each([
    'sort=cheapest',
    'rating=6',
    'rating=0',
    'discount=0',
    'discount=100',
    'minPrice=-1',
    'maxPrice=abc',
    'inStock=maybe',
    'pageNumber=0',
    `size=${'x'.repeat(101)}`,
    `brand=${Array.from({ length: 51 }, (_, i) => `b${i}`).join(',')}`,
  ])('%s → 400', async (query) => {
    for (const path of [
      '/api/products',
      `/api/products/category?categoryIDs=${tops.id}&`,
      '/api/shops/products/Kavya-Looms',
    ]) {
      const url = path.includes('?') ? `${path}${query}` : `${path}?${query}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input' });
    }
  });
});

describe('paging', () => {
  it('pages never overlap, whatever the ties', async () => {
    const cat = await createCategory(t.db, { subCategory: 'Men Clothes', levelThreeCategory: 'Paging' });
    const same = new Date(Date.now() - 3 * 86_400_000);
    const made: string[] = [];
    for (let i = 0; i < 30; i++) {
      const p = await createProduct(t.db, {
        sellerId: sellerB.id,
        categoryId: cat.id,
        price: 999,
        brand: 'Same',
        rating: '3.00',
        numReviews: 1,
        createdAt: same,
        variants: [v('M', 'Grey', i % 3 === 0 ? 0 : 1)],
      });
      made.push(p.id);
    }
    for (const sort of ['relevance', 'price_asc', 'price_desc', 'newest', 'rating', 'discount']) {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const list = await get(
          `/api/products/category?categoryIDs=${cat.id}&sort=${sort}&pageNumber=${page}`,
        );
        expect(list.total).toBe(30);
        expect(list.pages).toBe(3);
        seen.push(...list.products.map((p) => p._id));
      }
      expect(seen.length, sort).toBe(30);
      expect(new Set(seen).size, sort).toBe(30);
      expect(sorted(seen.map((s) => made.indexOf(s)))).toEqual(made.map((_, i) => i));
      if (sort === 'relevance') {
        // 10 without stock (i % 3 === 0) come after the 20 with stock.
        const stockless = seen.map((s) => made.indexOf(s) % 3 === 0);
        expect(stockless.indexOf(true)).toBe(20);
      }
    }
  });
});

describe('ended discounts', () => {
  it('the periodic refresh puts the sale price back when a discount runs out', async () => {
    const cat = await createCategory(t.db, { subCategory: 'Men Clothes', levelThreeCategory: 'Ending' });
    const p = await createProduct(t.db, { sellerId: sellerA.id, categoryId: cat.id, price: 1000 });
    await createDiscount(t.db, {
      productId: p.id,
      discountValue: 40,
      validUntil: new Date(Date.now() + 1500),
    });
    const sale = async () =>
      (
        await t.db.$client.query<{ sale_price: string; discount_percent: number }>(
          'select sale_price, discount_percent from products where id = $1',
          [p.id],
        )
      ).rows[0];
    expect(await sale()).toEqual({ sale_price: '600.00', discount_percent: 40 });
    expect(await refreshEndedDiscounts({ db: t.db })).toBe(0);
    await new Promise((r) => setTimeout(r, 2000));
    // Nothing fired when the clock passed valid_until: still 40 % off until refreshed.
    expect(await sale()).toEqual({ sale_price: '600.00', discount_percent: 40 });
    expect((await get(`/api/products/category?categoryIDs=${cat.id}&discount=40`)).total).toBe(1);
    expect(await refreshEndedDiscounts({ db: t.db })).toBe(1);
    expect(await sale()).toEqual({ sale_price: '1000.00', discount_percent: 0 });
    expect((await get(`/api/products/category?categoryIDs=${cat.id}&discount=40`)).total).toBe(0);
    // Idempotent: nothing left to do.
    expect(await refreshEndedDiscounts({ db: t.db })).toBe(0);
  });
});

describe('more than 5 000 matches (pages read along the indexes)', () => {
  it('relevance reads products with stock, then those without, across the tier boundary', async () => {
    const cat = await createCategory(t.db, { subCategory: 'Men Clothes', levelThreeCategory: 'Bulk' });
    // 5 100 products "Bulk i", i minutes old; only every 51st (100 of them) has stock.
    await t.db.$client.query(
      `insert into products (user_id, name, brand, price, category_id, created_at, updated_at)
       select $1, 'Bulk ' || i, 'Bulky', 100, $2, now() - make_interval(mins => i), now() - make_interval(mins => i)
       from generate_series(1, 5100) i`,
      [sellerB.id, cat.id],
    );
    await t.db.$client.query(
      `insert into product_variants (product_id, size, sku, count_in_stock)
       select id, 'M', 'BULK-M', case when substr(name, 6)::int % 51 = 0 then 1 else 0 end
       from products where category_id = $1`,
      [cat.id],
    );
    const page = async (n: number, sort = 'relevance') => {
      const list = await get(`/api/products/category?categoryIDs=${cat.id}&sort=${sort}&pageNumber=${n}`);
      expect(list.total).toBe(5100);
      expect(list.pages).toBe(100);
      return list.products.map((p) => Number(p.name.slice(5)));
    };
    expect(await page(1)).toEqual([51, 102, 153, 204, 255, 306, 357, 408, 459, 510, 561, 612]);
    expect(await page(9)).toEqual([4947, 4998, 5049, 5100, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await page(10)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(await page(2, 'newest')).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect((await get(`/api/products/category?categoryIDs=${cat.id}&inStock=1`)).total).toBe(100);
  });
});
