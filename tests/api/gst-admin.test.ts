import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDate } from '#shared/gst-rates.ts';
import { dayBefore } from '#shared/gst-returns.ts';
import { gstRates, gstSettings } from '../../src/server/db/schema/index.ts';
import { createCategory, createProduct, type CategoryRow } from '../factories/catalog.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The GST rate table as an Admin sees and extends it, the operator's settings, and the public tax facts
 * (docs/decisions/0118-gst-returns-and-commission-invoices.md).
 */

let t: TestContext;
let admin: Who;
let auditor: Who;
let seller: Who;
let inactiveAdmin: Who;
let category: CategoryRow;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, w?: Who, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: w ? authHeader(w.token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** An India calendar date `days` from today. */
const inDays = (days: number) => indiaDate(Date.now() + days * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createWho(t.db, { roles: ['Admin'] });
  auditor = await createWho(t.db, { roles: ['Auditor'] });
  inactiveAdmin = await createWho(t.db, { roles: ['Admin'], active: false });
  seller = await createWho(t.db, {
    roles: ['Seller-Company'],
    shop: { shopName: 'GST Admin Shop' },
    businessRegistrationCode: '27AAPFU0939F1ZV',
  });
  category = await createCategory(t.db, { hsn: '9503', tax: '12' });
});
afterAll(async () => t?.close());

describe('POST /api/admin/gst-rates', () => {
  it('adds a future-dated change of an HSN prefix and closes the open rules the day before', async () => {
    const from = inDays(30);
    const res = await call('POST', '/api/admin/gst-rates', admin, {
      hsnPrefix: '61',
      effectiveFrom: from,
      slabs: [
        { upToInr: '3000', rate: '5' },
        { upToInr: '', rate: '12' },
      ],
      note: 'Test notification',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { rules } = res.json() as { rules: Record<string, unknown>[] };
    expect(
      rules.map((r) => [
        r.hsnPrefix,
        r.fromPaise,
        r.toPaise,
        r.rate,
        r.basis,
        r.effectiveFrom,
        r.effectiveTo,
      ]),
    ).toEqual([
      ['61', 0, 300_000, '5', 'piece', from, null],
      ['61', 300_001, null, '12', 'piece', from, null],
    ]);
    // The shipped 22 Sep 2025 slabs of 61 now end the day before; the pre-2025 ones are untouched.
    const of61 = await t.db.select().from(gstRates).where(eq(gstRates.hsnPrefix, '61'));
    const current = of61.filter((r) => r.effectiveFrom === '2025-09-22');
    expect(current).toHaveLength(2);
    expect(current.every((r) => r.effectiveTo === dayBefore(from))).toBe(true);
    expect(
      of61.filter((r) => r.effectiveFrom === '2017-07-01').every((r) => r.effectiveTo === '2025-09-21'),
    ).toBe(true);
    // Other prefixes are untouched.
    const of62 = await t.db.select().from(gstRates).where(eq(gstRates.hsnPrefix, '62'));
    expect(of62.filter((r) => r.effectiveTo === null)).toHaveLength(2);
    // A row records who made it.
    const mine = of61.filter((r) => r.effectiveFrom === from);
    expect(mine.every((r) => r.createdBy === admin.user.id)).toBe(true);
  });

  it('a later change removes a change that has not started yet and closes the one before it', async () => {
    const first = inDays(60);
    const second = inDays(50);
    expect(
      (
        await call('POST', '/api/admin/gst-rates', admin, {
          hsnPrefix: '62',
          effectiveFrom: first,
          slabs: [{ upToInr: '', rate: '18' }],
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call('POST', '/api/admin/gst-rates', admin, {
          hsnPrefix: '62',
          effectiveFrom: second,
          slabs: [{ upToInr: '', rate: '12' }],
        })
      ).statusCode,
    ).toBe(201);
    const of62 = await t.db.select().from(gstRates).where(eq(gstRates.hsnPrefix, '62'));
    expect(of62.some((r) => r.effectiveFrom === first)).toBe(false);
    expect(
      of62.filter((r) => r.effectiveFrom === '2025-09-22').every((r) => r.effectiveTo === dayBefore(second)),
    ).toBe(true);
  });

  it('keys a change by a category that exists', async () => {
    const from = inDays(10);
    const res = await call('POST', '/api/admin/gst-rates', admin, {
      categoryId: category.id,
      effectiveFrom: from,
      slabs: [{ upToInr: '', rate: '18' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [rule] = (res.json() as { rules: Record<string, unknown>[] }).rules;
    expect(rule).toMatchObject({
      categoryId: category.id,
      hsnPrefix: null,
      rate: '18',
      fromPaise: 0,
      toPaise: null,
    });
    expect(String(rule!.categoryName)).toContain('Fashion & Accessories');

    const missing = await call('POST', '/api/admin/gst-rates', admin, {
      categoryId: '00000000-0000-4000-8000-000000000000',
      effectiveFrom: from,
      slabs: [{ upToInr: '', rate: '18' }],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a change starting today or in the past', async () => {
    for (const day of [inDays(0), inDays(-1), '2025-09-22']) {
      const res = await call('POST', '/api/admin/gst-rates', admin, {
        hsnPrefix: '63',
        effectiveFrom: day,
        slabs: [{ upToInr: '', rate: '18' }],
      });
      expect(res.statusCode, day).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'A rate change must start on a future date',
        code: 'invalid_input',
        // Under the form's 'Effective from' field.
        errors: [{ path: 'effectiveFrom', message: 'A rate change must start on a future date' }],
      });
    }
  });

  it('refuses a malformed form with the field messages', async () => {
    const both = await call('POST', '/api/admin/gst-rates', admin, {
      hsnPrefix: '61',
      categoryId: category.id,
      effectiveFrom: inDays(5),
      slabs: [{ upToInr: '', rate: '5' }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Give either an HSN prefix or a category');
    const down = await call('POST', '/api/admin/gst-rates', admin, {
      hsnPrefix: '64',
      effectiveFrom: inDays(5),
      slabs: [
        { upToInr: '2500', rate: '5' },
        { upToInr: '1000', rate: '12' },
        { upToInr: '', rate: '18' },
      ],
    });
    expect(down.statusCode).toBe(400);
    expect(down.json().message).toBe('Slab limits must go up');
  });

  it('is for active Admins only', async () => {
    const body = { hsnPrefix: '63', effectiveFrom: inDays(5), slabs: [{ upToInr: '', rate: '18' }] };
    expect((await call('POST', '/api/admin/gst-rates', seller, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/gst-rates', auditor, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/gst-rates', inactiveAdmin, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/gst-rates', undefined, body)).statusCode).toBe(401);
  });
});

describe('GET /api/gst/rates (public)', () => {
  it('lists every rule, the Admin change among them', async () => {
    const res = await call('GET', '/api/gst/rates');
    expect(res.statusCode).toBe(200);
    const { rules } = res.json() as { rules: Record<string, unknown>[] };
    expect(
      rules.some((r) => r.hsnPrefix === '6403' && r.rate === '12' && r.effectiveTo === '2025-09-21'),
    ).toBe(true);
    expect(rules.some((r) => r.hsnPrefix === '61' && r.effectiveFrom === inDays(30) && r.rate === '12')).toBe(
      true,
    );
    expect(rules.find((r) => r.categoryId === category.id)?.categoryName).toContain('Men Clothes');
    expect(rules.filter((r) => r.hsnPrefix !== null).every((r) => r.categoryName === null)).toBe(true);
  });
});

describe('GET /api/gst/tax-facts (public)', () => {
  it("gives each known product's category, HSN, category rate and seller state, with the rules", async () => {
    const product = await createProduct(t.db, { sellerId: seller.user.id, categoryId: category.id });
    const noState = await createWho(t.db, { roles: ['Seller-Individual'], country: 'Nepal', state: '' });
    const other = await createProduct(t.db, { sellerId: noState.user.id });
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await call('GET', `/api/gst/tax-facts?products=${product.id},${other.id},${unknown}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { products: Record<string, unknown>[]; rules: unknown[] };
    expect(body.products).toHaveLength(2);
    expect(body.products.find((p) => p.product === product.id)).toEqual({
      product: product.id,
      categoryId: category.id,
      hsn: '9503',
      categoryTax: '12',
      sellerStateCode: '27',
    });
    expect(body.products.find((p) => p.product === other.id)?.sellerStateCode).toBeNull();
    expect(body.rules.length).toBeGreaterThan(10);
  });

  it("gives an inactive product's facts only to those who may see its page: its seller and Admin", async () => {
    const hidden = await createProduct(t.db, {
      sellerId: seller.user.id,
      categoryId: category.id,
      status: false,
    });
    const factsOf = async (w?: Who) => {
      const res = await call('GET', `/api/gst/tax-facts?products=${hidden.id}`, w);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { products: { product: string }[] }).products.map((p) => p.product);
    };
    expect(await factsOf()).toEqual([]);
    expect(await factsOf(auditor)).toEqual([]);
    expect(await factsOf(seller)).toEqual([hidden.id]);
    expect(await factsOf(admin)).toEqual([hidden.id]);
    // The same rule as the product page.
    expect((await call('GET', `/api/products/${hidden.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${hidden.id}`, seller)).statusCode).toBe(200);
  });

  it('refuses a list that is not of ids', async () => {
    expect((await call('GET', '/api/gst/tax-facts?products=abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/gst/tax-facts')).statusCode).toBe(400);
  });
});

describe('/api/admin/gst-settings', () => {
  it('reads the settings with the state named', async () => {
    const res = await call('GET', '/api/admin/gst-settings', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invoiceOn: 'shipped',
      operatorGstin: '29AAGCB7383J1Z4',
      operatorStateCode: '29',
      operatorStateName: 'Karnataka',
      commissionGstRate: '18',
    });
  });

  it('saves them, the state taken from the GSTIN', async () => {
    const res = await call('PUT', '/api/admin/gst-settings', admin, {
      invoiceOn: 'placed',
      operatorLegalName: 'Haat Marketplace Pvt Ltd',
      operatorGstin: ' 27aapfu0939f1zv ',
      operatorAddress: '1 Marine Drive, Mumbai 400020',
      commissionGstRate: '18.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      invoiceOn: 'placed',
      operatorGstin: '27AAPFU0939F1ZV',
      operatorStateCode: '27',
      operatorStateName: 'Maharashtra',
      commissionGstRate: '18',
    });
    const [row] = await t.db.select().from(gstSettings);
    expect(row).toMatchObject({
      operatorStateCode: '27',
      operatorGstin: '27AAPFU0939F1ZV',
      invoiceOn: 'placed',
    });
    // Back to the defaults for the tests after.
    await t.db
      .update(gstSettings)
      .set({ invoiceOn: 'shipped', operatorGstin: '29AAGCB7383J1Z4', operatorStateCode: '29' });
  });

  it('refuses a wrong GSTIN in words', async () => {
    const res = await call('PUT', '/api/admin/gst-settings', admin, {
      invoiceOn: 'shipped',
      operatorLegalName: 'Haat',
      operatorGstin: '29AAGCB7383J1Z5',
      operatorAddress: 'Bengaluru',
      commissionGstRate: '18',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid GSTIN.');
  });

  it('is for active Admins only', async () => {
    expect((await call('GET', '/api/admin/gst-settings', seller)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/gst-settings', auditor)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/gst-settings', inactiveAdmin)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/gst-settings')).statusCode).toBe(401);
    expect((await call('PUT', '/api/admin/gst-settings', seller, {})).statusCode).toBe(403);
  });
});
