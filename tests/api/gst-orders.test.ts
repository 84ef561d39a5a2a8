import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyByCode } from '#shared/currencies.ts';
import { GSTIN_MSG, gstinCheckCharacter } from '#shared/gst.ts';
import { indiaDate } from '#shared/gst-rates.ts';
import { toWireNumber } from '#shared/money.ts';
import { priceCart } from '#shared/pricing.ts';
import { gstRates, orderItems, orders } from '../../src/server/db/schema/index.ts';
import { getRateFromInr } from '../../src/server/modules/currency/rates.service.ts';
import { createCategory, createProduct, type CategoryRow } from '../factories/catalog.ts';
import { indiaAddress, orderBody, placeOrder, postOrder } from '../factories/orders.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Orders priced by the dated GST rules and split by place of supply (ADR 0116), placed through the API.
 * The law from 22 Sep 2025: garments pay 5 % when one piece costs ₹2,500 or less, else 18 %. The buyer
 * ships to Pune (Maharashtra, 27). One seller is in Maharashtra by address; the other has a Karnataka
 * GSTIN (29) although its address says Maharashtra: the GSTIN decides.
 */

let t: TestContext;
let buyer: Who;
let pune: Who;
let bengaluru: Who;
let apparel: CategoryRow;

/** A valid GSTIN of `state` for a made-up PAN. */
const gstinOf = (state: string, pan: string) => {
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
};

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createWho(t.db, { name: 'Asha' });
  pune = await createWho(t.db, {
    name: 'Pune Looms',
    roles: ['Seller-Company'],
    state: 'Maharashtra',
    city: 'Pune',
    shop: { shopName: 'Pune Looms' },
  });
  bengaluru = await createWho(t.db, {
    name: 'Bengaluru Silks',
    roles: ['Seller-Company'],
    state: 'Maharashtra',
    businessRegistrationCode: gstinOf('29', 'ABCDE1234F'),
    shop: { shopName: 'Bengaluru Silks' },
  });
  apparel = await createCategory(t.db, { hsn: '6204', tax: '12' });
});
afterAll(async () => t?.close());

const kurta = (seller: Who, price: string, categoryId = apparel.id) =>
  createProduct(t.db, { sellerId: seller.user.id, price, categoryId, countInStock: 50 });

type Line = { tax: number; taxAmount: number; cgst: number; sgst: number; igst: number };

describe('rates by the law in force', () => {
  it('a ₹1,999 kurta pays 5 %', async () => {
    const p = await kurta(bengaluru, '1999.00');
    const order = await placeOrder(t.app, buyer.token, orderBody([{ product: p.id }]));
    const [line] = order.orderItems as Line[];
    // ₹1,999 ≤ ₹2,500 a piece → 5 %: 1999 × 5 % = 99.95, all IGST (Karnataka → Maharashtra).
    expect(line).toMatchObject({ tax: 5, taxAmount: 99.95, cgst: 0, sgst: 0, igst: 99.95 });
    expect(order).toMatchObject({ taxPrice: 99.95, totalPrice: 2098.95 });
  });

  it('a ₹2,999 kurta pays 18 %', async () => {
    const p = await kurta(bengaluru, '2999.00');
    const order = await placeOrder(t.app, buyer.token, orderBody([{ product: p.id }]));
    const [line] = order.orderItems as Line[];
    // ₹2,999 > ₹2,500 → 18 %: 2999 × 18 % = 539.82.
    expect(line).toMatchObject({ tax: 18, taxAmount: 539.82, igst: 539.82 });
    expect(order).toMatchObject({ taxPrice: 539.82, igstPrice: 539.82, totalPrice: 3538.82 });
  });

  it('2 kurtas at ₹1,999 in one line stay at 5 % (the threshold is per piece)', async () => {
    const p = await kurta(bengaluru, '1999.00');
    const order = await placeOrder(t.app, buyer.token, orderBody([{ product: p.id, qty: 2 }]));
    // 3998 × 5 % = 199.90 (the old rule made this line 12 %).
    expect((order.orderItems as Line[])[0]).toMatchObject({ tax: 5, taxAmount: 199.9 });
  });
});

describe('CGST + SGST within the state, IGST across', () => {
  it('splits each seller by its state against the delivery state, on the order and its lines', async () => {
    const local = await kurta(pune, '1999.00');
    const far = await kurta(bengaluru, '1999.00');
    const order = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: local.id }, { product: far.id }]),
    );
    const [near, away] = order.orderItems as Line[];
    // Maharashtra → Maharashtra: CGST and SGST 2.5 % each = 49.975 → 49.98 (half-up on their own).
    expect(near).toMatchObject({ tax: 5, cgst: 49.98, sgst: 49.98, igst: 0, taxAmount: 99.96 });
    // Karnataka (GSTIN) → Maharashtra: IGST 5 % = 99.95, a paisa less than the split.
    expect(away).toMatchObject({ tax: 5, cgst: 0, sgst: 0, igst: 99.95, taxAmount: 99.95 });
    expect(order).toMatchObject({
      cgstPrice: 49.98,
      sgstPrice: 49.98,
      igstPrice: 99.95,
      taxPrice: 199.91,
      totalPrice: 3998 + 199.91,
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
      buyerGstin: null,
      buyerBusinessName: null,
    });

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.placeOfSupply).toBe('27');
    expect(Number(row?.taxPrice)).toBe(199.91);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(items.find((i) => i.sellerId === pune.user.id)).toMatchObject({
      supplierStateCode: '27',
      cgst: '49.98',
      sgst: '49.98',
      igst: '0.00',
      taxAmount: '99.96',
    });
    expect(items.find((i) => i.sellerId === bengaluru.user.id)).toMatchObject({
      supplierStateCode: '29',
      igst: '99.95',
      taxAmount: '99.95',
    });

    // The seller's own view of the order has the same split over its lines.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}`,
      headers: authHeader(pune.token),
    });
    expect(seen.json()).toMatchObject({ cgstPrice: 49.98, sgstPrice: 49.98, igstPrice: 0, taxPrice: 99.96 });
  });

  it('a delivery abroad has no place of supply: IGST whatever the seller', async () => {
    const local = await kurta(pune, '1999.00');
    const order = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: local.id }], {
        shippingAddress: {
          address: '1 Market St',
          city: 'San Francisco',
          state: 'California',
          postalCode: '94105',
          country: 'United States',
        },
      }),
    );
    expect(order).toMatchObject({ placeOfSupply: null, cgstPrice: 0, sgstPrice: 0, igstPrice: 99.95 });
  });

  it('in another currency the components are in that currency and add up to its tax', async () => {
    const local = await kurta(pune, '1999.00');
    const order = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: local.id, qty: 3 }], { orderCurrency: 'CHF' }),
    );
    const spec = currencyByCode('CHF')!;
    const { rateFromInr } = await getRateFromInr(t.db, 'CHF');
    // What the buyer was charged: the same pricing, within Maharashtra, in CHF (0.05 cash step).
    const expected = priceCart(
      [
        {
          productId: local.id,
          qty: 3,
          priceInr: 199_900,
          hsn: '6204',
          categoryId: apparel.id,
          categoryTax: '12',
          sellerStateCode: '27',
          percentageMarkup: '0',
        },
      ],
      { now: new Date(), currency: spec, rateFromInr, deliveryStateCode: '27' },
    );
    const gst = expected.lines[0]!.display.gst;
    const wire = (m: number) => toWireNumber(m, spec.decimalDigits);
    expect(gst.igst).toBe(0);
    expect(order).toMatchObject({
      orderCurrency: 'CHF',
      cgstPrice: wire(gst.cgst),
      sgstPrice: wire(gst.sgst),
      igstPrice: 0,
      taxPrice: wire(gst.cgst + gst.sgst),
    });
    expect((order.orderItems as Line[])[0]).toMatchObject({ cgst: wire(gst.cgst), sgst: wire(gst.sgst) });
  });
});

describe('business purchases', () => {
  it('stores and returns a valid GSTIN, normalised, with the business name', async () => {
    const p = await kurta(bengaluru, '999.00');
    const gstin = gstinOf('27', 'AAPFU0939F');
    const order = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: p.id }], {
        buyerGstin: ` ${gstin.toLowerCase()} `,
        buyerBusinessName: 'Asha Traders',
      }),
    );
    expect(order).toMatchObject({ buyerGstin: gstin, buyerBusinessName: 'Asha Traders' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ buyerGstin: gstin, buyerBusinessName: 'Asha Traders' });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}`,
      headers: authHeader(buyer.token),
    });
    expect(again.json()).toMatchObject({ buyerGstin: gstin, buyerBusinessName: 'Asha Traders' });
  });

  it('refuses a GSTIN with a wrong check character: 400 and nothing written', async () => {
    const p = await kurta(bengaluru, '999.00');
    const gstin = gstinOf('27', 'AAPFU0939F');
    const wrong = gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A');
    const before = (await t.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).length;
    const res = await postOrder(
      t.app,
      buyer.token,
      orderBody([{ product: p.id }], { buyerGstin: wrong, buyerBusinessName: 'Asha Traders' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid GSTIN.');
    expect(GSTIN_MSG.invalid).toBe('Please enter a valid GSTIN.');
    const after = (await t.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).length;
    expect(after).toBe(before);
  });
});

describe("an Admin's dated change", () => {
  it('does not touch orders placed before it takes effect', async () => {
    // A category of its own, so the rule added here touches nothing else.
    const handloom = await createCategory(t.db, { hsn: '6204', tax: '12' });
    const p = await kurta(bengaluru, '1999.00', handloom.id);
    const tomorrow = indiaDate(Date.now() + 86_400_000);
    const [rule] = await t.db
      .insert(gstRates)
      .values({ categoryId: handloom.id, rate: '12', effectiveFrom: tomorrow, note: 'test change' })
      .returning();

    // Placed today: the change is not in force yet, the law's 5 % applies.
    const before = await placeOrder(t.app, buyer.token, orderBody([{ product: p.id }]));
    expect((before.orderItems as Line[])[0]).toMatchObject({ tax: 5, taxAmount: 99.95 });

    // The day comes (the rule is moved to today): new orders pay 12 %: 1999 × 12 % = 239.88.
    await t.db
      .update(gstRates)
      .set({ effectiveFrom: indiaDate(Date.now()) })
      .where(eq(gstRates.id, rule!.id));
    const after = await placeOrder(t.app, buyer.token, orderBody([{ product: p.id }]));
    expect((after.orderItems as Line[])[0]).toMatchObject({ tax: 12, taxAmount: 239.88, igst: 239.88 });

    // The first order keeps its rate and tax.
    const reread = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${before._id}`,
      headers: authHeader(buyer.token),
    });
    expect(reread.json()).toMatchObject({ taxPrice: 99.95, igstPrice: 99.95 });
    expect(reread.json().orderItems[0]).toMatchObject({ tax: 5, taxAmount: 99.95 });
  });
});

// The default address ships to Maharashtra.
it('ships to Maharashtra by default', () => {
  expect(indiaAddress().state).toBe('Maharashtra');
});
