import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { indiaDate } from '#shared/gst-rates.ts';
import { commissionRules, ledgerEntries, orders, shipments } from '../../src/server/db/schema/index.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { createGstParties } from '../factories/gst.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Commission rules, settlement settings and adjustments (docs/decisions/0123-commission-rules-and-cod-remittance.md),
 * end to end: rules made through the API, orders placed and delivered, the commission entries the ledger
 * wrote. Every product lists at ₹1,000.00 with a 15 % category markup.
 */

let t: TestContext;
let buyer: Who;
let admin: Who;
let s1: Who;
let s2: Who;
let catA: string;
let catB: string;
const p: Record<string, ProductRow> = {};
const admins = { id: null, role: 'admin' } as const;
const DAY = 86_400_000;
const today = () => indiaDate(new Date());
const dayOffset = (days: number) => indiaDate(Date.now() + days * DAY);

async function bringTo(shipmentId: string, path: ShipmentState[]) {
  for (const to of path) {
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId,
        to,
        actor: admins,
        set: to === 'shipped' ? { courier: 'Delhivery', trackingNumber: '1234567890123' } : undefined,
      }),
    );
  }
}

/** Places a cash-on-delivery order of one line; returns its id and its (only) shipment. */
async function order(product: ProductRow, qty = 1, backdateDays = 0) {
  const o = await placeOrder(
    t.app,
    buyer.token,
    orderBody([{ product: product.id, qty }], { paymentMethod: 'CashOnDelivery' }),
  );
  if (backdateDays > 0) {
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - backdateDays * DAY) })
      .where(eq(orders.id, o._id));
  }
  const [s] = await t.db.select().from(shipments).where(eq(shipments.orderId, o._id));
  return { orderId: o._id, shipmentId: s!.id };
}

const entriesOf = (shipmentId: string) =>
  t.db.select().from(ledgerEntries).where(eq(ledgerEntries.shipmentId, shipmentId));

/** Orders `qty` of `product`, delivers it, returns its commission entry. */
async function deliveredCommission(product: ProductRow, qty = 1, backdateDays = 0) {
  const { shipmentId } = await order(product, qty, backdateDays);
  await bringTo(shipmentId, ['accepted', 'packed', 'shipped', 'delivered']);
  const c = (await entriesOf(shipmentId)).find((e) => e.kind === 'commission');
  return { amount: c?.amount, rule: c?.rule, ruleId: c?.commissionRuleId };
}

function api(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) {
  return t.app.inject({ method, url, headers: authHeader(who.token), ...(payload ? { payload } : {}) });
}

async function rule(body: Record<string, unknown>): Promise<{ _id: string; description: string }> {
  const res = await api('POST', '/api/admin/commission-rules', admin, { effectiveFrom: today(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  ({
    buyer,
    admin,
    karnataka: s1,
    maharashtra: s2,
  } = await createGstParties(t.db, {
    karnataka: { name: 'Rule Weaves', shop: { shopName: 'Rule K' } },
    maharashtra: { name: 'Rule Pottery', shop: { shopName: 'Rule M' } },
  }));
  catA = (await createCategory(t.db, { levelThreeCategory: 'Rule Kurtas' })).id;
  catB = (await createCategory(t.db, { levelThreeCategory: 'Rule Shirts' })).id;
  const make = (sellerId: string, categoryId: string) =>
    createProduct(t.db, {
      sellerId,
      categoryId,
      price: '1000.00',
      percentageMarkup: '15',
      countInStock: 200,
    });
  p.a1 = await make(s1.user.id, catA);
  p.a1product = await make(s1.user.id, catA);
  p.b1 = await make(s1.user.id, catB);
  p.a2 = await make(s2.user.id, catA);
  p.fixed = await make(s2.user.id, catB);
  p.min = await make(s2.user.id, catB);
  p.dated = await make(s2.user.id, (await createCategory(t.db)).id);
});

afterAll(async () => {
  await t?.close();
});

describe('commission rules through real orders', () => {
  it('applies the most specific rule in force and records it on the commission entry', async () => {
    // No rule: the category markup (15 % of ₹1,000.00).
    expect(await deliveredCommission(p.a1!)).toEqual({
      amount: -15000,
      rule: 'Category markup 15%',
      ruleId: null,
    });

    const category = await rule({ categoryId: catA, kind: 'percent', percent: '10' });
    expect(category.description).toBe('Category rule: 10%');
    expect(await deliveredCommission(p.a1!)).toEqual({
      amount: -10000,
      rule: 'Category rule: 10%',
      ruleId: category._id,
    });

    const seller = await rule({ sellerId: s1.user.id, kind: 'percent', percent: '12.5' });
    expect(await deliveredCommission(p.a1!)).toEqual({
      amount: -12500,
      rule: 'Seller rule: 12.5%',
      ruleId: seller._id,
    });
    // Another seller's line in that category still takes the category rule.
    expect((await deliveredCommission(p.a2!)).amount).toBe(-10000);

    const sellerCategory = await rule({
      sellerId: s1.user.id,
      categoryId: catA,
      kind: 'percent',
      percent: '8',
    });
    expect(await deliveredCommission(p.a1!)).toEqual({
      amount: -8000,
      rule: 'Seller and category rule: 8%',
      ruleId: sellerCategory._id,
    });
    // The seller's line in another category: its seller rule.
    expect((await deliveredCommission(p.b1!)).ruleId).toBe(seller._id);

    const product = await rule({
      productId: p.a1product!.id,
      sellerId: s1.user.id,
      kind: 'percent',
      percent: '5',
    });
    expect(await deliveredCommission(p.a1product!, 3)).toEqual({
      amount: -15000,
      rule: 'Product rule: 5%',
      ruleId: product._id,
    });
    expect((await deliveredCommission(p.a1!)).amount).toBe(-8000);
  });

  it('takes a fixed amount per unit, and bounds either kind per unit', async () => {
    const fixed = await rule({ productId: p.fixed!.id, kind: 'fixed', fixed: '40', max: '35.50' });
    expect(fixed.description).toBe('Product rule: ₹40.00 per unit (max ₹35.50 per unit)');
    // ₹40 × 2 = ₹80, capped at ₹35.50 × 2 = ₹71.
    expect((await deliveredCommission(p.fixed!, 2)).amount).toBe(-7100);

    await rule({ productId: p.min!.id, kind: 'percent', percent: '1', min: '20' });
    // 1 % of ₹2,000 = ₹20, raised to ₹20 × 2 = ₹40.
    expect(await deliveredCommission(p.min!, 2)).toMatchObject({
      amount: -4000,
      rule: 'Product rule: 1% (min ₹20.00 per unit)',
    });
  });

  it('chooses the rule in force on the order’s India date, never a later one', async () => {
    await rule({ sellerId: s2.user.id, kind: 'percent', percent: '50', effectiveFrom: dayOffset(1) });
    // Tomorrow's seller rule does not touch today's order: the category rule (10 %) still applies.
    expect((await deliveredCommission(p.a2!)).amount).toBe(-10000);

    // Rules of the past can only come from before: written straight to the database.
    const cat = p.dated!.categoryId!;
    const [old] = await t.db
      .insert(commissionRules)
      .values({
        categoryId: cat,
        kind: 'percent',
        percent: '7',
        effectiveFrom: dayOffset(-20),
        effectiveTo: dayOffset(-6),
      })
      .returning();
    const [current] = await t.db
      .insert(commissionRules)
      .values({ categoryId: cat, kind: 'percent', percent: '9', effectiveFrom: dayOffset(-5) })
      .returning();
    expect(await deliveredCommission(p.dated!, 1, 10)).toMatchObject({ amount: -7000, ruleId: old!.id });
    expect(await deliveredCommission(p.dated!, 1, 5)).toMatchObject({ amount: -9000, ruleId: current!.id });
    // Placed 25 days ago, before any rule: the markup.
    expect(await deliveredCommission(p.dated!, 1, 25)).toMatchObject({ amount: -15000, ruleId: null });
  });
});

describe('commission rule administration', () => {
  it('lists every rule newest first with names and words', async () => {
    const res = await api('GET', '/api/admin/commission-rules', admin);
    expect(res.statusCode).toBe(200);
    const { rules } = res.json() as { rules: Record<string, unknown>[] };
    const ours = rules.filter(
      (r) => r.description !== 'Category rule: 9%' && r.description !== 'Category rule: 7%',
    );
    expect(ours.map((r) => r.description)).toEqual([
      'Seller rule: 50%',
      'Product rule: 1% (min ₹20.00 per unit)',
      'Product rule: ₹40.00 per unit (max ₹35.50 per unit)',
      'Product rule: 5%',
      'Seller and category rule: 8%',
      'Seller rule: 12.5%',
      'Category rule: 10%',
    ]);
    expect(ours[0]).toMatchObject({
      sellerId: s2.user.id,
      sellerName: 'Rule Pottery',
      categoryId: null,
      categoryName: null,
      productId: null,
      kind: 'percent',
      percent: '50',
      fixed: null,
      effectiveFrom: dayOffset(1),
      effectiveTo: null,
    });
    expect(ours[2]).toMatchObject({ productName: p.fixed!.name, fixed: 40, max: 35.5, min: null });
    expect(ours[6]).toMatchObject({ categoryName: 'Fashion & Accessories > Men Clothes > Rule Kurtas' });
    expect((await api('GET', '/api/admin/commission-rules', s1)).statusCode).toBe(403);
  });

  it('refuses a rule from the past, a non-seller, a missing category, or a product rule naming another seller', async () => {
    const post = (body: Record<string, unknown>) =>
      api('POST', '/api/admin/commission-rules', admin, {
        kind: 'percent',
        percent: '10',
        effectiveFrom: today(),
        ...body,
      });
    const past = await post({ categoryId: catA, effectiveFrom: dayOffset(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ path: 'effectiveFrom', message: expect.stringMatching(/today/) }]);
    const buyerRule = await post({ sellerId: buyer.user.id });
    expect(buyerRule.statusCode).toBe(400);
    expect(buyerRule.json().errors[0].path).toBe('sellerId');
    expect((await post({ sellerId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await post({ categoryId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const otherSeller = await post({ productId: p.a1!.id, sellerId: s2.user.id });
    expect(otherSeller.statusCode).toBe(400);
    expect(otherSeller.json().errors[0].path).toBe('sellerId');
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ categoryId: catA, kind: 'fixed' })).statusCode).toBe(400);
    expect((await api('POST', '/api/admin/commission-rules', s1, { categoryId: catA })).statusCode).toBe(403);
  });

  it('ends a rule on a day not before its start nor before today', async () => {
    const r = await rule({ categoryId: catB, kind: 'percent', percent: '3', effectiveFrom: dayOffset(3) });
    const end = (effectiveTo: string) =>
      api('PUT', `/api/admin/commission-rules/${r._id}/end`, admin, { effectiveTo });
    expect((await end(dayOffset(2))).json().errors[0].path).toBe('effectiveTo');
    const ended = await end(dayOffset(4));
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      _id: r._id,
      effectiveFrom: dayOffset(3),
      effectiveTo: dayOffset(4),
    });

    const [running] = await t.db
      .insert(commissionRules)
      .values({ categoryId: catB, kind: 'percent', percent: '4', effectiveFrom: dayOffset(-30) })
      .returning();
    const endRunning = (effectiveTo: string) =>
      api('PUT', `/api/admin/commission-rules/${running!.id}/end`, admin, { effectiveTo });
    const yesterday = await endRunning(dayOffset(-1));
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().errors[0].path).toBe('effectiveTo');
    expect((await endRunning(today())).json()).toMatchObject({ effectiveTo: today() });
    await t.db
      .update(commissionRules)
      .set({ effectiveTo: dayOffset(-2) })
      .where(eq(commissionRules.id, running!.id));
    expect((await endRunning(dayOffset(1))).statusCode).toBe(409);
    expect(
      (
        await api('PUT', '/api/admin/commission-rules/00000000-0000-4000-8000-000000000000/end', admin, {
          effectiveTo: today(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api('PUT', `/api/admin/commission-rules/${r._id}/end`, s1, { effectiveTo: today() })).statusCode,
    ).toBe(403);
  });
});

describe('manual adjustments', () => {
  it('writes one signed entry with the Admin’s reason, Admin only', async () => {
    const post = (who: Who, body: Record<string, unknown>) =>
      api('POST', '/api/admin/ledger-adjustments', who, body);
    const short = await post(admin, { sellerId: s1.user.id, amount: '-250.50', reason: 'oops' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].path).toBe('reason');
    expect(
      (await post(admin, { sellerId: s1.user.id, amount: '0', reason: 'Nothing at all' })).statusCode,
    ).toBe(400);
    expect(
      (await post(s1, { sellerId: s1.user.id, amount: '100', reason: 'Give me money' })).statusCode,
    ).toBe(403);
    expect(
      (await post(admin, { sellerId: buyer.user.id, amount: '100', reason: 'Not a seller' })).statusCode,
    ).toBe(400);

    const res = await post(admin, {
      sellerId: s1.user.id,
      amount: '-250.50',
      reason: 'Damaged packaging fee',
    });
    expect(res.statusCode).toBe(201);
    const { entry } = res.json();
    expect(entry).toMatchObject({
      kind: 'adjustment',
      label: 'Adjustment',
      reversal: false,
      amount: -250.5,
      note: 'Damaged packaging fee',
      orderId: null,
      shipmentId: null,
      bucket: 'payable',
      cause: expect.stringMatching(/^adjustment:[0-9a-f-]{36}$/),
    });
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, s1.user.id), eq(ledgerEntries.kind, 'adjustment')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: entry._id, amount: -25050, createdBy: admin.user.id });
  });

  it('writes an adjustment once per Idempotency-Key, even when the same request races itself', async () => {
    const body = { sellerId: s2.user.id, amount: '75.25', reason: 'Courier refund passed on' };
    const send = (payload: object, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/ledger-adjustments',
        headers: { ...authHeader(admin.token), 'idempotency-key': key },
        payload,
      });
    const [a, b] = await Promise.all([send(body, 'adj-1'), send(body, 'adj-1')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().entry._id).toBe(b.json().entry._id);
    expect((await send({ ...body, amount: '80' }, 'adj-1')).statusCode).toBe(409);
    expect((await send(body, 'adj-2')).statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, s2.user.id), eq(ledgerEntries.kind, 'adjustment')));
    expect(rows.map((r) => r.amount)).toEqual([7525, 7525]);
  });
});

describe('settlement settings', () => {
  it('validates, stores rupees as paise, and records sales at shipping with a COD fee when told', async () => {
    const get = await api('GET', '/api/admin/settlement-settings', admin);
    expect(get.json()).toEqual({
      saleOn: 'delivered',
      cycleDays: 7,
      tcsRate: '0.5',
      tdsRate: '0.1',
      tdsRateWithoutPan: '5',
      codFee: 0,
      codFeePercent: '0',
      payoutRail: 'razorpayx',
      minimumPayout: 1,
    });
    const form = { ...get.json(), saleOn: 'shipped', codFee: '5', codFeePercent: '1', minimumPayout: '500' };
    const bad = await api('PUT', '/api/admin/settlement-settings', admin, {
      ...form,
      cycleDays: 0,
      tcsRate: '101',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['cycleDays', 'tcsRate']);
    expect((await api('PUT', '/api/admin/settlement-settings', s1, form)).statusCode).toBe(403);
    const put = await api('PUT', '/api/admin/settlement-settings', admin, form);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      saleOn: 'shipped',
      codFee: 5,
      codFeePercent: '1',
      minimumPayout: 500,
    });
    const [{ paise }] = (
      await t.db.execute<{ paise: string }>(
        sql`select cod_fee_paise::text || '/' || minimum_payout_paise::text as paise from settlement_settings`,
      )
    ).rows as [{ paise: string }];
    expect(paise).toBe('500/50000');

    // Sales recorded at shipping: nothing when packed, everything when shipped, nothing more on delivery.
    const { shipmentId } = await order(p.b1!);
    await bringTo(shipmentId, ['accepted', 'packed']);
    expect(await entriesOf(shipmentId)).toEqual([]);
    await bringTo(shipmentId, ['shipped']);
    const shipped = await entriesOf(shipmentId);
    // ₹1,000 + 5 % GST collected = ₹1,050: fee ₹5 + 1 % (₹10.50) = ₹15.50.
    expect(shipped.find((e) => e.kind === 'cod_fee')).toMatchObject({
      amount: -1550,
      base: 105000,
    });
    expect(shipped.find((e) => e.kind === 'commission')?.amount).toBe(-12500);
    await bringTo(shipmentId, ['delivered']);
    expect(await entriesOf(shipmentId)).toHaveLength(shipped.length);
  });
});
