import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyByCode } from '#shared/currencies.ts';
import { MSG } from '#shared/messages.ts';
import { parseMoney, toWireNumber } from '#shared/money.ts';
import { priceCart } from '#shared/pricing.ts';
import { orderItems, orders, products, sellerPayments } from '../../src/server/db/schema/index.ts';
import { getRateFromInr } from '../../src/server/modules/currency/rates.service.ts';
import { createCategory, createDiscount, createProduct, type CategoryRow } from '../factories/catalog.ts';
import { indiaAddress, orderBody, placeOrder, postOrder } from '../factories/orders.ts';
import { createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** POST /api/orders: server-side pricing, validation, stock, idempotency (docs/product/pricing-and-tax.md). */

let t: TestContext;
let seller: TestUser;
let seller2: TestUser;
let buyer: TestUser;
let buyerToken: string;
let apparel: CategoryRow;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, {
    name: 'Kavya',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Textiles' },
  });
  seller2 = await createUser(t.db, {
    name: 'Meera',
    roles: ['Seller-Individual'],
    shop: { shopName: 'Meera Handlooms' },
  });
  buyer = await createUser(t.db, { name: 'Asha Buyer' });
  buyerToken = await sessionToken(t.db, buyer.id);
  apparel = await createCategory(t.db, { hsn: '6204', tax: '5' });
});
afterAll(async () => t?.close());

const stockOf = async (id: string) =>
  (await t.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0]?.n;
const ordersOf = async (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
const product = (overrides: Partial<Parameters<typeof createProduct>[1]> = {}) =>
  createProduct(t.db, { sellerId: seller.id, categoryId: apparel.id, ...overrides });

describe('POST /api/orders: prices come from the database', () => {
  it('ignores bogus client totals and prices, and writes order, items and seller payments', async () => {
    const books = await createCategory(t.db, {
      category: 'Crafts & Books',
      subCategory: 'Books & Magazines',
      hsn: '4901',
      tax: '0',
    });
    const audio = await createCategory(t.db, {
      category: 'Electronics & Gadgets',
      subCategory: 'Audio',
      hsn: '8518',
      tax: '18',
    });
    const kurta = await product({
      name: 'Silk Kurta',
      price: '1200.00',
      percentageMarkup: '15',
      sizes: ['S', 'M'],
    });
    const book = await createProduct(t.db, {
      sellerId: seller2.id,
      name: 'Poems',
      price: '350.00',
      categoryId: books.id,
      percentageMarkup: '10',
      sizes: ['N/A'],
    });
    const speaker = await createProduct(t.db, {
      sellerId: seller2.id,
      name: 'Speaker',
      price: '999.99',
      categoryId: audio.id,
      percentageMarkup: '0',
      sizes: ['N/A'],
    });
    await createDiscount(t.db, { productId: kurta.id, discountUnit: 'percentage', discountValue: '25' }); // → 900

    const body = {
      ...orderBody([
        { product: kurta.id, qty: 2, size: 'm' },
        { product: book.id, qty: 1 },
        { product: speaker.id, qty: 1, size: 'XL' },
      ]),
      // docs/product/api.md clients send these; they are accepted and ignored.
      itemsPrice: 1,
      taxPrice: 0,
      shippingPrice: 0,
      totalPrice: 1,
      discount: 99999,
    };
    body.orderItems = body.orderItems.map((i) => ({
      ...i,
      price: 0.01,
      name: 'Fake',
      discountedPrice: 0,
      discount: 0,
      tax: 0,
      hsn: ['0000'],
      countInStock: 999,
      currency: 'USD',
    }));
    const res = await postOrder(t.app, buyerToken, body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    // GST from 22 Sep 2025 (ADR 0116): garments by the price of one piece, ₹2,500 or less → 5 %.
    // Kurta: 900 per piece → 5 % of 1800 = 90. Book: 350 at 0 %. Speaker: 999.99 at 18 % = 179.9982 → 180.00.
    // Tax 90 + 0 + 180 = 270; items 1800 + 350 + 999.99 = 3149.99.
    expect(order).toMatchObject({
      itemsPrice: 3149.99,
      discount: 600,
      shippingPrice: 0,
      taxPrice: 270,
      totalPrice: 3419.99,
      totalPriceInr: 3419.99,
      orderCurrency: 'INR',
      exchangeRate: 1,
      couponCodes: [],
      paymentMethod: 'RazorPay',
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      status: 'placed',
      cancelledAt: null,
      user: { _id: buyer.id, name: 'Asha Buyer', email: buyer.email },
      shippingAddress: indiaAddress(),
      billingAddress: { ...indiaAddress(), name: 'Asha Buyer' },
    });
    expect(order.orderItems).toEqual([
      expect.objectContaining({
        product: kurta.id,
        name: 'Silk Kurta',
        image: kurta.images,
        qty: 2,
        size: 'M',
        price: 1200,
        discountedPrice: 900,
        discount: 300,
        tax: 5,
        taxAmount: 90,
        hsn: ['6204'],
        currency: 'INR',
        seller: { _id: seller.id, name: 'Kavya' },
      }),
      expect.objectContaining({
        product: book.id,
        qty: 1,
        size: null,
        price: 350,
        discountedPrice: 350,
        discount: 0,
        tax: 0,
        taxAmount: 0,
        hsn: ['4901'],
        seller: { _id: seller2.id, name: 'Meera' },
      }),
      // 'N/A' is not a size: whatever was sent is not kept.
      expect.objectContaining({ product: speaker.id, size: null, price: 999.99, tax: 18, taxAmount: 180 }),
    ]);

    expect(await stockOf(kurta.id)).toBe(8);
    expect(await stockOf(book.id)).toBe(9);
    const payouts = await t.db.select().from(sellerPayments).where(eq(sellerPayments.orderId, order._id));
    const byItem = new Map(payouts.map((p) => [p.orderItemId, p]));
    expect(payouts).toHaveLength(3);
    // (price − discount) × (1 − markup/100) × qty, INR.
    expect(byItem.get(order.orderItems[0]._id)).toMatchObject({
      itemTotalPrice: '1530.00',
      paymentStatus: 'Pending',
      currency: 'INR',
      sellerId: seller.id,
      paymentDate: null,
    });
    expect(byItem.get(order.orderItems[1]._id)).toMatchObject({
      itemTotalPrice: '315.00',
      sellerId: seller2.id,
    });
    expect(byItem.get(order.orderItems[2]._id)).toMatchObject({ itemTotalPrice: '999.99' });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(items.find((i) => i.productId === kurta.id)).toMatchObject({
      percentageMarkup: '15.00',
      price: '1200.00',
      discountedPrice: '900.00',
      discount: '300.00',
      taxAmount: '90.00',
      tax: '5.00',
      position: 0,
    });
  });

  it("refuses fields that are not the client's to set, and an empty order", async () => {
    const p = await product();
    for (const extra of [{ isPaid: true }, { user: buyer.id }, { status: 'placed' }, { exchangeRate: 2 }]) {
      const res = await postOrder(t.app, buyerToken, { ...orderBody([{ product: p.id }]), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const line = await postOrder(t.app, buyerToken, {
      ...orderBody([]),
      orderItems: [{ product: p.id, qty: 1, sellerId: seller2.id }],
    });
    expect(line.statusCode).toBe(400);
    const empty = await postOrder(t.app, buyerToken, orderBody([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.cartEmpty);
    for (const qty of [0, -1, 1.5, '2']) {
      const res = await postOrder(t.app, buyerToken, {
        ...orderBody([]),
        orderItems: [{ product: p.id, qty }],
      });
      expect(res.statusCode, String(qty)).toBe(400);
    }
    expect(await stockOf(p.id)).toBe(10);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('asks a guest to sign in (401) before looking at the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.signInRequired);
  });
});

describe('discounts, coupons and GST end to end', () => {
  type Case = {
    name: string;
    price: string;
    qty: number;
    hsn?: string;
    tax?: string;
    discount?: Partial<Parameters<typeof createDiscount>[1]>;
    coupons?: string[];
    expect: { discountedPrice: number; tax: number; taxAmount: number };
  };
  // GST from 22 Sep 2025 (ADR 0116): garments (61–63) and footwear (64) pay 5 % when the discounted price of
  // one piece is ₹2,500 or less, else 18 %; the line total no longer matters. Tax = line × rate, half-up.
  const cases: Case[] = [
    {
      name: 'exactly ₹2500 a piece is the low rate',
      price: '2500.00',
      qty: 1,
      expect: { discountedPrice: 2500, tax: 5, taxAmount: 125 }, // 2500 × 5 %
    },
    {
      name: '₹2500.01 a piece is the high rate',
      price: '2500.01',
      qty: 1,
      expect: { discountedPrice: 2500.01, tax: 18, taxAmount: 450 }, // 2500.01 × 18 % = 450.0018
    },
    {
      name: 'a line above ₹2500 of cheaper pieces stays at the low rate',
      price: '1500.00',
      qty: 2,
      expect: { discountedPrice: 1500, tax: 5, taxAmount: 150 }, // 3000 × 5 %
    },
    {
      name: 'the discount decides the rate (2600 − 100 = 2500 → 5 %)',
      price: '2600.00',
      qty: 1,
      discount: { discountUnit: 'amount', discountValue: '100' },
      expect: { discountedPrice: 2500, tax: 5, taxAmount: 125 },
    },
    {
      name: 'footwear (64) follows the same slabs, whatever its category rate',
      price: '2500.00',
      qty: 1,
      hsn: '640399',
      tax: '18',
      expect: { discountedPrice: 2500, tax: 5, taxAmount: 125 },
    },
    {
      name: 'footwear above ₹2500 a piece pays 18 %',
      price: '2999.00',
      qty: 1,
      hsn: '6404',
      tax: '5',
      expect: { discountedPrice: 2999, tax: 18, taxAmount: 539.82 }, // 2999 × 18 %
    },
    {
      name: 'other goods pay their category rate',
      price: '2500.00',
      qty: 1,
      hsn: '8517',
      tax: '18',
      expect: { discountedPrice: 2500, tax: 18, taxAmount: 450 },
    },
    {
      name: 'an expired discount does not apply',
      price: '800.00',
      qty: 1,
      discount: { validUntil: new Date(Date.now() - 60_000) },
      expect: { discountedPrice: 800, tax: 5, taxAmount: 40 },
    },
    {
      name: 'an inactive discount does not apply',
      price: '800.00',
      qty: 1,
      discount: { activate: false },
      expect: { discountedPrice: 800, tax: 5, taxAmount: 40 },
    },
    {
      name: 'a coupon discount needs its code',
      price: '800.00',
      qty: 1,
      discount: { couponCode: 'WELCOME10' },
      expect: { discountedPrice: 800, tax: 5, taxAmount: 40 },
    },
    {
      name: 'a coupon code matches trimmed and case-insensitively',
      price: '800.00',
      qty: 1,
      discount: { couponCode: 'WELCOME10' },
      coupons: [' welcome10 '],
      expect: { discountedPrice: 720, tax: 5, taxAmount: 36 },
    },
    {
      name: 'a percentage rounds half-up per unit (10.05 at 50 % → 5.03)',
      price: '10.05',
      qty: 3,
      discount: { discountValue: '50' },
      expect: { discountedPrice: 5.03, tax: 5, taxAmount: 0.75 },
    },
  ];
  it.each(cases)('$name', async (c) => {
    const category = await createCategory(t.db, { hsn: c.hsn ?? '6109', tax: c.tax ?? '5' });
    const p = await product({ price: c.price, categoryId: category.id });
    if (c.discount) await createDiscount(t.db, { productId: p.id, ...c.discount });
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: p.id, qty: c.qty }], { couponCodes: c.coupons }),
    );
    const [line] = order.orderItems as { discountedPrice: number; tax: number; taxAmount: number }[];
    expect(line).toMatchObject(c.expect);
    const items = toWireNumber(parseMoney(String(c.expect.discountedPrice)) * c.qty);
    expect(order).toMatchObject({ itemsPrice: items, taxPrice: c.expect.taxAmount });
    expect(order.totalPrice).toBe(
      toWireNumber(parseMoney(String(items)) + parseMoney(String(c.expect.taxAmount))),
    );
  });

  it('stores the coupon codes it was given', async () => {
    const p = await product({ price: '800.00' });
    await createDiscount(t.db, { productId: p.id, couponCode: 'DIWALI', discountValue: '20' });
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: p.id }], { couponCodes: ['diwali'] }),
    );
    expect(order).toMatchObject({ couponCodes: ['diwali'], discount: 160, itemsPrice: 640 });
  });
});

describe('order currency', () => {
  it.each(['KWD', 'JPY', 'USD'])(
    'prices a %s order with the server rate, per line, in that currency',
    async (code) => {
      const p = await product({ price: '1234.56' });
      await createDiscount(t.db, { productId: p.id, discountValue: '10' });
      const order = await placeOrder(
        t.app,
        buyerToken,
        orderBody([{ product: p.id, qty: 3 }], { orderCurrency: code.toLowerCase() }),
      );
      const { rateFromInr } = await getRateFromInr(t.db, code);
      const spec = currencyByCode(code)!;
      const expected = priceCart(
        [
          {
            productId: p.id,
            qty: 3,
            priceInr: 123456,
            discount: {
              discount_value: '10',
              discount_unit: 'percentage',
              valid_until: new Date(Date.now() + 86_400_000),
              activate: true,
            },
            hsn: '6204',
            categoryTax: '5',
            percentageMarkup: '10',
          },
        ],
        { now: new Date(), currency: spec, rateFromInr },
      );
      const d = spec.decimalDigits;
      const shown = expected.totals.display;
      const line = expected.lines[0]!;
      expect(order).toMatchObject({
        orderCurrency: code,
        exchangeRate: Number(rateFromInr),
        itemsPrice: toWireNumber(shown.itemsPrice, d),
        taxPrice: toWireNumber(shown.taxPrice, d),
        discount: toWireNumber(shown.discount, d),
        totalPrice: toWireNumber(shown.totalPrice, d),
        totalPriceInr: toWireNumber(expected.totals.inr.totalPrice),
      });
      expect((order.orderItems as unknown[])[0]).toMatchObject({
        currency: code,
        price: toWireNumber(line.display.unitPrice, d),
        discountedPrice: toWireNumber(line.display.discountedUnitPrice, d),
        taxAmount: toWireNumber(line.display.tax, d),
      });
      // Seller payouts stay INR whatever the buyer paid in.
      const [payout] = await t.db
        .select()
        .from(sellerPayments)
        .where(eq(sellerPayments.orderId, order._id as string));
      expect(payout).toMatchObject({ currency: 'INR', itemTotalPrice: '2999.97' }); // 1111.10 × 3 × 0.9
    },
  );

  it('refuses a currency outside the table', async () => {
    const p = await product();
    const res = await postOrder(t.app, buyerToken, orderBody([{ product: p.id }], { orderCurrency: 'XYZ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a currency.');
  });
});

describe('addresses and postal codes (docs/product/messages.md)', () => {
  const cases: [country: string, postalCode: string, ok: boolean][] = [
    ['India', '411004', true],
    ['India', '400 001', true],
    ['india', '110001', true],
    ['IN', '560001', true],
    ['India', '011004', false],
    ['India', '41100', false],
    ['India', 'ABCDEF', false],
    ['United States', '94105', true],
    ['United States', '94105-1234', true],
    ['United States', '9410', false],
    ['United States', '94105-12', false],
    ['Canada', 'K1A 0B1', true],
    ['Canada', 'k1a0b1', true],
    ['Canada', 'K1A 0B', false],
    ['Canada', '12345', false],
    // Free-text countries take any text of 1–255 characters.
    ['Hong Kong', 'Central', true],
    ['United Arab Emirates', 'PO Box 1234', true],
    // An unknown name is used as typed, and as a code it fails.
    ['Narnia', '12345', false],
  ];
  it.each(cases)('shipping to %s with %s → %s', async (country, postalCode, ok) => {
    const p = await product();
    const city = country === 'Hong Kong' ? '' : 'Somewhere';
    const res = await postOrder(
      t.app,
      buyerToken,
      orderBody([{ product: p.id }], { shippingAddress: indiaAddress({ country, postalCode, city }) }),
    );
    if (ok) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().shippingAddress).toMatchObject({ country, postalCode });
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: MSG.invalidShippingPostal,
        errors: [{ path: 'shippingAddress.postalCode', message: MSG.invalidShippingPostal }],
      });
      expect(await stockOf(p.id)).toBe(10);
    }
  });

  it('checks a separate billing address with its own message, and stores it', async () => {
    const p = await product();
    const billing = {
      name: 'Ravi Accounts',
      address: '1 Bay St',
      city: 'Toronto',
      state: 'Ontario',
      country: 'Canada',
    };
    const bad = await postOrder(
      t.app,
      buyerToken,
      orderBody([{ product: p.id }], { billingAddress: { ...billing, postalCode: '411004' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.invalidBillingPostal);
    const noName = await postOrder(
      t.app,
      buyerToken,
      orderBody([{ product: p.id }], { billingAddress: { ...billing, name: ' ', postalCode: 'M5J 2N8' } }),
    );
    expect(noName.statusCode).toBe(400);
    const good = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: p.id }], { billingAddress: { ...billing, postalCode: 'M5J 2N8' } }),
    );
    expect(good.billingAddress).toEqual({ ...billing, postalCode: 'M5J 2N8' });
    expect(good.shippingAddress).toEqual(indiaAddress());
  });

  it('requires the address fields and a city outside Hong Kong, Macau and Taiwan', async () => {
    const p = await product();
    for (const field of ['address', 'state', 'country', 'postalCode', 'city'] as const) {
      const res = await postOrder(
        t.app,
        buyerToken,
        orderBody([{ product: p.id }], { shippingAddress: indiaAddress({ [field]: '  ' }) }),
      );
      expect(res.statusCode, field).toBe(400);
    }
  });
});

describe('stock', () => {
  it('answers 409 naming the product when too few remain, and writes nothing', async () => {
    const plenty = await product({ name: 'Cotton Dupatta', countInStock: 10 });
    // One size: the product's stock is its one variant's, so the message names the product alone.
    const scarce = await product({ name: 'Silk Kurta', countInStock: 2, sizes: ['N/A'] });
    const before = (await ordersOf(buyer.id)).length;
    // `plenty` sorts either side of `scarce`; either way its decrement must be rolled back.
    const res = await postOrder(
      t.app,
      buyerToken,
      orderBody([
        { product: plenty.id, qty: 3 },
        { product: scarce.id, qty: 3 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Only 2 left of Silk Kurta', code: 'out_of_stock' });
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await ordersOf(buyer.id)).toHaveLength(before);
  });

  it('takes stock per size: the 409 names the product and the size short of units', async () => {
    // 3 units over M and L: 2 and 1.
    const p = await product({ name: 'Linen Shirt', countInStock: 3, sizes: ['M', 'L'] });
    const res = await postOrder(
      t.app,
      buyerToken,
      orderBody([
        { product: p.id, qty: 2, size: 'M' },
        { product: p.id, qty: 2, size: 'L' },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 1 left of Linen Shirt (size L)');
    const ok = await placeOrder(
      t.app,
      buyerToken,
      orderBody([
        { product: p.id, qty: 2, size: 'M' },
        { product: p.id, qty: 1, size: 'L' },
      ]),
    );
    expect((ok.orderItems as { size: string }[]).map((i) => i.size)).toEqual(['M', 'L']);
    expect(await stockOf(p.id)).toBe(0);
    const gone = await postOrder(t.app, buyerToken, orderBody([{ product: p.id }]));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('Linen Shirt is out of stock');
  });

  it('refuses inactive (409) and unknown (400) products', async () => {
    const off = await product({ name: 'Old Saree', status: false });
    const inactive = await postOrder(t.app, buyerToken, orderBody([{ product: off.id }]));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({
      message: 'Old Saree is no longer available',
      code: 'product_unavailable',
    });
    expect(await stockOf(off.id)).toBe(10);
    const id = crypto.randomUUID();
    const unknown = await postOrder(t.app, buyerToken, orderBody([{ product: id }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: `Product not found: ${id}`, code: 'product_not_found' });
    const notAnId = await postOrder(t.app, buyerToken, orderBody([{ product: 'abc' }]));
    expect(notAnId.statusCode).toBe(400);
  });

  it("takes a size only from the product's sizes", async () => {
    const p = await product({ name: 'Kurta Set', sizes: ['S', 'M'] });
    const bad = await postOrder(t.app, buyerToken, orderBody([{ product: p.id, size: 'XXL' }]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Size XXL is not available for Kurta Set');
    expect(await stockOf(p.id)).toBe(10);
    // SPEC's cart has no size picker: no size is fine, and the line names the first size with the units.
    const none = await placeOrder(t.app, buyerToken, orderBody([{ product: p.id }]));
    expect((none.orderItems as { size: string | null }[])[0]?.size).toBe('S');
  });

  it('20 buyers racing for 5 units: exactly 5 orders, stock 0, never negative', async () => {
    const p = await product({ name: 'Last Few', countInStock: 5 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser(t.db, { name: `Racer ${i}` })),
    );
    const tokens = await Promise.all(buyers.map((b) => sessionToken(t.db, b.id)));
    const answers = await Promise.all(
      tokens.map((token) => postOrder(t.app, token, orderBody([{ product: p.id }]))),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(await stockOf(p.id)).toBe(0);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, p.id));
    expect(lines).toHaveLength(5);
    const placed = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          buyers.map((b) => b.id),
        ),
      );
    expect(placed).toHaveLength(5);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().message).toBe('Last Few is out of stock');
    }
  });
});

describe('Idempotency-Key', () => {
  it('returns the first order for a repeated submission by the same user (200, same _id)', async () => {
    const p = await product();
    const key = crypto.randomUUID();
    const first = await postOrder(t.app, buyerToken, orderBody([{ product: p.id, qty: 2 }]), {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(201);
    const again = await postOrder(t.app, buyerToken, orderBody([{ product: p.id, qty: 2 }]), {
      'Idempotency-Key': key,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(p.id)).toBe(8);
    // Another key is another order; the same key from another user is theirs.
    const other = await postOrder(t.app, buyerToken, orderBody([{ product: p.id }]), {
      'idempotency-key': `${key}-2`,
    });
    expect(other.statusCode).toBe(201);
    const someoneElse = await createUser(t.db);
    const theirs = await postOrder(
      t.app,
      await sessionToken(t.db, someoneElse.id),
      orderBody([{ product: p.id }]),
      {
        'idempotency-key': key,
      },
    );
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()._id).not.toBe(first.json()._id);
    expect(await stockOf(p.id)).toBe(6);
  });

  it('makes concurrent submissions with one key a single order', async () => {
    const p = await product({ countInStock: 10 });
    const shopper = await createUser(t.db);
    const token = await sessionToken(t.db, shopper.id);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        postOrder(t.app, token, orderBody([{ product: p.id, qty: 2 }]), { 'idempotency-key': key }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json()._id)).size).toBe(1);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(8);
  });

  it('returns the first order even when the repeat could no longer be fulfilled', async () => {
    const p = await product({ countInStock: 1 });
    const key = crypto.randomUUID();
    const first = await postOrder(t.app, buyerToken, orderBody([{ product: p.id }]), {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(201);
    const again = await postOrder(t.app, buyerToken, orderBody([{ product: p.id }]), {
      'idempotency-key': key,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first.json()._id);
  });

  it('refuses a malformed key', async () => {
    const p = await product();
    const res = await postOrder(t.app, buyerToken, orderBody([{ product: p.id }]), {
      'idempotency-key': 'x'.repeat(201),
    });
    expect(res.statusCode).toBe(400);
  });
});
