import { describe, expect, it } from 'vitest';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import { discountsByProduct, shelfPrice } from './product-pricing.ts';

const now = new Date('2026-01-10T00:00:00Z');
const discount = (over: Partial<ProductDiscount> = {}): ProductDiscount => ({
  _id: 'd1',
  product_id: 'p1',
  discount_value: 20,
  discount_unit: 'percentage',
  valid_until: '2026-02-01T00:00:00.000Z',
  coupon_code: null,
  activate: true,
  requires_coupon: false,
  ...over,
});

describe('shelfPrice', () => {
  it('is the list price without a discount', () => {
    expect(shelfPrice(499, undefined, { now })).toEqual({
      price: 499,
      finalPrice: 499,
      discounted: false,
      percentOff: 0,
      couponAvailable: false,
    });
  });

  it('applies an open percentage discount', () => {
    expect(shelfPrice(499, discount(), { now })).toMatchObject({
      finalPrice: 399.2,
      discounted: true,
      percentOff: 20,
    });
  });

  it('applies an amount discount; the badge rounds up like the cart (docs/product/pricing-and-tax.md)', () => {
    const p = shelfPrice(12499, discount({ discount_unit: 'amount', discount_value: 1500 }), { now });
    // 1500 / 12499 = 12.0009…% → 13, what the cart shows for the same item.
    expect(p).toMatchObject({ finalPrice: 10999, discounted: true, percentOff: 13 });
  });

  it('ignores an expired or deactivated discount', () => {
    expect(shelfPrice(100, discount({ valid_until: '2026-01-01T00:00:00.000Z' }), { now }).discounted).toBe(
      false,
    );
    expect(shelfPrice(100, discount({ activate: false }), { now }).discounted).toBe(false);
  });

  it('shows a hidden coupon discount as available, not applied', () => {
    const listed = discount({ requires_coupon: true, coupon_code: null, discount_value: 10 });
    expect(shelfPrice(1299, listed, { now })).toMatchObject({
      finalPrice: 1299,
      discounted: false,
      couponAvailable: true,
    });
  });

  it('applies a coupon discount once its code is entered', () => {
    const looked = discount({ requires_coupon: true, coupon_code: 'WELCOME10', discount_value: 10 });
    expect(shelfPrice(1299, looked, { now, couponCodes: [' welcome10 '] })).toMatchObject({
      finalPrice: 1169.1,
      discounted: true,
      couponAvailable: false,
    });
    expect(shelfPrice(1299, looked, { now, couponCodes: ['OTHER'] }).discounted).toBe(false);
  });
});

describe('discountsByProduct', () => {
  it('indexes discounts by product id', () => {
    const map = discountsByProduct([discount(), discount({ _id: 'd2', product_id: 'p2' })]);
    expect(map.get('p2')?._id).toBe('d2');
    expect(map.get('nope')).toBeUndefined();
  });
});
