import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createCategory, createDiscount, createProduct } from '../factories/catalog.ts';
import { createUser } from '../factories/users.ts';

/**
 * The products row's derived columns (migration 0012, docs/decisions/0102-product-variants.md) follow its
 * variants, price and discount in the same transaction, whoever writes them. Raw SQL, past the services.
 */
describe('derived product columns', () => {
  let t: TestContext;
  let sellerId: string;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp();
    sellerId = (await createUser(t.db, { roles: ['Seller-Company'] })).id;
    categoryId = (await createCategory(t.db)).id;
  });
  afterAll(async () => t?.close());

  type Derived = {
    count_in_stock: number;
    sizes: string[];
    colours: string[];
    available_sizes: string[];
    available_colours: string[];
    list_price: string;
    sale_price: string;
    discount_percent: number;
  };
  const derived = async (id: string): Promise<Derived> => {
    const { rows } = await t.db.$client.query<Derived>(
      `select count_in_stock, sizes, colours, available_sizes, available_colours, list_price, sale_price,
              discount_percent from products where id = $1`,
      [id],
    );
    return rows[0]!;
  };
  const q = (text: string, values: unknown[]) => t.db.$client.query(text, values);

  it('stock, sizes and colours follow inserts, updates and deletes of variants', async () => {
    const p = await createProduct(t.db, {
      sellerId,
      categoryId,
      price: '1000.00',
      variants: [
        { size: 'S', colour: 'Red', sku: 'A-S-R', countInStock: 2, price: null },
        { size: 'S', colour: 'Blue', sku: 'A-S-B', countInStock: 0, price: null },
        { size: 'M', colour: 'Red', sku: 'A-M-R', countInStock: 0, price: null },
      ],
    });
    expect(await derived(p.id)).toMatchObject({
      count_in_stock: 2,
      sizes: ['S', 'M'],
      colours: ['Red', 'Blue'],
      available_sizes: ['S'],
      available_colours: ['Red'],
      list_price: '1000.00',
      sale_price: '1000.00',
      discount_percent: 0,
    });

    await q(`update product_variants set count_in_stock = 5 where product_id = $1 and sku = 'A-M-R'`, [p.id]);
    expect(await derived(p.id)).toMatchObject({ count_in_stock: 7, available_sizes: ['S', 'M'] });

    await q(`delete from product_variants where product_id = $1 and sku = 'A-S-B'`, [p.id]);
    expect(await derived(p.id)).toMatchObject({ colours: ['Red'], sizes: ['S', 'M'] });

    await q(`delete from product_variants where product_id = $1`, [p.id]);
    expect(await derived(p.id)).toMatchObject({
      count_in_stock: 0,
      sizes: [],
      colours: [],
      list_price: '1000.00',
    });
  });

  it('the list price is the lowest variant price, and follows the product price', async () => {
    const p = await createProduct(t.db, {
      sellerId,
      categoryId,
      price: '800.00',
      variants: [
        { size: 'M', colour: null, sku: 'B-M', countInStock: 1, price: null },
        { size: 'XXL', colour: null, sku: 'B-XXL', countInStock: 1, price: '950.00' },
      ],
    });
    expect((await derived(p.id)).list_price).toBe('800.00');
    await q(`update product_variants set price = '700.00' where product_id = $1 and sku = 'B-XXL'`, [p.id]);
    expect((await derived(p.id)).list_price).toBe('700.00');
    await q(`update product_variants set price = null where product_id = $1`, [p.id]);
    await q(`update products set price = '650.00' where id = $1`, [p.id]);
    expect((await derived(p.id)).list_price).toBe('650.00');
  });

  it('the sale price and discount percent follow the public discount, not a coupon one', async () => {
    const p = await createProduct(t.db, { sellerId, categoryId, price: '1005.00' });
    const d = await createDiscount(t.db, { productId: p.id, discountValue: '50' });
    // Half-up to paise, as #shared/discounts.ts: 1005 at 50 % → 502.50.
    expect(await derived(p.id)).toMatchObject({ sale_price: '502.50', discount_percent: 50 });

    await q(`update product_discounts set discount_unit = 'amount', discount_value = '150' where id = $1`, [
      d.id,
    ]);
    // 150 off 1005 is 14.9 %: the whole percent taken off is 14.
    expect(await derived(p.id)).toMatchObject({ sale_price: '855.00', discount_percent: 14 });

    await q(`update product_discounts set coupon_code = 'SAVE' where id = $1`, [d.id]);
    expect(await derived(p.id)).toMatchObject({ sale_price: '1005.00', discount_percent: 0 });

    await q(`update product_discounts set coupon_code = null, activate = false where id = $1`, [d.id]);
    expect((await derived(p.id)).sale_price).toBe('1005.00');

    await q(`update product_discounts set activate = true, discount_value = '1005' where id = $1`, [d.id]);
    // A discount that would take the price to 0 does not apply.
    expect((await derived(p.id)).sale_price).toBe('1005.00');

    await q(`update product_discounts set discount_value = '5' where id = $1`, [d.id]);
    await q(`update products set price = '2000.00' where id = $1`, [p.id]);
    expect(await derived(p.id)).toMatchObject({
      list_price: '2000.00',
      sale_price: '1995.00',
      discount_percent: 0,
    });

    await q(`delete from product_discounts where id = $1`, [d.id]);
    expect((await derived(p.id)).sale_price).toBe('2000.00');
  });

  it('a variant can never hold negative stock, and size + colour is unique per product', async () => {
    const p = await createProduct(t.db, { sellerId, categoryId, sizes: ['M'], countInStock: 1 });
    const code = async (text: string) => {
      try {
        await q(text, [p.id]);
        return 'ok';
      } catch (err) {
        return (err as { code?: string }).code;
      }
    };
    expect(await code(`update product_variants set count_in_stock = -1 where product_id = $1`)).toBe('23514');
    expect(await code(`insert into product_variants (product_id, size, sku) values ($1, 'M', 'OTHER')`)).toBe(
      '23505',
    );
    expect(
      await code(`insert into product_variants (product_id, size, colour, sku) values ($1, 'M', 'Red', 'R')`),
    ).toBe('ok');
  });

  /**
   * Migration 0020: a stock change that stays on one side of zero only adds the difference to the
   * product's count; every other change recomputes. Each step is checked against a full recompute
   * (product_derived_refresh) of the same rows.
   */
  describe('the stock-delta trigger (migration 0020) agrees with a full recompute', () => {
    const recomputed = async (id: string): Promise<Derived> => {
      const client = await t.db.$client.connect();
      try {
        await client.query('begin');
        await client.query('select product_derived_refresh($1)', [id]);
        const { rows } = await client.query<Derived>(
          `select count_in_stock, sizes, colours, available_sizes, available_colours, list_price, sale_price,
                  discount_percent from products where id = $1`,
          [id],
        );
        return rows[0]!;
      } finally {
        await client.query('rollback');
        client.release();
      }
    };
    const agrees = async (id: string) => {
      const now = await derived(id);
      expect(now).toEqual(await recomputed(id));
      return now;
    };
    const variantId = async (productId: string, sku: string) =>
      (await q(`select id from product_variants where product_id = $1 and sku = $2`, [productId, sku]))
        .rows[0].id as string;
    const setStock = (id: string, n: number) =>
      q(`update product_variants set count_in_stock = $2 where id = $1`, [id, n]);
    const make = () =>
      createProduct(t.db, {
        sellerId,
        categoryId,
        price: '500.00',
        variants: [
          { size: 'S', colour: 'Red', sku: 'D-S-R', countInStock: 5, price: null },
          { size: 'M', colour: 'Blue', sku: 'D-M-B', countInStock: 1, price: null },
          { size: 'L', colour: 'Green', sku: 'D-L-G', countInStock: 0, price: null },
        ],
      });

    it('5 → 3 moves only the count (fast path)', async () => {
      const p = await make();
      const before = await agrees(p.id);
      await setStock(await variantId(p.id, 'D-S-R'), 3);
      const after = await agrees(p.id);
      expect(after).toEqual({ ...before, count_in_stock: 4 });
    });

    it('several variants of one product in one UPDATE, as an order takes them', async () => {
      const p = await make();
      await q(
        `update product_variants set count_in_stock = count_in_stock - 1
          where product_id = $1 and count_in_stock >= 1`,
        [p.id],
      );
      expect(await agrees(p.id)).toMatchObject({ count_in_stock: 4, available_sizes: ['S'] });
    });

    it('1 → 0 and 0 → 2 change the available sizes and colours', async () => {
      const p = await make();
      await setStock(await variantId(p.id, 'D-M-B'), 0);
      expect(await agrees(p.id)).toMatchObject({
        count_in_stock: 5,
        available_sizes: ['S'],
        available_colours: ['Red'],
      });
      await setStock(await variantId(p.id, 'D-L-G'), 2);
      expect(await agrees(p.id)).toMatchObject({
        count_in_stock: 7,
        sizes: ['S', 'M', 'L'],
        available_sizes: ['S', 'L'],
        available_colours: ['Red', 'Green'],
      });
    });

    it('a size or colour change (with or without a stock change) recomputes', async () => {
      const p = await make();
      const red = await variantId(p.id, 'D-S-R');
      await q(`update product_variants set size = 'XL' where id = $1`, [red]);
      expect(await agrees(p.id)).toMatchObject({ sizes: ['XL', 'M', 'L'], available_sizes: ['XL', 'M'] });
      await q(`update product_variants set colour = 'Black', count_in_stock = 4 where id = $1`, [red]);
      expect(await agrees(p.id)).toMatchObject({
        count_in_stock: 5,
        colours: ['Black', 'Blue', 'Green'],
        available_colours: ['Black', 'Blue'],
      });
    });

    it("a variant's own price recomputes the list price, a stock change beside it too", async () => {
      const p = await make();
      await q(
        `update product_variants set price = 400, count_in_stock = 2 where sku = 'D-M-B' and product_id = $1`,
        [p.id],
      );
      expect(await agrees(p.id)).toMatchObject({ count_in_stock: 7, list_price: '400.00' });
    });

    it('a variant moved to another product recomputes both', async () => {
      const from = await make();
      const to = await createProduct(t.db, {
        sellerId,
        categoryId,
        price: '800.00',
        variants: [{ size: 'S', colour: 'White', sku: 'T-S-W', countInStock: 4, price: null }],
      });
      await q(`update product_variants set product_id = $2 where id = $1`, [
        await variantId(from.id, 'D-M-B'),
        to.id,
      ]);
      expect(await agrees(from.id)).toMatchObject({
        count_in_stock: 5,
        sizes: ['S', 'L'],
        available_sizes: ['S'],
        colours: ['Red', 'Green'],
      });
      expect(await agrees(to.id)).toMatchObject({
        count_in_stock: 5,
        available_colours: expect.arrayContaining(['White', 'Blue']),
      });
    });

    it('an sku-only change leaves every derived value as it was', async () => {
      const p = await make();
      const before = await agrees(p.id);
      await q(`update product_variants set sku = 'D-S-R-2' where sku = 'D-S-R' and product_id = $1`, [p.id]);
      expect(await agrees(p.id)).toEqual(before);
    });
  });
});
