import { describe, expect, it } from 'vitest';
import {
  buildFacets,
  cumulativeCounts,
  emptyFacets,
  FACET_VALUE_LIMIT,
  hasFilters,
  keepValues,
  mergeBrandCase,
  orderSizes,
  type RawFacets,
} from './facets.ts';
import { productFilterQuery } from './schemas/product.ts';

const filters = (query: Record<string, string> = {}) => productFilterQuery.parse(query);

describe('mergeBrandCase', () => {
  it('adds up spellings of one brand and shows the most used one', () => {
    expect(
      mergeBrandCase([
        { value: 'KORA', count: 1 },
        { value: 'Kora', count: 4 },
        { value: 'kora ', count: 2 },
        { value: 'Bunkar', count: 3 },
      ]),
    ).toEqual([
      { value: 'Kora', count: 7 },
      { value: 'Bunkar', count: 3 },
    ]);
  });

  it('on a tie picks the first in locale order, whatever the order of the groups', () => {
    const a = mergeBrandCase([
      { value: 'KORA', count: 2 },
      { value: 'Kora', count: 2 },
    ]);
    const b = mergeBrandCase([
      { value: 'Kora', count: 2 },
      { value: 'KORA', count: 2 },
    ]);
    expect(a).toEqual([{ value: 'Kora', count: 4 }]);
    expect(b).toEqual(a);
  });

  it('drops blank brands', () => {
    expect(mergeBrandCase([{ value: '  ', count: 3 }])).toEqual([]);
  });
});

describe('orderSizes', () => {
  it('puts clothes sizes in their order, then shoe sizes, other sizes, N/A last', () => {
    const values = ['N/A', '10', 'XL', 'Free', 'S', '7', '42', 'M', '3XL'].map((value) => ({
      value,
      count: 1,
    }));
    expect(orderSizes(values).map((v) => v.value)).toEqual([
      'S',
      'M',
      'XL',
      '3XL',
      '7',
      '10',
      '42',
      'Free',
      'N/A',
    ]);
  });
});

describe('cumulativeCounts', () => {
  it('counts each step as everything at or above it, dropping empty steps', () => {
    const groups = [
      { value: 5, count: 1 },
      { value: 4, count: 3 },
      { value: 2, count: 2 },
      { value: 0, count: 7 },
    ];
    expect(cumulativeCounts(groups, [4, 3, 2, 1])).toEqual([
      { value: '4', count: 4 },
      { value: '3', count: 4 },
      { value: '2', count: 6 },
      { value: '1', count: 6 },
    ]);
    expect(
      cumulativeCounts(
        [
          { value: 25, count: 2 },
          { value: 10, count: 1 },
        ],
        [10, 20, 30],
      ),
    ).toEqual([
      { value: '10', count: 3 },
      { value: '20', count: 2 },
    ]);
  });

  it('keeps the chosen step even when nothing reaches it', () => {
    expect(cumulativeCounts([{ value: 10, count: 1 }], [10, 20, 30], 30)).toEqual([
      { value: '10', count: 1 },
      { value: '30', count: 0 },
    ]);
  });
});

describe('keepValues', () => {
  it('drops zero counts, orders by count, caps the list, and keeps chosen values', () => {
    const many = Array.from({ length: FACET_VALUE_LIMIT + 5 }, (_, i) => ({
      value: `v${String(i).padStart(3, '0')}`,
      count: i + 1,
    }));
    const kept = keepValues([...many, { value: 'zero', count: 0 }], ['v000', 'missing']);
    expect(kept).toHaveLength(FACET_VALUE_LIMIT + 2);
    expect(kept[0]).toEqual({ value: `v${String(FACET_VALUE_LIMIT + 4).padStart(3, '0')}`, count: 55 });
    expect(kept.at(-2)).toEqual({ value: 'v000', count: 1 });
    expect(kept.at(-1)).toEqual({ value: 'missing', count: 0 });
    expect(kept.some((v) => v.value === 'zero')).toBe(false);
  });

  it('ties go alphabetically (by label when there is one)', () => {
    expect(
      keepValues(
        [
          { value: 'b', label: 'Zed', count: 2 },
          { value: 'a', label: 'Amy', count: 2 },
        ],
        [],
      ).map((v) => v.value),
    ).toEqual(['a', 'b']);
  });
});

describe('buildFacets', () => {
  const raw: RawFacets = {
    brands: [
      { value: 'kora', count: 1 },
      { value: 'Kora', count: 2 },
    ],
    sizes: [
      { value: 'L', count: 2 },
      { value: 'S', count: 1 },
    ],
    colours: [{ value: 'Red', count: 3 }],
    sellers: [
      { value: 'u1', label: 'Kavya Looms', count: 3 },
      { value: 'u2', label: 'u2', count: 1 },
    ],
    price: { min: 250, max: 3000 },
    ratings: [{ value: 4, count: 2 }],
    discounts: [{ value: 20, count: 1 }],
    inStock: 3,
  };

  it('shapes every facet', () => {
    expect(buildFacets(raw, filters({ brand: 'KORA' }))).toEqual({
      brands: [{ value: 'Kora', count: 3 }],
      sizes: [
        { value: 'S', count: 1 },
        { value: 'L', count: 2 },
      ],
      colours: [{ value: 'Red', count: 3 }],
      sellers: [
        { value: 'u1', label: 'Kavya Looms', count: 3 },
        { value: 'u2', count: 1 },
      ],
      price: { min: 250, max: 3000 },
      ratings: [
        { value: '4', count: 2 },
        { value: '3', count: 2 },
        { value: '2', count: 2 },
        { value: '1', count: 2 },
      ],
      discounts: [
        { value: '10', count: 1 },
        { value: '20', count: 1 },
      ],
      inStock: 3,
    });
  });

  it('says when the counts come from the first matches only (ADR 0138), and only then', () => {
    expect(buildFacets({ ...raw, countsApproximate: true }, filters()).countsApproximate).toBe(true);
    expect(buildFacets({ ...raw, countsApproximate: false }, filters())).not.toHaveProperty(
      'countsApproximate',
    );
    expect(buildFacets(raw, filters())).not.toHaveProperty('countsApproximate');
  });

  it('an empty result keeps only the chosen values', () => {
    expect(emptyFacets(filters({ size: 'M', rating: '4' }))).toEqual({
      brands: [],
      sizes: [{ value: 'M', count: 0 }],
      colours: [],
      sellers: [],
      price: { min: null, max: null },
      ratings: [{ value: '4', count: 0 }],
      discounts: [],
      inStock: 0,
    });
  });
});

describe('hasFilters', () => {
  it('is false for no filter or a sort alone, true for any filter', () => {
    expect(hasFilters(filters())).toBe(false);
    expect(hasFilters(filters({ sort: 'price_asc', inStock: '0' }))).toBe(false);
    const each: Record<string, string>[] = [
      { size: 'M' },
      { colour: 'Red' },
      { brand: 'Kora' },
      { seller: 'x' },
      { minPrice: '0' },
      { maxPrice: '10' },
      { rating: '3' },
      { discount: '10' },
      { inStock: '1' },
    ];
    for (const q of each) expect(hasFilters(filters(q)), JSON.stringify(q)).toBe(true);
  });
});
