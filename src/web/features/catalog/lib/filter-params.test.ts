import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '#shared/i18n/languages.ts';
import english from '#shared/i18n/locales/en.json';
import { INR } from '#shared/money.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';
import { productFilterQuery, productListQuery } from '#shared/schemas/product.ts';
import {
  activeFilterCount,
  clearFilters,
  displayTextToInr,
  EMPTY_FILTERS,
  facetValueText,
  filterChips,
  filterEntries,
  filtersQuery,
  hrefWithFilters,
  inrToDisplayText,
  parseFilters,
  priceErrorText,
  priceFromInputs,
  resultCountText,
  searchWithFilters,
  toggleValue,
  visibleFacetValues,
  wholeAmountText,
  withCategory,
  withoutCategory,
  withPrice,
  type ListFilters,
} from './filter-params.ts';

/** The page's `t` in English: labels are checked as an English page shows them. */
const intl = createIntl({ locale: 'en-IN', messages: flattenMessages(english) });
const t = Object.assign(
  (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
  { rich: () => null, language: { code: 'en', name: 'English', englishName: 'English', intl: 'en-IN' } },
) as Translate;

const USD = { decimalDigits: 2, rounding: 0 };
const JPY = { decimalDigits: 0, rounding: 0 };
/** 1 INR = 0.0119760479 USD (83.5 INR to the dollar). */
const USD_RATE = '0.0119760479';
const qs = (s: string) => new URLSearchParams(s);

describe('parseFilters', () => {
  it('reads nothing from an empty query', () => {
    expect(parseFilters(qs(''))).toEqual(EMPTY_FILTERS);
  });

  it('reads every filter under the API names', () => {
    const f = parseFilters(
      qs(
        'size=M&size=L&colour=Red&brand=Fabindia,Biba&seller=u1&minPrice=500&maxPrice=2000.5&rating=4&discount=20&inStock=1&sort=price_asc&keyword=x',
      ),
    );
    expect(f).toEqual({
      size: ['L', 'M'],
      colour: ['Red'],
      brand: ['Biba', 'Fabindia'],
      seller: ['u1'],
      minPrice: 500,
      maxPrice: 2000.5,
      rating: 4,
      discount: 20,
      inStock: true,
      sort: 'price_asc',
    });
  });

  it('drops a bad value alone and keeps the rest', () => {
    const f = parseFilters(qs('size=M&rating=9&discount=abc&minPrice=-1&sort=cheapest&inStock=yes'));
    expect(f).toEqual({ ...EMPTY_FILTERS, size: ['M'] });
  });

  it('treats relevance as the default sort and blanks as absent', () => {
    expect(parseFilters(qs('sort=relevance&minPrice=&size=')).sort).toBeUndefined();
    expect(parseFilters(qs('minPrice=')).minPrice).toBeUndefined();
    expect(parseFilters(qs('size=')).size).toEqual([]);
  });

  it('dedupes list values', () => {
    expect(parseFilters(qs('size=M&size=M,S')).size).toEqual(['M', 'S']);
  });
});

describe('serialising', () => {
  const f: ListFilters = {
    ...EMPTY_FILTERS,
    brand: ['Fabindia', 'A & B'],
    size: ['M'],
    maxPrice: 1999,
    inStock: true,
    sort: 'newest',
  };

  it('writes a fixed order and round-trips', () => {
    expect(filterEntries(f)).toEqual([
      ['size', 'M'],
      ['brand', 'A & B'],
      ['brand', 'Fabindia'],
      ['maxPrice', '1999'],
      ['inStock', '1'],
      ['sort', 'newest'],
    ]);
    expect(parseFilters(qs(filtersQuery(f)))).toEqual({ ...f, brand: ['A & B', 'Fabindia'] });
    expect(filtersQuery(EMPTY_FILTERS)).toBe('');
    expect(filtersQuery({ ...EMPTY_FILTERS, sort: 'relevance' })).toBe('');
  });

  it('writes what the server schema accepts', () => {
    const raw: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(filtersQuery(f))) {
      const prev = raw[k];
      raw[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
    }
    expect(productFilterQuery.parse(raw)).toEqual({
      size: ['M'],
      colour: [],
      brand: ['A & B', 'Fabindia'],
      seller: [],
      maxPrice: 1999,
      inStock: true,
      sort: 'newest',
    });
  });

  it('replaces the filters, keeps other parameters and drops the page', () => {
    expect(searchWithFilters(qs('page=3&size=S&utm=mail'), { ...EMPTY_FILTERS, size: ['L'] }, 'page')).toBe(
      '?utm=mail&size=L',
    );
    expect(searchWithFilters(qs('size=S'), EMPTY_FILTERS, 'page')).toBe('');
  });

  it('adds the filters to a path', () => {
    expect(hrefWithFilters('/search/kurta/page/2', { ...EMPTY_FILTERS, size: ['M'] })).toBe(
      '/search/kurta/page/2?size=M',
    );
    expect(hrefWithFilters('/shop/x?page=2', { ...EMPTY_FILTERS, rating: 4 })).toBe(
      '/shop/x?page=2&rating=4',
    );
    expect(hrefWithFilters('/shop/x', EMPTY_FILTERS)).toBe('/shop/x');
  });
});

describe('changing filters', () => {
  it('toggles values, counts and clears (keeping the sort)', () => {
    let f = toggleValue(EMPTY_FILTERS, 'size', 'M', true);
    f = toggleValue(f, 'size', 'L', true);
    f = toggleValue(f, 'size', 'L', true);
    expect(f.size).toEqual(['L', 'M']);
    f = { ...toggleValue(f, 'size', 'M', false), rating: 4, minPrice: 1, maxPrice: 2, sort: 'rating' };
    expect(f.size).toEqual(['L']);
    expect(activeFilterCount(f)).toBe(3);
    expect(clearFilters(f)).toEqual({ ...EMPTY_FILTERS, sort: 'rating' });
    expect(withPrice(f, { maxPrice: 5 })).toEqual({ ...f, minPrice: undefined, maxPrice: 5 });
    expect('minPrice' in withPrice(f, {})).toBe(false);
  });

  it('makes one chip per filter, each removing only itself', () => {
    const f: ListFilters = {
      ...EMPTY_FILTERS,
      size: ['M'],
      seller: ['u1'],
      minPrice: 500,
      maxPrice: 2000,
      rating: 4,
      discount: 20,
      inStock: true,
    };
    const chips = filterChips(
      f,
      (n) => `₹${String(n)}`,
      t,
      (id) => (id === 'u1' ? 'Fabindia' : undefined),
    );
    expect(chips.map((c) => c.label)).toEqual([
      'Size: M',
      'Seller: Fabindia',
      'Price: ₹500 – ₹2000',
      '4★ & up',
      '20% off & up',
      'In stock only',
    ]);
    expect(chips[0]?.without.size).toEqual([]);
    expect(chips[2]?.without).toEqual({
      ...EMPTY_FILTERS,
      size: ['M'],
      seller: ['u1'],
      rating: 4,
      discount: 20,
      inStock: true,
    });
    expect(filterChips({ ...EMPTY_FILTERS, maxPrice: 9 }, String, t)[0]?.label).toBe('Price: up to 9');
    expect(filterChips({ ...EMPTY_FILTERS, minPrice: 9 }, String, t)[0]?.label).toBe('Price: from 9');
  });

  it('hides values nobody has unless selected', () => {
    const values = [
      { value: 'M', count: 3 },
      { value: 'L', count: 0 },
      { value: 'S', count: 0 },
    ];
    expect(visibleFacetValues(values, [])).toEqual([{ value: 'M', count: 3 }]);
    expect(visibleFacetValues(values, ['S', 'XL']).map((v) => v.value)).toEqual(['M', 'S', 'XL']);
  });

  it('counts results', () => {
    expect(resultCountText(1, t)).toBe('1 result');
    expect(resultCountText(0, t)).toBe('0 results');
    expect(resultCountText(128, t)).toBe('128 results');
    expect(resultCountText(1200, t)).toBe('1,200 results');
  });

  it('counts results past FACET_COUNT_LIMIT as "at least" (ADR 0138)', () => {
    expect(resultCountText(10000, t, true)).toBe('10,000+ results');
    expect(resultCountText(5, t, true)).toBe('5+ results');
    expect(resultCountText(10000, t, false)).toBe('10,000 results');
  });

  it('shows a facet count only when it is known and exact', () => {
    expect(facetValueText('Kora', 12)).toBe('Kora (12)');
    expect(facetValueText('Kora', undefined)).toBe('Kora');
    // Counted among the first matches only: a lower bound, so no number at all.
    expect(facetValueText('Kora', 12, true)).toBe('Kora');
  });
});

describe('category (search only)', () => {
  it('reads a category name, trimmed; a blank or too long one is absent', () => {
    expect(parseFilters(qs('category=Men%20Clothes&size=M'))).toEqual({
      ...EMPTY_FILTERS,
      category: 'Men Clothes',
      size: ['M'],
    });
    expect(parseFilters(qs('category=%20Fashion%20%26%20Accessories%20')).category).toBe(
      'Fashion & Accessories',
    );
    expect('category' in parseFilters(qs('category=%20%20'))).toBe(false);
    expect('category' in parseFilters(qs(`category=${'x'.repeat(201)}`))).toBe(false);
  });

  it('writes it first, round-trips, and the server schema accepts it', () => {
    const f: ListFilters = { ...withCategory(EMPTY_FILTERS, 'Men Clothes'), brand: ['Kora'] };
    expect(filterEntries(f)).toEqual([
      ['category', 'Men Clothes'],
      ['brand', 'Kora'],
    ]);
    expect(filtersQuery(f)).toBe('category=Men+Clothes&brand=Kora');
    expect(parseFilters(qs(filtersQuery(f)))).toEqual(f);
    expect(
      productListQuery.parse({ keyword: 'shirt', ...Object.fromEntries(filterEntries(f)) }),
    ).toMatchObject({
      keyword: 'shirt',
      category: 'Men Clothes',
      brand: ['Kora'],
    });
  });

  it('choosing one replaces the last and drops the page; other parameters stay', () => {
    const f = withCategory(withCategory(EMPTY_FILTERS, 'Men Clothes'), 'Home');
    expect(f.category).toBe('Home');
    expect(searchWithFilters(qs('page=2&category=Men%20Clothes&utm=x'), f, 'page')).toBe(
      '?utm=x&category=Home',
    );
    expect(hrefWithFilters('/search/shirt', withCategory(EMPTY_FILTERS, 'Men Clothes'))).toBe(
      '/search/shirt?category=Men+Clothes',
    );
  });

  it('counts as a filter, shows as a chip that removes only it, and clears with the rest', () => {
    const f: ListFilters = { ...withCategory(EMPTY_FILTERS, 'Men Clothes'), size: ['M'], sort: 'newest' };
    expect(activeFilterCount(f)).toBe(2);
    const chips = filterChips(f, String, t);
    expect(chips.map((c) => c.label)).toEqual(['Category: Men Clothes', 'Size: M']);
    expect(chips[0]?.key).toBe('category');
    expect(chips[0]?.without).toEqual({ ...EMPTY_FILTERS, size: ['M'], sort: 'newest' });
    expect(chips[1]?.without.category).toBe('Men Clothes');
    expect(clearFilters(f)).toEqual({ ...EMPTY_FILTERS, sort: 'newest' });
    expect(withoutCategory(EMPTY_FILTERS)).toBe(EMPTY_FILTERS);
  });
});

describe('price inputs in the display currency', () => {
  it('shows INR prices in the display currency', () => {
    expect(inrToDisplayText(1500, INR, '1')).toBe('1500');
    expect(inrToDisplayText(1299.5, INR, '1')).toBe('1299.50');
    expect(inrToDisplayText(835, USD, USD_RATE)).toBe('10');
    expect(inrToDisplayText(1000, JPY, '1.79')).toBe('1790');
    expect(inrToDisplayText(undefined, INR, '1')).toBe('');
    expect(inrToDisplayText(null, INR, '1')).toBe('');
  });

  it('turns typed prices into INR exactly', () => {
    expect(displayTextToInr('1,500', INR, '1')).toBe(1500);
    expect(displayTextToInr(' 499.5 ', INR, '1')).toBe(499.5);
    expect(displayTextToInr('10', USD, USD_RATE)).toBe(835);
    expect(displayTextToInr('', USD, USD_RATE)).toBeUndefined();
    expect(displayTextToInr('ten', USD, USD_RATE)).toBeNull();
    expect(displayTextToInr('-5', USD, USD_RATE)).toBeNull();
    expect(displayTextToInr('1e3', USD, USD_RATE)).toBeNull();
  });

  it('round-trips what the shopper typed', () => {
    for (const typed of ['10', '12.34', '999.99', '0.5']) {
      const inr = displayTextToInr(typed, USD, USD_RATE);
      expect(inrToDisplayText(inr, USD, USD_RATE)).toBe(
        typed.includes('.') ? Number(typed).toFixed(2) : typed,
      );
    }
  });

  it('rounds placeholders outwards to whole amounts', () => {
    expect(wholeAmountText('399.20', 'down')).toBe('399');
    expect(wholeAmountText('1529.15', 'up')).toBe('1530');
    expect(wholeAmountText('1530.00', 'up')).toBe('1530');
    expect(wholeAmountText('1530', 'up')).toBe('1530');
    expect(wholeAmountText('', 'up')).toBe('');
  });

  it('checks the range', () => {
    expect(priceFromInputs('500', '2000', INR, '1')).toEqual({ ok: true, minPrice: 500, maxPrice: 2000 });
    expect(priceFromInputs('', '', INR, '1')).toEqual({ ok: true });
    expect(priceFromInputs('0', '', INR, '1')).toEqual({ ok: true });
    expect(priceFromInputs('abc', '', INR, '1')).toEqual({ ok: false, error: 'invalid' });
    expect(priceFromInputs('900', '100', INR, '1')).toEqual({ ok: false, error: 'order' });
    expect(priceErrorText('invalid', t)).toBe('Enter a price as a number, like 500');
    expect(priceErrorText('order', t)).toBe('The lowest price must not be above the highest');
  });

  it('keeps an applied bound the shopper did not touch exactly', () => {
    const shown = inrToDisplayText(1000, USD, USD_RATE);
    expect(shown).toBe('11.98');
    expect(priceFromInputs(shown, '25', USD, USD_RATE, { minPrice: 1000 })).toEqual({
      ok: true,
      minPrice: 1000,
      maxPrice: displayTextToInr('25', USD, USD_RATE),
    });
    // Changed: converted afresh.
    expect(priceFromInputs('12', '', USD, USD_RATE, { minPrice: 1000 })).toEqual({
      ok: true,
      minPrice: displayTextToInr('12', USD, USD_RATE),
    });
  });
});
