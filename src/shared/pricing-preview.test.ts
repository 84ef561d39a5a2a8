import { describe, expect, it } from 'vitest';
import type { Discount } from './discounts.ts';
import { INR, type CurrencySpec } from './money.ts';
import { priceCartPreview, type PreviewInput, type ProductTaxFact } from './pricing.ts';

const now = Date.parse('2030-01-01T00:00:00Z');
const later = '2030-02-01T00:00:00.000Z';
const USD: CurrencySpec = { code: 'USD', decimalDigits: 2, rounding: 0 };
const fact = (categoryId: string, hsn: string, categoryTax: string): ProductTaxFact => ({
  categoryId,
  hsn,
  categoryTax,
  sellerStateCode: null,
});
/** Tax facts by product id, as GET /api/gst/tax-facts gives them (seller's state unknown). */
const facts = new Map<string, ProductTaxFact>([
  ['p1', fact('shirts', '6205', '12')],
  ['p2', fact('phones', '8517', '18')],
  ['book', fact('books', '4901', '0')],
]);
const discount = (product: string, over: Partial<Discount> = {}): [string, Discount] => [
  product,
  {
    discount_value: 10,
    discount_unit: 'percentage',
    valid_until: later,
    coupon_code: null,
    activate: true,
    requires_coupon: false,
    ...over,
  },
];
const base: PreviewInput = {
  discounts: new Map(),
  couponDiscounts: new Map(),
  couponCodes: [],
  currency: INR,
  rateFromInr: '1',
  now,
};

describe('priceCartPreview: the cart page (no tax data)', () => {
  const items = [
    { product: 'tee', qty: 2, price: 499, categoryId: 'shirts' },
    { product: 'kurta', qty: 1, price: 1299, categoryId: 'shirts' },
  ];
  const listed = new Map([
    discount('tee', { discount_value: 20 }),
    discount('kurta', { requires_coupon: true }),
  ]);

  it('applies open discounts, totals the lines and leaves tax at 0 without tax data', () => {
    const priced = priceCartPreview(items, { ...base, discounts: listed });
    // 2 × 399.20 + 1 × 1299 = 2097.40 from 2297.00: 199.60 off, 8.69 % → 9 % (rounded up).
    expect(priced.totals.display).toMatchObject({
      itemsPrice: 209_740,
      originalItemsPrice: 229_700,
      discount: 19_960,
      taxPrice: 0,
    });
    expect(priced.percentOff).toBe(9);
    expect(priced.lines.map((l) => l.discountApplied)).toEqual([true, false]);
  });

  it("applies a coupon discount only with the coupon lookup's row and its code entered", () => {
    const revealed = new Map([discount('kurta', { requires_coupon: true, coupon_code: 'WELCOME10' })]);
    const withCode = priceCartPreview(items, {
      ...base,
      discounts: listed,
      couponDiscounts: revealed,
      couponCodes: ['welcome10'],
    });
    // 798.40 + 1169.10 = 1967.50; 329.50 off of 2297.00 = 14.34 % → 15 %.
    expect(withCode.totals.display.itemsPrice).toBe(196_750);
    expect(withCode.totals.display.discount).toBe(32_950);
    expect(withCode.percentOff).toBe(15);
    expect(withCode.lines.map((l) => l.discountApplied)).toEqual([true, true]);

    // The row alone, without its code typed in the cart, takes nothing off.
    const noCode = priceCartPreview(items, { ...base, discounts: listed, couponDiscounts: revealed });
    expect(noCode.lines.map((l) => l.discountApplied)).toEqual([true, false]);
  });
});

describe('priceCartPreview: the Place Order summary (with tax data)', () => {
  it('totals items, GST by the garment slab and the category rate, free shipping', () => {
    const priced = priceCartPreview(
      [
        // A garment under the law from 22 Sep 2025: ₹800 a piece ≤ ₹2,500 → 5 % of the ₹1,600 line.
        { product: 'p1', qty: 2, price: 800 },
        { product: 'p2', qty: 1, price: 20000 }, // category rate 18 %
      ],
      { ...base, facts },
    );
    const t = priced.totals.display;
    expect(t.itemsPrice).toBe(160_000 + 2_000_000);
    expect(t.shippingPrice).toBe(0);
    expect(t.taxPrice).toBe(8_000 + 360_000); // 1600 × 5 % + 20000 × 18 %
    expect(t.totalPrice).toBe(t.itemsPrice + t.taxPrice);
  });

  it("splits by the sellers' states from the tax facts against the delivery state", () => {
    const facts = new Map([
      ['p1', { ...fact('shirts', '6205', '12'), sellerStateCode: '27' }],
      ['p2', { ...fact('phones', '8517', '18'), sellerStateCode: '29' }],
    ]);
    const items = [
      { product: 'p1', qty: 1, price: 3000 }, // ₹3,000 a piece > ₹2,500 → 18 %: ₹540
      { product: 'p2', qty: 1, price: 100 }, // 18 %: ₹18
    ];
    const inMaharashtra = priceCartPreview(items, { ...base, facts, deliveryStateCode: '27' });
    expect(inMaharashtra.lines.map((l) => l.taxRate)).toEqual(['18', '18']);
    expect(inMaharashtra.totals.display).toMatchObject({ cgst: 27_000, sgst: 27_000, igst: 1_800 });
    const abroad = priceCartPreview(items, { ...base, facts, deliveryStateCode: null });
    expect(abroad.totals.display).toMatchObject({ cgst: 0, sgst: 0, igst: 55_800 });
  });

  it('previews a product without tax facts at 0 %, and converts to the display currency', () => {
    const priced = priceCartPreview([{ product: 'p9', qty: 3, price: 1000, categoryId: 'unknown' }], {
      ...base,
      facts,
      currency: USD,
      rateFromInr: '0.012',
    });
    expect(priced.lines[0]?.display.unitPrice).toBe(1200);
    expect(priced.totals.display.itemsPrice).toBe(3600);
    expect(priced.totals.display.taxPrice).toBe(0);
  });

  it('rounds a converted unit price half-up once per unit', () => {
    const priced = priceCartPreview([{ product: 'tee', qty: 1, price: 499 }], {
      ...base,
      currency: USD,
      rateFromInr: '0.012',
    });
    expect(priced.totals.display.itemsPrice).toBe(599); // 499 × 0.012 = 5.988 → 5.99
  });

  it('is empty for an empty cart', () => {
    expect(priceCartPreview([], { ...base, facts }).totals.display.totalPrice).toBe(0);
  });
});
