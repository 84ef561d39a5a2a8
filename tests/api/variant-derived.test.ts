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
});
