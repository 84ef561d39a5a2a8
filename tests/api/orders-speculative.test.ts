import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverySettings,
  orderItems,
  orders,
  productVariants,
  shipments,
} from '../../src/server/db/schema/index.ts';
import { createDiscount, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder, postOrder } from '../factories/orders.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Order placement's two paths (docs/decisions/0129-server-hot-paths.md): priced from an unlocked read,
 * then the products locked in id order and read again; a product that changed meanwhile sends the order
 * down the path that locks first. Locks are taken in one order (products by id, then the buyer's
 * cash-on-delivery lock), so restocks and orders on the same products never deadlock.
 */

let t: TestContext;
let seller: Who;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createWho(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Lock Order Shop' } });
});
afterAll(async () => t?.close());

const COD_DEFAULTS = { maxOpenCodOrders: 3, maxOpenCodUnits: 10 };
afterEach(async () => {
  await t.db.update(deliverySettings).set(COD_DEFAULTS).where(eq(deliverySettings.id, 1));
});

const product = (overrides: Partial<Parameters<typeof createProduct>[1]> = {}) =>
  createProduct(t.db, { sellerId: seller.user.id, sizes: ['M'], countInStock: 50, ...overrides });
const buyer = () => createWho(t.db);
const stockOf = async (p: ProductRow) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id))).reduce(
    (n, v) => n + v.countInStock,
    0,
  );
const ordersOf = (w: Who) => t.db.select().from(orders).where(eq(orders.userId, w.user.id));
const cod = (lines: Parameters<typeof orderBody>[0]) => orderBody(lines, { paymentMethod: 'CashOnDelivery' });

/** Waits until some session of the test database waits for a row lock (the order reached its lock). */
async function untilSomeoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await t.db.$client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(rows[0]?.n) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no session ever waited for a lock');
}

describe('a product changed while the order waits for its lock', () => {
  it('charges the new price, writes one order and takes the stock once', async () => {
    const p = await product({ price: '1000.00', percentageMarkup: '0' });
    const who = await buyer();
    const other = await t.db.$client.connect();
    try {
      await other.query('begin');
      // The seller's edit holds the product's row (as a catalogue edit does) until it commits.
      await other.query(`update products set price = 1500 where id = $1`, [p.id]);
      const placing = postOrder(t.app, who.token, orderBody([{ product: p.id, qty: 2, size: 'M' }]));
      await untilSomeoneWaitsForALock();
      await other.query('commit');
      const res = await placing;
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json() as { _id: string };
      const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed._id));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ qty: 2, price: '1500.00' });
    } finally {
      other.release();
    }
    expect(await ordersOf(who)).toHaveLength(1);
    expect(await stockOf(p)).toBe(48);
  });

  it('a discount ended meanwhile: the order pays the full price', async () => {
    const p = await product({ price: '800.00', percentageMarkup: '0' });
    await createDiscount(t.db, { productId: p.id, discountValue: 25 });
    const who = await buyer();
    const other = await t.db.$client.connect();
    try {
      await other.query('begin');
      await other.query(`select id from products where id = $1 for update`, [p.id]);
      await other.query(`delete from product_discounts where product_id = $1`, [p.id]);
      const placing = postOrder(t.app, who.token, orderBody([{ product: p.id, qty: 1, size: 'M' }]));
      await untilSomeoneWaitsForALock();
      await other.query('commit');
      const res = await placing;
      expect(res.statusCode, res.body).toBe(201);
      const lines = await t.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, (res.json() as { _id: string })._id));
      expect(lines[0]).toMatchObject({ price: '800.00', discountedPrice: '800.00' });
    } finally {
      other.release();
    }
    expect(await ordersOf(who)).toHaveLength(1);
    expect(await stockOf(p)).toBe(49);
  });
});

describe('cash on delivery at the limit', () => {
  it('an order reaching the limit exactly is placed; the next one is refused', async () => {
    await t.db
      .update(deliverySettings)
      .set({ maxOpenCodOrders: 2, maxOpenCodUnits: 3 })
      .where(eq(deliverySettings.id, 1));
    const p = await product();
    const who = await buyer();
    await placeOrder(t.app, who.token, cod([{ product: p.id, qty: 2, size: 'M' }]));
    // 2 units held, limit 3: one more unit fits exactly, on the second (last) order allowed.
    await placeOrder(t.app, who.token, cod([{ product: p.id, qty: 1, size: 'M' }]));
    const refused = await postOrder(t.app, who.token, cod([{ product: p.id, qty: 1, size: 'M' }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'cod_limit_reached' });
    expect(await ordersOf(who)).toHaveLength(2);
    expect(await stockOf(p)).toBe(47);
  });

  it('two orders of one buyer at once, on products in opposite order: both placed', async () => {
    const [a, b] = [await product(), await product()];
    const who = await buyer();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        postOrder(
          t.app,
          who.token,
          cod([
            { product: a.id, size: 'M' },
            { product: b.id, size: 'M' },
          ]),
        ),
        postOrder(
          t.app,
          who.token,
          cod([
            { product: b.id, size: 'M' },
            { product: a.id, size: 'M' },
          ]),
        ),
      ]);
      // Within the limit of 3 orders: the first round places both, later ones one at most.
      for (const res of answers) expect([201, 409], res.body).toContain(res.statusCode);
      if (round === 0) expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    }
    expect(await ordersOf(who)).toHaveLength(3);
  });
});

describe('restocks racing orders on the same products', () => {
  it('an order waiting for a product a restock holds takes nothing the restock needs next', async () => {
    const made = [await product(), await product()];
    const [low, high] = made.sort((x, y) => x.id.localeCompare(y.id)) as [ProductRow, ProductRow];
    const who = await buyer();
    const restock = await t.db.$client.connect();
    try {
      // As restockLines does: the products FOR UPDATE in id order, one at a time here, then their variants.
      await restock.query('begin');
      await restock.query(`select id from products where id = $1 for update`, [low.id]);
      const placing = postOrder(
        t.app,
        who.token,
        orderBody([
          { product: high.id, size: 'M' },
          { product: low.id, size: 'M' },
        ]),
      );
      await untilSomeoneWaitsForALock();
      // Writing the order's lines before locking would hold `high` (a key-share lock from the line's
      // foreign key) while waiting for `low`: this statement would then end in a deadlock (40P01).
      await restock.query(`select id from products where id = $1 for update`, [high.id]);
      await restock.query(
        `update product_variants set count_in_stock = count_in_stock + 1 where product_id = any($1::uuid[])`,
        [[low.id, high.id]],
      );
      await restock.query('commit');
      const res = await placing;
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      restock.release();
    }
    expect(await stockOf(low)).toBe(50);
    expect(await stockOf(high)).toBe(50);
  });

  it('cancelling shipments while orders list the products in reverse id order: no deadlock', async () => {
    const made = [await product({ countInStock: 500 }), await product({ countInStock: 500 })];
    const [low, high] = made.sort((x, y) => x.id.localeCompare(y.id)) as [ProductRow, ProductRow];
    const who = await buyer();
    const rounds = 4;
    // Orders to cancel, each holding both products (its restock locks them in id order).
    const toCancel: string[] = [];
    for (let i = 0; i < rounds * 2; i++) {
      const o = await placeOrder(
        t.app,
        who.token,
        orderBody([
          { product: low.id, size: 'M' },
          { product: high.id, size: 'M' },
        ]),
      );
      toCancel.push(o._id);
    }
    const shipmentIds = (await t.db.select().from(shipments).where(inArray(shipments.orderId, toCancel))).map(
      (s) => s.id,
    );
    expect(shipmentIds).toHaveLength(rounds * 2);

    const reverse = orderBody([
      { product: high.id, size: 'M', qty: 2 },
      { product: low.id, size: 'M' },
    ]);
    const cancel = (id: string) =>
      t.app.inject({ method: 'PUT', url: `/api/shipments/${id}/cancel`, headers: authHeader(who.token) });
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all([
        cancel(shipmentIds[round * 2]!),
        postOrder(t.app, who.token, reverse),
        cancel(shipmentIds[round * 2 + 1]!),
        postOrder(t.app, who.token, reverse),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 201, 200, 201]);
    }
    // 500 each, minus the placed orders' units, plus nothing for the cancelled ones (restocked).
    expect(await stockOf(low)).toBe(500 - rounds * 2);
    expect(await stockOf(high)).toBe(500 - rounds * 2 * 2);
  });
});
