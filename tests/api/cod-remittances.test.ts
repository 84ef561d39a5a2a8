import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDate } from '#shared/gst-rates.ts';
import { orders } from '../../src/server/db/schema/index.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { createGstParties } from '../factories/gst.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Cash on delivery owed by whoever collected it (docs/decisions/0123-commission-rules-and-cod-remittance.md):
 * marking a COD order paid makes its cash outstanding under that person, by age, until an Admin records a
 * remittance that matches it.
 */

let t: TestContext;
let buyer: Who;
let admin: Who;
let d1: Who;
let d2: Who;
let kurta: ProductRow;
const DAY = 86_400_000;

type CodCash = {
  distributors: {
    distributorId: string;
    distributorName: string;
    outstanding: number;
    ages: { d0to2: number; d3to7: number; d8to30: number; over30: number };
    orders: { orderId: string; orderNumber: string; amount: number; paidAt: string; ageDays: number }[];
  }[];
  remittances: { distributorId: string; amount: number; reference: string; orderCount: number }[];
};

function api(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) {
  return t.app.inject({ method, url, headers: authHeader(who.token), ...(payload ? { payload } : {}) });
}

/** A COD order of `qty` kurtas marked paid by `who`, the collection dated `daysAgo` days back. */
async function collected(who: Who, qty: number, daysAgo = 0) {
  const o = await placeOrder(
    t.app,
    buyer.token,
    orderBody([{ product: kurta.id, qty }], { paymentMethod: 'CashOnDelivery' }),
  );
  const paid = await api('PUT', `/api/orders/${o._id}/CashOnDelivery/pay`, who, {});
  expect(paid.statusCode, paid.body).toBe(200);
  if (daysAgo > 0) {
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - daysAgo * DAY - 60_000) })
      .where(eq(orders.id, o._id));
  }
  return { id: o._id, number: o.orderNumber };
}

const remit = (who: Who, body: Record<string, unknown>) =>
  api('POST', '/api/admin/cod-remittances', who, {
    distributorId: d1.user.id,
    reference: 'Deposit slip 4471',
    receivedOn: indiaDate(new Date()),
    ...body,
  });

beforeAll(async () => {
  t = await createTestApp();
  let seller: Who;
  ({
    buyer,
    admin,
    karnataka: seller,
  } = await createGstParties(t.db, {
    karnataka: { name: 'Cash Weaves', shop: { shopName: 'Cash K' } },
    maharashtra: { name: 'Cash Pottery', shop: { shopName: 'Cash M' } },
  }));
  kurta = await createProduct(t.db, { sellerId: seller.user.id, price: '1000.00', countInStock: 200 });
  d1 = await createWho(t.db, { name: 'Dev Distributor', roles: ['Distributor'] });
  d2 = await createWho(t.db, { name: 'Uma Distributor', roles: ['Distributor'] });
});

afterAll(async () => {
  await t?.close();
});

describe('cash on delivery owed by its collector', () => {
  let a: { id: string; number: string };
  let b: { id: string; number: string };
  let c: { id: string; number: string };
  let d: { id: string; number: string };
  let e: { id: string; number: string };

  it('puts collected cash under the person who marked the order paid, by age', async () => {
    a = await collected(d1, 1);
    b = await collected(d1, 2, 5);
    c = await collected(d1, 1, 10);
    d = await collected(d1, 1, 40);
    e = await collected(d2, 1, 1);

    const own = await api('GET', '/api/distributor/cod-cash', d1);
    expect(own.statusCode).toBe(200);
    const view = own.json() as CodCash;
    expect(view.distributors).toHaveLength(1);
    // ₹1,000.00 + 5 % GST = ₹1,050.00 a kurta.
    expect(view.distributors[0]).toMatchObject({
      distributorId: d1.user.id,
      distributorName: 'Dev Distributor',
      outstanding: 5250,
      ages: { d0to2: 1050, d3to7: 2100, d8to30: 1050, over30: 1050 },
    });
    expect(view.distributors[0]!.orders.map((o) => [o.orderNumber, o.amount, o.ageDays])).toEqual([
      [d.number, 1050, 40],
      [c.number, 1050, 10],
      [b.number, 2100, 5],
      [a.number, 1050, 0],
    ]);
    expect(view.remittances).toEqual([]);

    // The other Distributor sees its own only; Admin sees both.
    const other = (await api('GET', '/api/distributor/cod-cash', d2)).json() as CodCash;
    expect(other.distributors.map((x) => [x.distributorId, x.outstanding, x.ages.d0to2])).toEqual([
      [d2.user.id, 1050, 1050],
    ]);
    const all = (await api('GET', '/api/admin/cod-cash', admin)).json() as CodCash;
    expect(all.distributors.map((x) => [x.distributorName, x.outstanding])).toEqual([
      ['Dev Distributor', 5250],
      ['Uma Distributor', 1050],
    ]);
  });

  it('keeps the views to their roles', async () => {
    expect((await api('GET', '/api/admin/cod-cash', buyer)).statusCode).toBe(403);
    expect((await api('GET', '/api/distributor/cod-cash', buyer)).statusCode).toBe(403);
    expect((await api('GET', '/api/admin/cod-cash', d1)).statusCode).toBe(403);
    expect((await remit(d1, { orderIds: [a.id], amount: '1050' })).statusCode).toBe(403);
  });

  it('matches a remittance to its orders: the exact sum, only the collector’s own, once', async () => {
    const wrong = await remit(admin, { orderIds: [a.id, b.id], amount: '3000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'amount', message: expect.stringContaining('₹3150.00') }]);
    const foreign = await remit(admin, { orderIds: [a.id, e.id], amount: '2100' });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().message).toContain(e.number);

    const ok = await remit(admin, { orderIds: [a.id, b.id], amount: '3150.00' });
    expect(ok.statusCode, ok.body).toBe(201);
    const after = ok.json() as CodCash;
    expect(after.distributors.find((x) => x.distributorId === d1.user.id)).toMatchObject({
      outstanding: 2100,
      ages: { d0to2: 0, d3to7: 0, d8to30: 1050, over30: 1050 },
    });
    expect(after.remittances).toEqual([
      expect.objectContaining({
        distributorId: d1.user.id,
        amount: 3150,
        reference: 'Deposit slip 4471',
        orderCount: 2,
      }),
    ]);
    const again = await remit(admin, { orderIds: [a.id], amount: '1050' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(a.number);
  });

  it('lets one of two racing remittances of the same order win', async () => {
    const [x, y] = await Promise.all([
      remit(admin, { orderIds: [c.id], amount: '1050', reference: 'Race one' }),
      remit(admin, { orderIds: [c.id, d.id], amount: '2100', reference: 'Race two' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const own = (await api('GET', '/api/distributor/cod-cash', d1)).json() as CodCash;
    const left = x.statusCode === 201 ? 1050 : 0;
    expect(own.distributors[0]!.outstanding).toBe(left);
    expect(own.remittances.map((r) => r.amount).sort()).toEqual(
      x.statusCode === 201 ? [1050, 3150] : [2100, 3150],
    );
  });
});
