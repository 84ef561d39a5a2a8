import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_MSG,
  couponMatches,
  discountedUnitPrice,
  isDiscountLive,
  priceAfterDiscount,
  validateDiscount,
  type Discount,
} from './discounts.ts';

const now = new Date('2026-06-01T10:00:00.000Z');
const tomorrow = '2026-06-02T10:00:00.000Z';
const yesterday = '2026-05-31T10:00:00.000Z';

const pct = (v: Discount['discount_value'], extra: Partial<Discount> = {}): Discount => ({
  discount_value: v,
  discount_unit: 'percentage',
  valid_until: tomorrow,
  coupon_code: null,
  activate: true,
  ...extra,
});
const amt = (v: Discount['discount_value'], extra: Partial<Discount> = {}): Discount => ({
  ...pct(v, extra),
  discount_unit: 'amount',
  ...extra,
});

const ctx = { now, couponCodes: [] as string[] };
const unchanged = (price: number) => ({ unitPrice: price, discountPerUnit: 0, applied: false });

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('discountedUnitPrice: no discount', () => {
  it('leaves the price alone without a discount', () => {
    expect(discountedUnitPrice(129950, undefined, ctx)).toEqual(unchanged(129950));
    expect(discountedUnitPrice(129950, null, ctx)).toEqual(unchanged(129950));
  });
});

describe('discountedUnitPrice: percentage', () => {
  it.each<[number, string | number, number]>([
    [129950, '10', 116955], // ₹1299.50 − 10 % = ₹1169.55
    [129950, 10, 116955],
    [129950, '10.00', 116955],
    [10000, '33.33', 6667],
    [999, '12.5', 874], // 874.125 → 874
    [1005, '50', 503], // ₹10.05 × 0.5 = ₹5.025 → ₹5.03 (x.xx5 rounds up)
    [1001, '50', 501], // ₹10.01 × 0.5 = ₹5.005 → ₹5.01
    [2999, '15', 2549], // ₹29.99 × 0.85 = ₹25.4915 → ₹25.49
    [1099, '25', 824], // ₹10.99 × 0.75 = ₹8.2425 → ₹8.24
    [1010, '25', 758], // ₹10.10 × 0.75 = ₹7.575 → ₹7.58
    [3, '50', 2], // 1.5 → 2
    [100000, '99.99', 10], // ₹1000 × 0.0001 = ₹0.10
  ])('%i at %s percent → %i', (price, v, expected) => {
    expect(discountedUnitPrice(price, pct(v), ctx)).toEqual({
      unitPrice: expected,
      discountPerUnit: price - expected,
      applied: true,
    });
  });

  it.each<[number, string | number, string]>([
    [10000, '100', 'takes the price to 0'],
    [10000, '150', 'takes the price below 0'],
    [10000, '0', 'does not lower it'],
    [10000, '-10', 'raises it'],
    [1, '50', 'rounds back to the same price (0.5 → 1)'],
    [100, '0.5', 'rounds back to the same price (99.5 → 100)'],
    [1, '99', 'rounds to 0'],
    [0, '10', 'has a zero price to lower'],
    [10000, 'abc', 'is garbage'],
    [10000, '', 'is empty'],
  ])('does not apply to %i at %s percent because it %s', (price, v) => {
    expect(discountedUnitPrice(price, pct(v), ctx)).toEqual(unchanged(price));
  });
});

describe('discountedUnitPrice: amount', () => {
  it.each<[number, string | number, number]>([
    [129950, '150', 114950],
    [129950, 150, 114950],
    [129950, '150.50', 114900],
    [129950, 0.01, 129949],
    [129950, '1299.49', 1],
  ])('%i minus %s → %i', (price, v, expected) => {
    expect(discountedUnitPrice(price, amt(v), ctx)).toEqual({
      unitPrice: expected,
      discountPerUnit: price - expected,
      applied: true,
    });
  });

  it.each<[number, string | number, string]>([
    [129950, '1299.50', 'makes the price exactly 0'],
    [129950, '1299.51', 'makes the price negative'],
    [129950, '5000', 'is far above the price'],
    [1, '0.01', 'makes one paisa 0'],
    [129950, '0', 'does not lower it'],
    [129950, '-10', 'raises it'],
    [129950, '1.005', 'has fractions of a paisa'],
    [129950, 'ten', 'is garbage'],
    [0, '1', 'meets a zero price'],
  ])('does not apply to %i minus %s because it %s', (price, v) => {
    expect(discountedUnitPrice(price, amt(v), ctx)).toEqual(unchanged(price));
  });

  it('reads amounts in the currency’s digits when asked (JPY 0, KWD 3)', () => {
    expect(discountedUnitPrice(1300, amt('100'), { ...ctx, decimalDigits: 0 }).unitPrice).toBe(1200);
    expect(discountedUnitPrice(1300, amt('0.5'), { ...ctx, decimalDigits: 0 }).applied).toBe(false);
    expect(discountedUnitPrice(4808, amt('1.005'), { ...ctx, decimalDigits: 3 }).unitPrice).toBe(3803);
  });
});

describe('discountedUnitPrice: activation and dates', () => {
  it('does not apply when inactive', () => {
    expect(discountedUnitPrice(10000, pct('10', { activate: false }), ctx)).toEqual(unchanged(10000));
  });

  it('does not apply once expired, nor at the exact expiry instant', () => {
    expect(discountedUnitPrice(10000, pct('10', { valid_until: yesterday }), ctx).applied).toBe(false);
    expect(discountedUnitPrice(10000, pct('10', { valid_until: now }), ctx).applied).toBe(false);
    expect(
      discountedUnitPrice(10000, pct('10', { valid_until: new Date(now.getTime() + 1) }), ctx).applied,
    ).toBe(true);
  });

  it('accepts Date, ISO string and epoch milliseconds, for valid_until and now', () => {
    const until = new Date(tomorrow);
    expect(discountedUnitPrice(10000, pct('10', { valid_until: until }), ctx).unitPrice).toBe(9000);
    expect(discountedUnitPrice(10000, pct('10', { valid_until: until.getTime() }), ctx).unitPrice).toBe(9000);
    expect(discountedUnitPrice(10000, pct('10'), { now: now.getTime() }).unitPrice).toBe(9000);
    // A date-only value is midnight UTC.
    expect(discountedUnitPrice(10000, pct('10', { valid_until: '2026-06-02' }), ctx).applied).toBe(true);
    expect(discountedUnitPrice(10000, pct('10', { valid_until: '2026-06-01' }), ctx).applied).toBe(false);
  });

  it('never applies with an unreadable date', () => {
    expect(discountedUnitPrice(10000, pct('10', { valid_until: 'soon' }), ctx).applied).toBe(false);
    expect(discountedUnitPrice(10000, pct('10'), { now: NaN }).applied).toBe(false);
    expect(isDiscountLive({ activate: true, valid_until: new Date('nope') }, now)).toBe(false);
  });

  it('only treats activate === true as active', () => {
    const weird = { ...pct('10'), activate: 'true' as unknown as boolean };
    expect(discountedUnitPrice(10000, weird, ctx).applied).toBe(false);
  });
});

describe('discountedUnitPrice: coupon codes', () => {
  const coupon = pct('20', { coupon_code: 'SAVE20' });

  it('needs the code when the discount has one', () => {
    expect(discountedUnitPrice(10000, coupon, ctx).applied).toBe(false);
    expect(discountedUnitPrice(10000, coupon, { now }).applied).toBe(false);
    expect(discountedUnitPrice(10000, coupon, { now, couponCodes: ['SAVE2'] }).applied).toBe(false);
    expect(discountedUnitPrice(10000, coupon, { now, couponCodes: ['SAVE200'] }).applied).toBe(false);
  });

  it('matches the entered code case-insensitively, ignoring surrounding spaces', () => {
    for (const code of ['SAVE20', 'save20', 'Save20', '  sAvE20 ']) {
      expect(discountedUnitPrice(10000, coupon, { now, couponCodes: [code] })).toEqual({
        unitPrice: 8000,
        discountPerUnit: 2000,
        applied: true,
      });
    }
    expect(discountedUnitPrice(10000, coupon, { now, couponCodes: ['OTHER', 'save20'] }).applied).toBe(true);
  });

  it('still needs the other conditions with the right code', () => {
    const codes = { now, couponCodes: ['SAVE20'] };
    expect(discountedUnitPrice(10000, { ...coupon, activate: false }, codes).applied).toBe(false);
    expect(discountedUnitPrice(10000, { ...coupon, valid_until: yesterday }, codes).applied).toBe(false);
    expect(discountedUnitPrice(10000, { ...coupon, discount_value: '100' }, codes).applied).toBe(false);
  });

  it('never applies a coupon discount whose code the storefront list hid (requires_coupon)', () => {
    const hidden = pct('20', { coupon_code: null, requires_coupon: true });
    expect(discountedUnitPrice(10000, hidden, { now, couponCodes: ['SAVE20'] }).applied).toBe(false);
    const revealed = pct('20', { coupon_code: 'SAVE20', requires_coupon: true });
    expect(discountedUnitPrice(10000, revealed, { now, couponCodes: ['save20'] }).applied).toBe(true);
    expect(discountedUnitPrice(10000, pct('20', { requires_coupon: false }), ctx).applied).toBe(true);
  });

  it('is open to everyone without a code (null, undefined or blank)', () => {
    expect(couponMatches(null)).toBe(true);
    expect(couponMatches(undefined, ['X'])).toBe(true);
    expect(couponMatches('', [])).toBe(true);
    expect(couponMatches('   ', [])).toBe(true);
    const open = { ...pct('10'), coupon_code: undefined };
    expect(discountedUnitPrice(10000, open, ctx).applied).toBe(true);
    expect(discountedUnitPrice(10000, pct('10', { coupon_code: '' }), ctx).applied).toBe(true);
  });
});

describe('priceAfterDiscount', () => {
  it('does the arithmetic alone, whatever the result', () => {
    expect(priceAfterDiscount(10000, { discount_value: '100', discount_unit: 'percentage' })).toBe(0);
    expect(priceAfterDiscount(10000, { discount_value: '150', discount_unit: 'amount' })).toBe(-5000);
    expect(priceAfterDiscount(1005, { discount_value: 50, discount_unit: 'percentage' })).toBe(503);
    expect(priceAfterDiscount(10000, { discount_value: 'x', discount_unit: 'amount' })).toBeNull();
    expect(
      priceAfterDiscount(10000, { discount_value: '1', discount_unit: 'bogus' as unknown as 'amount' }),
    ).toBeNull();
  });

  it('refuses a non-integer price', () => {
    expect(() => priceAfterDiscount(10.5, { discount_value: '1', discount_unit: 'amount' })).toThrow(
      RangeError,
    );
    expect(() => discountedUnitPrice(10.5, undefined, ctx)).toThrow(RangeError);
  });
});

describe('discountedUnitPrice: property checks', () => {
  it('stays integral, lowers the price and keeps it above 0 for many random prices', () => {
    const r = rng(2026);
    for (let i = 0; i < 5000; i++) {
      const price = Math.floor(r() * 10_000_000);
      const hundredths = Math.floor(r() * 10_000); // 0.00 – 99.99 %
      const v = (hundredths / 100).toFixed(2);
      const d = discountedUnitPrice(price, pct(v), ctx);
      expect(Number.isSafeInteger(d.unitPrice)).toBe(true);
      expect(d.unitPrice + d.discountPerUnit).toBe(price);
      // Independent half-up oracle: price × (10000 − h) / 10000.
      const oracle = Math.floor((2 * price * (10_000 - hundredths) + 10_000) / 20_000);
      if (oracle > 0 && oracle < price) {
        expect(d).toEqual({ unitPrice: oracle, discountPerUnit: price - oracle, applied: true });
      } else {
        expect(d).toEqual(unchanged(price));
      }

      const amount = Math.floor(r() * 2 * price);
      const a = discountedUnitPrice(price, amt((amount / 100).toFixed(2)), ctx);
      if (amount > 0 && amount < price) {
        expect(a).toEqual({ unitPrice: price - amount, discountPerUnit: amount, applied: true });
      } else {
        expect(a).toEqual(unchanged(price));
      }
    }
  });
});

describe('validateDiscount (when the seller saves it)', () => {
  it.each<[number, string, string | number]>([
    [129950, 'amount', '1299.49'],
    [129950, 'amount', 150],
    [129950, 'amount', ' 150 '],
    [129950, 'percentage', '10'],
    [129950, 'percentage', '12.5'],
    [129950, 'percentage', '99.99'],
    [2, 'percentage', '50'],
  ])('accepts price %i, %s %s', (price, unit, value) => {
    expect(validateDiscount(price, { discount_value: value, discount_unit: unit })).toBeNull();
  });

  it('refuses an amount of the price or more', () => {
    const v = (value: string | number, price = 129950) =>
      validateDiscount(price, { discount_value: value, discount_unit: 'amount' });
    expect(v('1299.50')).toBe(DISCOUNT_MSG.amountNotBelowPrice);
    expect(v(1299.5)).toBe(DISCOUNT_MSG.amountNotBelowPrice);
    expect(v('1299.51')).toBe(DISCOUNT_MSG.amountNotBelowPrice);
    expect(v('100000')).toBe(DISCOUNT_MSG.amountNotBelowPrice);
    expect(v('1', 0)).toBe(DISCOUNT_MSG.amountNotBelowPrice);
  });

  it('refuses a percentage of 100 or more', () => {
    const v = (value: string) =>
      validateDiscount(10000, { discount_value: value, discount_unit: 'percentage' });
    expect(v('100')).toBe(DISCOUNT_MSG.percentageTooHigh);
    expect(v('100.00')).toBe(DISCOUNT_MSG.percentageTooHigh);
    expect(v('150')).toBe(DISCOUNT_MSG.percentageTooHigh);
  });

  it('refuses a discount that rounds away to nothing or to 0', () => {
    expect(validateDiscount(100, { discount_value: '0.5', discount_unit: 'percentage' })).toBe(
      DISCOUNT_MSG.mustLowerPrice,
    );
    expect(validateDiscount(1, { discount_value: '99', discount_unit: 'percentage' })).toBe(
      DISCOUNT_MSG.mustLowerPrice,
    );
    expect(validateDiscount(0, { discount_value: '10', discount_unit: 'percentage' })).toBe(
      DISCOUNT_MSG.mustLowerPrice,
    );
  });

  it('asks for a value when there is none (docs/product/messages.md message)', () => {
    for (const value of ['', '   ', null, undefined]) {
      expect(validateDiscount(10000, { discount_value: value, discount_unit: 'amount' })).toBe(
        'Please enter the discount value.',
      );
    }
  });

  it('refuses garbage, zero, negative and sub-paisa values', () => {
    for (const value of ['abc', '0', '0.00', '-5', '1.005', '1e2', NaN, 0, -1]) {
      expect(validateDiscount(10000, { discount_value: value, discount_unit: 'amount' })).toBe(
        DISCOUNT_MSG.invalidValue,
      );
      expect(validateDiscount(10000, { discount_value: value, discount_unit: 'percentage' })).toBe(
        DISCOUNT_MSG.invalidValue,
      );
    }
  });

  it('refuses an unknown unit', () => {
    expect(validateDiscount(10000, { discount_value: '5', discount_unit: 'fixed' })).toBe(
      DISCOUNT_MSG.invalidUnit,
    );
    expect(validateDiscount(10000, { discount_value: '5' })).toBe(DISCOUNT_MSG.invalidUnit);
  });

  it('agrees with checkout: whatever it accepts applies at checkout while live', () => {
    const r = rng(5);
    for (let i = 0; i < 2000; i++) {
      const price = Math.floor(r() * 1_000_000);
      const unit = r() < 0.5 ? 'amount' : 'percentage';
      const value = (Math.floor(r() * (unit === 'amount' ? 2 * price + 2 : 10_100)) / 100).toFixed(2);
      const error = validateDiscount(price, { discount_value: value, discount_unit: unit });
      const applied = discountedUnitPrice(price, { ...pct(value), discount_unit: unit }, ctx).applied;
      expect(error === null).toBe(applied);
    }
  });
});
