import { describe, expect, it } from 'vitest';
import {
  LOW_STOCK_THRESHOLD,
  canonicalColour,
  nameWithVariant,
  normalizeVariantOptions,
  sameOption,
  sizesOf,
  skuFor,
  stockLevel,
  stockMessage,
  totalStock,
  unitPriceOf,
  variantLabel,
  variantsForSpecUpdate,
  variantsFromGrid,
  variantsFromSizes,
  type StoredVariant,
} from './variants.ts';

const clothes = { category: 'Fashion & Accessories', subCategory: 'Men Clothes' };
const shoes = { category: 'Fashion & Accessories', subCategory: 'Men Shoes' };
const books = { category: 'Crafts & Books', subCategory: 'Books & Magazines' };

describe('variantsFromSizes (SPEC-shaped writes and the migration)', () => {
  it('splits the stock evenly, the remainder to the first sizes: 10 over S, M, L is 4, 3, 3', () => {
    expect(variantsFromSizes(['S', 'M', 'L'], 10, 'abcd1234')).toEqual([
      { size: 'S', colour: null, sku: 'ABCD1234-S', countInStock: 4, price: null },
      { size: 'M', colour: null, sku: 'ABCD1234-M', countInStock: 3, price: null },
      { size: 'L', colour: null, sku: 'ABCD1234-L', countInStock: 3, price: null },
    ]);
    expect(variantsFromSizes(['M', 'L'], 3, 'p').map((v) => v.countInStock)).toEqual([2, 1]);
    expect(variantsFromSizes(['M', 'L'], 0, 'p').map((v) => v.countInStock)).toEqual([0, 0]);
    expect(totalStock(variantsFromSizes(['S', 'M', 'L', 'XL'], 1003, 'p'))).toBe(1003);
  });

  it('makes one N/A variant holding everything when there is no real size; blanks and repeats go', () => {
    expect(variantsFromSizes([], 7, 'p')).toEqual([
      { size: 'N/A', colour: null, sku: 'P-NA', countInStock: 7, price: null },
    ]);
    expect(variantsFromSizes(['n/a', ' '], 7, 'p').map((v) => v.size)).toEqual(['N/A']);
    expect(variantsFromSizes([' M', 'M', 'L '], 4, 'p').map((v) => [v.size, v.countInStock])).toEqual([
      ['M', 2],
      ['L', 2],
    ]);
  });
});

describe('variantsFromGrid', () => {
  it('makes every size in every colour, the stock split evenly; no colours is one variant a size', () => {
    const grid = variantsFromGrid(['M', 'L'], ['black', 'White', ' '], 9, 'tee');
    expect(grid.map((v) => [v.size, v.colour, v.sku, v.countInStock])).toEqual([
      ['M', 'Black', 'TEE-M-BLACK', 3],
      ['M', 'White', 'TEE-M-WHITE', 2],
      ['L', 'Black', 'TEE-L-BLACK', 2],
      ['L', 'White', 'TEE-L-WHITE', 2],
    ]);
    expect(variantsFromGrid(['M', 'L'], [], 3, 'p')).toEqual(variantsFromSizes(['M', 'L'], 3, 'p'));
  });
});

describe('skuFor', () => {
  it('joins prefix, size (NA for one size) and colour, upper case, dashes only between parts', () => {
    expect(skuFor('tee', { size: 'M', colour: 'Navy Blue' })).toBe('TEE-M-NAVYBLUE');
    expect(skuFor('tee', { size: 'N/A', colour: null })).toBe('TEE-NA');
    expect(skuFor('k-1', { size: '3XL', colour: null })).toBe('K1-3XL');
    expect(skuFor('', { size: '10', colour: 'Off-white' })).toBe('10-OFFWHITE');
  });
});

describe('labels', () => {
  it('variantLabel: size, size / colour, or colour; nothing for one size without colour', () => {
    expect(variantLabel({ size: 'M', colour: null })).toBe('M');
    expect(variantLabel({ size: 'M', colour: 'Red' })).toBe('M / Red');
    expect(variantLabel({ size: 'N/A', colour: 'Red' })).toBe('Red');
    expect(variantLabel({ size: 'N/A', colour: null })).toBe('');
  });

  it('nameWithVariant: how order messages and mails name a line', () => {
    expect(nameWithVariant('Kurta', { size: 'L', colour: null })).toBe('Kurta (size L)');
    expect(nameWithVariant('Kurta', { size: 'L', colour: 'Red' })).toBe('Kurta (size L, Red)');
    expect(nameWithVariant('Scarf', { size: 'N/A', colour: 'Red' })).toBe('Scarf (Red)');
    expect(nameWithVariant('Speaker', { size: 'N/A', colour: null })).toBe('Speaker');
    expect(nameWithVariant('Speaker', { size: null, colour: null })).toBe('Speaker');
    expect(nameWithVariant('Speaker', null)).toBe('Speaker');
  });

  it('sameOption ignores case and spaces; sizesOf lists each size once in variant order', () => {
    expect(sameOption({ size: ' m', colour: 'RED' }, { size: 'M', colour: 'red ' })).toBe(true);
    expect(sameOption({ size: 'M', colour: null }, { size: 'M', colour: 'Red' })).toBe(false);
    expect(
      sizesOf([
        { size: 'M', colour: 'Red' },
        { size: 'L', colour: 'Red' },
        { size: 'M', colour: 'Blue' },
      ]),
    ).toEqual(['M', 'L']);
  });
});

describe('stock levels', () => {
  it('out at 0, low under the threshold, in from it', () => {
    expect(stockLevel(0)).toBe('out');
    expect(stockLevel(-1)).toBe('out');
    expect(stockLevel(1)).toBe('low');
    expect(stockLevel(LOW_STOCK_THRESHOLD - 1)).toBe('low');
    expect(stockLevel(LOW_STOCK_THRESHOLD)).toBe('in');
    expect(stockMessage(0)).toBe('Out of stock');
    expect(stockMessage(2)).toBe('Only 2 left');
    expect(stockMessage(LOW_STOCK_THRESHOLD)).toBeNull();
  });
});

describe('prices', () => {
  it("a variant's own price replaces the product's; null keeps the product's", () => {
    expect(unitPriceOf('499.00', { price: '549.00' })).toBe('549.00');
    expect(unitPriceOf('499.00', { price: null })).toBe('499.00');
    expect(unitPriceOf(499, null)).toBe(499);
  });
});

describe('normalizeVariantOptions (sizes the category offers)', () => {
  it("spells sizes as the category does and common colours as the list does, keeping the seller's order", () => {
    expect(
      normalizeVariantOptions(
        [
          { size: 'l', colour: 'navy' },
          { size: ' m ', colour: ' Teal ' },
          { size: 'M', colour: '' },
        ],
        clothes,
      ),
    ).toEqual([
      { size: 'L', colour: 'Navy' },
      { size: 'M', colour: 'Teal' },
      { size: 'M', colour: null },
    ]);
  });

  it('refuses sizes of another kind, N/A mixed with sizes, and real sizes where none are offered', () => {
    expect(normalizeVariantOptions([{ size: '8', colour: null }], clothes)).toBeNull();
    expect(normalizeVariantOptions([{ size: 'M', colour: null }], shoes)).toBeNull();
    expect(
      normalizeVariantOptions(
        [
          { size: 'M', colour: null },
          { size: 'N/A', colour: 'Red' },
        ],
        clothes,
      ),
    ).toBeNull();
    expect(normalizeVariantOptions([{ size: 'M', colour: null }], books)).toBeNull();
    expect(normalizeVariantOptions([{ size: 'n/a', colour: 'Red' }], books)).toEqual([
      { size: 'N/A', colour: 'Red' },
    ]);
    expect(normalizeVariantOptions([], clothes)).toBeNull();
  });

  it('canonicalColour: blank is none', () => {
    expect(canonicalColour('  ')).toBeNull();
    expect(canonicalColour(null)).toBeNull();
    expect(canonicalColour('BLACK')).toBe('Black');
  });
});

describe('variantsForSpecUpdate (sizes / countInStock without a grid)', () => {
  const stored: StoredVariant[] = [
    { _id: 's', size: 'S', colour: null, sku: 'P-S', countInStock: 4, price: null },
    { _id: 'm-red', size: 'M', colour: 'Red', sku: 'P-M-RED', countInStock: 2, price: '599.00' },
    { _id: 'm-blue', size: 'M', colour: 'Blue', sku: 'P-M-BLUE', countInStock: 1, price: null },
  ];

  it('changes nothing when neither is given, or the same total comes back', () => {
    expect(variantsForSpecUpdate(stored, {}, 'p')).toEqual(stored);
    expect(variantsForSpecUpdate(stored, { countInStock: 7 }, 'p')).toEqual(stored);
    expect(variantsForSpecUpdate(stored, { sizes: ['S', 'M'], countInStock: 7 }, 'p')).toEqual(stored);
  });

  it('keeps the variants of sizes still listed (every colour), drops the others, adds new sizes empty', () => {
    const next = variantsForSpecUpdate(stored, { sizes: ['M', 'XL'] }, 'p');
    expect(next).toEqual([
      stored[1],
      stored[2],
      { size: 'XL', colour: null, sku: 'P-XL', countInStock: 0, price: null },
    ]);
  });

  it('splits a new total over the variants it leaves, as on creation', () => {
    expect(variantsForSpecUpdate(stored, { countInStock: 10 }, 'p').map((v) => v.countInStock)).toEqual([
      4, 3, 3,
    ]);
    const next = variantsForSpecUpdate(stored, { sizes: ['S', 'L'], countInStock: 9 }, 'p');
    expect(next.map((v) => [v.size, v.countInStock, v._id])).toEqual([
      ['S', 5, 's'],
      ['L', 4, undefined],
    ]);
  });

  it('never gives a new size a SKU another variant has', () => {
    const taken: StoredVariant[] = [
      { _id: 'a', size: 'S', colour: null, sku: 'P-L', countInStock: 1, price: null },
    ];
    expect(variantsForSpecUpdate(taken, { sizes: ['S', 'L'] }, 'p')[1]?.sku).toBe('P-L-2');
  });
});
