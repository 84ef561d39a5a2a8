import { describe, expect, it } from 'vitest';
import { INR, type CurrencySpec } from '#shared/money.ts';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import { previewOrder, type CategoryTax } from './order-preview.ts';

const now = Date.parse('2030-01-01T00:00:00Z');
const later = '2030-02-01T00:00:00.000Z';
const taxes = new Map<string, CategoryTax>([
  ['shirts', { hsn: '6205', tax: 12 }],
  ['books', { hsn: '4901', tax: 0 }],
  ['phones', { hsn: '8517', tax: 18 }],
]);
const byProduct = (...list: ProductDiscount[]) => new Map(list.map((d) => [d.product_id, d]));
const discount = (over: Partial<ProductDiscount>): ProductDiscount => ({
  _id: 'd',
  product_id: 'p1',
  discount_value: 10,
  discount_unit: 'percentage',
  valid_until: later,
  coupon_code: null,
  activate: true,
  requires_coupon: false,
  ...over,
});
const base = {
  discounts: new Map<string, ProductDiscount>(),
  couponDiscounts: new Map<string, ProductDiscount>(),
  taxes,
  couponCodes: [] as string[],
  currency: INR,
  rateFromInr: '1',
  now,
};

describe('previewOrder', () => {
  it('totals items, GST by the garment threshold and the category rate, free shipping', () => {
    const priced = previewOrder(
      [
        { product: 'p1', qty: 2, price: 800, categoryId: 'shirts' }, // garment: line 1600 > 1000 → 12 %
        { product: 'p2', qty: 1, price: 20000, categoryId: 'phones' }, // 18 %
      ],
      base,
    );
    const t = priced.totals.display;
    expect(t.itemsPrice).toBe(160_000 + 2_000_000);
    expect(t.shippingPrice).toBe(0);
    // Line total 1600 is above 1000: 12 % of 1600 = 192; 18 % of 20000 = 3600.
    expect(t.taxPrice).toBe(19_200 + 360_000);
    expect(t.totalPrice).toBe(t.itemsPrice + t.taxPrice);
  });

  it('applies a public discount, and a coupon discount only with its looked-up row', () => {
    const items = [{ product: 'p1', qty: 1, price: 500, categoryId: 'books' }];
    const open = previewOrder(items, { ...base, discounts: byProduct(discount({})) });
    expect(open.totals.display.itemsPrice).toBe(45_000);
    expect(open.lines[0]?.discountApplied).toBe(true);

    const hidden = discount({ requires_coupon: true });
    expect(previewOrder(items, { ...base, discounts: byProduct(hidden) }).totals.display.itemsPrice).toBe(
      50_000,
    );

    const revealed = discount({ requires_coupon: true, coupon_code: 'WELCOME10', discount_value: 20 });
    const withCode = previewOrder(items, {
      ...base,
      discounts: byProduct(hidden),
      couponDiscounts: byProduct(revealed),
      couponCodes: ['welcome10'],
    });
    expect(withCode.totals.display.itemsPrice).toBe(40_000);
  });

  it('converts to the display currency and previews unknown categories at 0 %', () => {
    const usd: CurrencySpec = { code: 'USD', decimalDigits: 2, rounding: 0 };
    const priced = previewOrder([{ product: 'p9', qty: 3, price: 1000, categoryId: 'unknown' }], {
      ...base,
      currency: usd,
      rateFromInr: '0.012',
    });
    expect(priced.lines[0]?.display.unitPrice).toBe(1200);
    expect(priced.totals.display.itemsPrice).toBe(3600);
    expect(priced.totals.display.taxPrice).toBe(0);
  });

  it('is empty for an empty cart', () => {
    const priced = previewOrder([], base);
    expect(priced.totals.display.totalPrice).toBe(0);
  });
});
