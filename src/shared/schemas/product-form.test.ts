import { describe, expect, it } from 'vitest';
import { DISCOUNT_MSG } from '../discounts.ts';
import {
  CLOTHES_SIZES,
  SHOE_SIZES,
  PRODUCT_MSG,
  discountBody,
  discountDateInput,
  discountEndsAt,
  earliestDiscountDate,
  indiaDate,
  isDiscountDateFarEnough,
  normalizeSizes,
  productForm,
  sizeKindOf,
  sizeOptionsFor,
  type ProductFormValues,
} from './product-form.ts';

const path = (category: string, subCategory: string, levelThreeCategory: string | null = null) => ({
  category,
  subCategory,
  levelThreeCategory,
});

describe('sizes by category (docs/product/messages.md)', () => {
  it.each([
    [path('Fashion & Accessories', 'Men Clothes', 'Topwear'), 'clothes'],
    [path('Fashion & Accessories', 'Women Clothes'), 'clothes'],
    [path('Fashion & Accessories', 'Baby & Kids Fashion', 'Boys Clothing'), 'clothes'],
    [path('Fashion & Accessories', 'Muslim Fashion', 'Women'), 'clothes'],
    [path('Sports & Outdoors', 'Sportswear'), 'clothes'],
    [path('Fashion & Accessories', 'Men Shoes', 'Casual Shoes'), 'shoes'],
    [path('Fashion & Accessories', 'Women Shoes'), 'shoes'],
    [path('Fashion & Accessories', 'Baby & Kids Fashion', 'Kids Footwear'), 'shoes'],
    [path('Fashion & Accessories', 'Women Bags'), 'none'],
    [path('Electronics & Gadgets', 'Audio'), 'none'],
    [path('Crafts & Books', 'Books & Magazines'), 'none'],
  ] as const)('%o → %s', (levels, kind) => {
    expect(sizeKindOf(levels)).toBe(kind);
  });

  it('offers S…7XL, 6–10 or N/A (N/A, one size, everywhere)', () => {
    expect(sizeOptionsFor(path('Fashion & Accessories', 'Men Clothes'))).toEqual([
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '3XL',
      '4XL',
      '5XL',
      '6XL',
      '7XL',
      'N/A',
    ]);
    expect(sizeOptionsFor(path('Fashion & Accessories', 'Men Shoes'))).toEqual([
      '6',
      '7',
      '8',
      '9',
      '10',
      'N/A',
    ]);
    expect(sizeOptionsFor(path('Home & Living', 'Home Appliances'))).toEqual(['N/A']);
  });

  it('normalizes chosen sizes into the category order, refusing unknown or no sizes', () => {
    const clothes = path('Fashion & Accessories', 'Men Clothes');
    expect(normalizeSizes(['xl', 'S', 'M', 'S'], clothes)).toEqual(['S', 'M', 'XL']);
    expect(normalizeSizes([...CLOTHES_SIZES].reverse(), clothes)).toEqual([...CLOTHES_SIZES]);
    expect(normalizeSizes(['8'], clothes)).toBeNull();
    expect(normalizeSizes([], clothes)).toBeNull();
    // A one-size garment (a dupatta) has N/A, alone.
    expect(normalizeSizes(['N/A'], clothes)).toEqual(['N/A']);
    expect(normalizeSizes(['N/A', 'M'], clothes)).toBeNull();
    expect(normalizeSizes([...SHOE_SIZES], path('Fashion & Accessories', 'Women Shoes'))).toEqual([
      ...SHOE_SIZES,
    ]);
    expect(normalizeSizes(['n/a'], path('Food & Beverage', 'Snacks'))).toEqual(['N/A']);
  });
});

describe('discount dates (docs/product/messages.md: at least one day in advance)', () => {
  // 10:00 in India on 1 June 2026.
  const now = new Date('2026-06-01T04:30:00.000Z');

  it('reads a date as the end of that day in India, a date-time as it is', () => {
    expect(discountEndsAt('2026-06-02')?.toISOString()).toBe('2026-06-02T18:29:59.999Z');
    expect(discountEndsAt('2026-06-02T10:00:00+05:30')?.toISOString()).toBe('2026-06-02T04:30:00.000Z');
    expect(discountEndsAt('2026-02-30')).toBeNull();
    expect(discountEndsAt('tomorrow')).toBeNull();
    expect(discountEndsAt('')).toBeNull();
  });

  it('accepts tomorrow (India) or later, never today', () => {
    expect(earliestDiscountDate(now)).toBe('2026-06-02');
    expect(isDiscountDateFarEnough('2026-06-01', now)).toBe(false);
    expect(isDiscountDateFarEnough('2026-05-31', now)).toBe(false);
    expect(isDiscountDateFarEnough('2026-06-02', now)).toBe(true);
    expect(isDiscountDateFarEnough('2026-12-31', now)).toBe(true);
    // Just before midnight in India, "tomorrow" is the next calendar day there.
    const lateNight = new Date('2026-06-01T18:29:00.000Z');
    expect(earliestDiscountDate(lateNight)).toBe('2026-06-02');
    expect(isDiscountDateFarEnough('2026-06-02', lateNight)).toBe(true);
    expect(isDiscountDateFarEnough('2026-06-01', lateNight)).toBe(false);
    // Just after midnight in India.
    const earlyMorning = new Date('2026-06-01T18:31:00.000Z');
    expect(indiaDate(earlyMorning)).toBe('2026-06-02');
    expect(isDiscountDateFarEnough('2026-06-02', earlyMorning)).toBe(false);
    expect(isDiscountDateFarEnough('2026-06-03', earlyMorning)).toBe(true);
  });

  it('shows a stored end-of-day back as its date', () => {
    expect(discountDateInput('2026-06-02T18:29:59.999Z')).toBe('2026-06-02');
  });

  it('checks the date only when the discount is active', () => {
    const body = { discount_value: 10, discount_unit: 'percentage', valid_until: '2000-01-01' } as const;
    const active = discountBody.safeParse({ ...body, activate: true });
    expect(active.success).toBe(false);
    expect(active.error?.issues[0]?.message).toBe(PRODUCT_MSG.discountDateTooSoon);
    expect(discountBody.safeParse({ ...body, activate: false }).success).toBe(true);
  });
});

describe('the product form schema', () => {
  const valid = (): ProductFormValues => ({
    name: 'Silk Saree',
    price: 4999,
    currency: 'INR',
    brand: 'Kavya',
    countInStock: 3,
    description: 'Kanjivaram silk.',
    category: 'Fashion & Accessories',
    subCategory: 'Women Clothes',
    levelThreeCategory: 'Ethnic Wear',
    levelFourCategory: 'Sarees',
    levelFiveCategory: 'Silk Sarees',
    categoryId: '5f0c6f4e-9a51-4b7e-8d0e-6f7f1a2b3c4d',
    sizes: ['M'],
    image: ['blob:http://localhost/1'],
    addDiscount: false,
    discount_value: Number.NaN,
    discount_unit: 'percentage',
    valid_until: '',
    coupon_code: '',
  });
  const messages = (values: ProductFormValues) => {
    const res = productForm.safeParse(values);
    return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a complete product without a discount (discount fields are ignored)', () => {
    expect(messages(valid())).toEqual([]);
  });

  it('gives every docs/product/messages.md message for an empty form', () => {
    const empty: ProductFormValues = {
      ...valid(),
      name: '',
      price: Number.NaN,
      currency: '' as 'INR',
      brand: '',
      countInStock: Number.NaN,
      description: '',
      category: '',
      subCategory: '',
      levelThreeCategory: '',
      levelFourCategory: '',
      levelFiveCategory: '',
      categoryId: '',
      sizes: [],
      image: [],
    };
    expect(messages(empty)).toEqual(
      expect.arrayContaining([
        `name: ${PRODUCT_MSG.name}`,
        `price: ${PRODUCT_MSG.price}`,
        `currency: ${PRODUCT_MSG.currency}`,
        `brand: ${PRODUCT_MSG.brand}`,
        `countInStock: ${PRODUCT_MSG.countInStock}`,
        `description: ${PRODUCT_MSG.description}`,
        `categoryId: ${PRODUCT_MSG.category}`,
        `sizes: ${PRODUCT_MSG.sizes}`,
        `image: ${PRODUCT_MSG.image}`,
      ]),
    );
  });

  it('refuses sizes the chosen category does not offer', () => {
    expect(messages({ ...valid(), sizes: ['9'] })).toEqual([`sizes: ${PRODUCT_MSG.sizes}`]);
  });

  it('with Add Discount ticked, checks value, date and that it lowers the price', () => {
    const withDiscount = { ...valid(), addDiscount: true };
    expect(messages(withDiscount)).toEqual(
      expect.arrayContaining([
        `discount_value: ${PRODUCT_MSG.discountValue}`,
        `valid_until: ${PRODUCT_MSG.discountDate}`,
      ]),
    );
    const today = indiaDate(Date.now());
    expect(messages({ ...withDiscount, discount_value: 10, valid_until: today })).toEqual([
      `valid_until: ${PRODUCT_MSG.discountDateTooSoon}`,
    ]);
    const ok = { ...withDiscount, discount_value: 10, valid_until: earliestDiscountDate() };
    expect(messages(ok)).toEqual([]);
    expect(messages({ ...ok, discount_unit: 'amount', discount_value: 4999 })).toEqual([
      `discount_value: ${DISCOUNT_MSG.amountNotBelowPrice}`,
    ]);
    expect(messages({ ...ok, coupon_code: 'has space' })).toEqual([`coupon_code: ${PRODUCT_MSG.couponCode}`]);
  });

  it('holds at most 8 images and stock of 0 or more', () => {
    expect(messages({ ...valid(), image: Array.from({ length: 9 }, (_, i) => `blob:${i}`) })).toEqual([
      `image: ${PRODUCT_MSG.tooManyImages}`,
    ]);
    expect(messages({ ...valid(), countInStock: -1 })).toEqual([
      `countInStock: ${PRODUCT_MSG.stockNegative}`,
    ]);
    expect(messages({ ...valid(), countInStock: 0 })).toEqual([]);
  });
});
