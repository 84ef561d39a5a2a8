import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_QTY_LIMIT } from '#shared/order-quantity.ts';
import { createCategory, createProduct, type CategoryRow } from '../factories/catalog.ts';
import { orderBody, placeOrder, postOrder } from '../factories/orders.ts';
import { createUser, sessionToken } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * ORDER_QTY_LIMIT (docs/decisions/0132-phone-purchase-flow.md): the most units of one item an order may
 * hold. The server refuses more, counted over every line naming the item, and tells the storefront the
 * limit at GET /api/config/orders.
 */

let t: TestContext;
let sellerId: string;
let buyerToken: string;
let category: CategoryRow;

beforeAll(async () => {
  t = await createTestApp({ ORDER_QTY_LIMIT: '4' });
  const seller = await createUser(t.db, {
    name: 'Kavya',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Limits' },
  });
  sellerId = seller.id;
  const buyer = await createUser(t.db, { name: 'Asha Buyer' });
  buyerToken = await sessionToken(t.db, buyer.id);
  category = await createCategory(t.db, { hsn: '6204', tax: '5' });
});
afterAll(async () => t?.close());

const kurta = () =>
  createProduct(t.db, {
    sellerId,
    categoryId: category.id,
    name: 'Limit Kurta',
    sizes: ['M', 'L'],
    countInStock: 50,
  });

describe('the per-order quantity limit', () => {
  it('is 10 unless configured, and public', async () => {
    expect(DEFAULT_ORDER_QTY_LIMIT).toBe(10);
    expect(t.config.orderQtyLimit).toBe(4);
    const res = await t.app.inject({ method: 'GET', url: '/api/config/orders' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ qtyLimit: 4 });
  });

  it('refuses a line above the limit with a message naming the limit and the item', async () => {
    const p = await kurta();
    const res = await postOrder(t.app, buyerToken, orderBody([{ product: p.id, size: 'M', qty: 5 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_input',
      message: 'You can buy at most 4 of Limit Kurta (size M) in one order',
    });
  });

  it('counts two lines of the same item together, but not two sizes', async () => {
    const p = await kurta();
    const same = await postOrder(
      t.app,
      buyerToken,
      orderBody([
        { product: p.id, size: 'M', qty: 3 },
        { product: p.id, size: 'M', qty: 2 },
      ]),
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain('at most 4');
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([
        { product: p.id, size: 'M', qty: 4 },
        { product: p.id, size: 'L', qty: 4 },
      ]),
    );
    expect((order.orderItems as { qty: number }[]).map((i) => i.qty)).toEqual([4, 4]);
  });

  it('is refused by configuration out of range', async () => {
    const { loadConfig } = await import('../../src/server/config.ts');
    expect(() => loadConfig({ ORDER_QTY_LIMIT: '0' })).toThrow(/ORDER_QTY_LIMIT/);
    expect(loadConfig({}).orderQtyLimit).toBe(10);
  });
});
