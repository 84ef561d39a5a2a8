import { describe, expect, it } from 'vitest';
import { INR } from '#shared/money.ts';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import type { CartLine } from '../stores/cart-store.ts';
import { priceCartLines } from './cart-pricing.ts';

const now = new Date('2026-01-10T00:00:00Z');
const line = (product: string, price: number, qty: number): CartLine => ({
  product,
  name: product,
  image: '',
  price,
  currency: 'INR',
  countInStock: 50,
  categoryId: 'c',
  qty,
});
const discount = (product: string, over: Partial<ProductDiscount> = {}): ProductDiscount => ({
  _id: `d-${product}`,
  product_id: product,
  discount_value: 20,
  discount_unit: 'percentage',
  valid_until: '2026-02-01T00:00:00.000Z',
  coupon_code: null,
  activate: true,
  requires_coupon: false,
  ...over,
});

describe('priceCartLines', () => {
  const lines = [line('tee', 499, 2), line('kurta', 1299, 1)];
  const listed = new Map([
    ['tee', discount('tee')],
    ['kurta', discount('kurta', { discount_value: 10, requires_coupon: true })],
  ]);

  it('applies open discounts and totals the lines', () => {
    const priced = priceCartLines({
      lines,
      discounts: listed,
      couponDiscounts: new Map(),
      couponCodes: [],
      now,
      currency: INR,
      rateFromInr: '1',
    });
    // 2 × 399.20 + 1 × 1299 = 2097.40 from 2297.00: 199.60 off, 8.69 % → 9 % (rounded up).
    expect(priced.totals.display).toMatchObject({
      itemsPrice: 209740,
      originalItemsPrice: 229700,
      discount: 19960,
    });
    expect(priced.percentOff).toBe(9);
  });

  it('applies a coupon discount once its code is entered and looked up', () => {
    const priced = priceCartLines({
      lines,
      discounts: listed,
      couponDiscounts: new Map([
        ['kurta', discount('kurta', { discount_value: 10, requires_coupon: true, coupon_code: 'WELCOME10' })],
      ]),
      couponCodes: ['welcome10'],
      now,
      currency: INR,
      rateFromInr: '1',
    });
    // 798.40 + 1169.10 = 1967.50; 329.50 off of 2297.00 = 14.34 % → 15 %.
    expect(priced.totals.display.itemsPrice).toBe(196750);
    expect(priced.totals.display.discount).toBe(32950);
    expect(priced.percentOff).toBe(15);
    expect(priced.lines.map((l) => l.discountApplied)).toEqual([true, true]);
  });

  it('converts to the display currency', () => {
    const usd = { code: 'USD', decimalDigits: 2, rounding: 0 };
    const priced = priceCartLines({
      lines: [line('tee', 499, 1)],
      discounts: new Map(),
      couponDiscounts: new Map(),
      couponCodes: [],
      now,
      currency: usd,
      rateFromInr: '0.012',
    });
    expect(priced.totals.display.itemsPrice).toBe(599); // 499 × 0.012 = 5.988 → 5.99
  });
});
