import {
  convertMinor,
  formatDecimal,
  INR,
  invertRate,
  toWireNumber,
  tryParseMoney,
  type CurrencyRules,
} from '#shared/money.ts';
import { FILTER_PARAMS, LIST_FILTERS, type ListFilterKey } from '#shared/page-params.ts';
import { convertFromInr } from '#shared/pricing.ts';
import {
  LIST_FILTER_MAX,
  NUMBER_FILTERS,
  PRODUCT_SORTS,
  readCategoryParam,
  readInStockParam,
  readListParam,
  readNumberParam,
  readSortParam,
  type ProductSort,
} from '#shared/list-filters.ts';
import type { FacetValue } from '#shared/schemas/product.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/**
 * The storefront lists' filters and sort as they live in the page URL (search, category and shop pages),
 * under the names the API takes (productFilterQuery in #shared/schemas/product.ts), so a link shares the
 * view, reload restores it and the back button steps through it. Pure: no React, no router.
 */
export type ListFilters = {
  /**
   * Search only (GET /api/products `category`): a category name, the sidebar's top level, narrowing the
   * keyword's matches. The category and shop pages have their own scope and never carry it.
   */
  category?: string;
  size: string[];
  colour: string[];
  brand: string[];
  /** Seller user ids. */
  seller: string[];
  /** INR sale prices. */
  minPrice?: number;
  maxPrice?: number;
  /** 4 = 4★ & up. */
  rating?: number;
  /** 20 = 20% off & up. */
  discount?: number;
  inStock: boolean;
  /** Absent: relevance (the list's own order). */
  sort?: ProductSort;
};

// Every URL parameter this module owns (FILTER_PARAMS): the server renders these pages with them too.
export { FILTER_PARAMS, LIST_FILTERS, type ListFilterKey } from '#shared/page-params.ts';

export const EMPTY_FILTERS: ListFilters = { size: [], colour: [], brand: [], seller: [], inStock: false };

const sortedUnique = (values: readonly string[]) =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Filters from a URL's query, by the API's rules (#shared/list-filters.ts, without zod). Each parameter is
 * read on its own: one mistyped value (rating=9) is dropped, not the whole set, so a hand-edited link still
 * shows something sensible.
 */
export function parseFilters(params: URLSearchParams): ListFilters {
  const filters: ListFilters = { ...EMPTY_FILTERS };
  const rawCategory = params.get('category');
  const category = rawCategory === null ? undefined : readCategoryParam(rawCategory);
  if (category) filters.category = category;
  for (const key of LIST_FILTERS) {
    filters[key] = sortedUnique(readListParam(params.getAll(key), LIST_FILTER_MAX[key]) ?? []);
  }
  const num = (key: keyof typeof NUMBER_FILTERS) => {
    const raw = params.get(key);
    return raw === null || raw.trim() === '' ? undefined : readNumberParam(raw, NUMBER_FILTERS[key]);
  };
  const minPrice = num('minPrice');
  const maxPrice = num('maxPrice');
  const rating = num('rating');
  const discount = num('discount');
  if (minPrice !== undefined) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  if (rating !== undefined) filters.rating = rating;
  if (discount !== undefined) filters.discount = discount;
  const inStock = params.get('inStock');
  filters.inStock = (inStock === null ? undefined : readInStockParam(inStock)) ?? false;
  const rawSort = params.get('sort');
  const sort = rawSort === null ? undefined : readSortParam(rawSort);
  if (sort && sort !== 'relevance') filters.sort = sort;
  return filters;
}

/** The filters as URL/API parameters, in one fixed order (the same view always has the same URL). */
export function filterEntries(filters: ListFilters): [string, string][] {
  const out: [string, string][] = [];
  if (filters.category) out.push(['category', filters.category]);
  for (const key of LIST_FILTERS) {
    for (const value of sortedUnique(filters[key])) out.push([key, value]);
  }
  if (filters.minPrice !== undefined) out.push(['minPrice', String(filters.minPrice)]);
  if (filters.maxPrice !== undefined) out.push(['maxPrice', String(filters.maxPrice)]);
  if (filters.rating !== undefined) out.push(['rating', String(filters.rating)]);
  if (filters.discount !== undefined) out.push(['discount', String(filters.discount)]);
  if (filters.inStock) out.push(['inStock', '1']);
  if (filters.sort && filters.sort !== 'relevance') out.push(['sort', filters.sort]);
  return out;
}

/** 'size=M&brand=Fabindia' — for the API call and the query key; '' without filters. */
export function filtersQuery(filters: ListFilters): string {
  return new URLSearchParams(filterEntries(filters)).toString();
}

/**
 * The page URL's query after a change of filters: other parameters stay, the filters are replaced and the
 * page parameter (`pageParam`, 'page' on the category and shop pages) is dropped, so a new filter starts on
 * page 1. Returns '' or '?…'.
 */
export function searchWithFilters(
  current: URLSearchParams,
  filters: ListFilters,
  pageParam?: string,
): string {
  const owned = new Set<string>(FILTER_PARAMS);
  const next = new URLSearchParams();
  for (const [key, value] of current) {
    if (!owned.has(key) && key !== pageParam) next.append(key, value);
  }
  for (const [key, value] of filterEntries(filters)) next.append(key, value);
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** `path` with the filters' query ('/search/kurta/page/2?size=M'). */
export function hrefWithFilters(path: string, filters: ListFilters): string {
  const q = filtersQuery(filters);
  if (!q) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${q}`;
}

/** How many filters are set (the sort is not a filter). */
export function activeFilterCount(f: ListFilters): number {
  return (
    (f.category ? 1 : 0) +
    f.size.length +
    f.colour.length +
    f.brand.length +
    f.seller.length +
    (f.minPrice !== undefined || f.maxPrice !== undefined ? 1 : 0) +
    (f.rating !== undefined ? 1 : 0) +
    (f.discount !== undefined ? 1 : 0) +
    (f.inStock ? 1 : 0)
  );
}

/** All filters off, the sort kept. */
export const clearFilters = (f: ListFilters): ListFilters =>
  f.sort ? { ...EMPTY_FILTERS, sort: f.sort } : { ...EMPTY_FILTERS };

/** The filters narrowed to the category `name` (the search page's category links). */
export const withCategory = (f: ListFilters, name: string): ListFilters => ({ ...f, category: name });

/** The filters without a category (the category and shop pages, whose scope is their own). */
export function withoutCategory(f: ListFilters): ListFilters {
  if (f.category === undefined) return f;
  const { category: _category, ...rest } = f;
  return rest;
}

/** A list filter with `value` switched on or off. */
export function toggleValue(f: ListFilters, key: ListFilterKey, value: string, on: boolean): ListFilters {
  const rest = f[key].filter((v) => v !== value);
  return { ...f, [key]: on ? sortedUnique([...rest, value]) : rest };
}

/** The sort choices, in the API's order, with their labels in the page's language. */
export function sortOptions(t: Translate): { value: ProductSort; label: string }[] {
  const labels: Record<ProductSort, string> = {
    relevance: t('catalog.filters.sortRelevance'),
    price_asc: t('catalog.filters.sortPriceAsc'),
    price_desc: t('catalog.filters.sortPriceDesc'),
    newest: t('catalog.filters.sortNewest'),
    rating: t('catalog.filters.sortRating'),
    discount: t('catalog.filters.sortDiscount'),
  };
  return PRODUCT_SORTS.map((value) => ({ value, label: labels[value] }));
}

export const ratingLabel = (stars: number, t: Translate) =>
  t('catalog.filters.ratingStep', { stars: String(stars) });
export const discountLabel = (percent: number, t: Translate) =>
  t('catalog.filters.discountStep', { percent: String(percent) });

/**
 * The values of a facet worth offering: those with products, plus the selected ones whatever their count
 * (a selected value the facet no longer lists still shows, with 0, so it can be unticked).
 */
export function visibleFacetValues(values: readonly FacetValue[], selected: readonly string[]): FacetValue[] {
  const shown = values.filter((v) => v.count > 0 || selected.includes(v.value));
  const listed = new Set(values.map((v) => v.value));
  const missing = selected.filter((s) => !listed.has(s)).map((value) => ({ value, count: 0 }));
  return [...shown, ...missing];
}

export type FilterChip = {
  /** Unique among the chips. */
  key: string;
  label: string;
  /** The filters without this one. */
  without: ListFilters;
};

/**
 * One removable chip per active filter, labelled in the page's language (`t`). `formatInr` shows an INR
 * price in the display currency; `sellerName` turns a seller id into its shop name (from the facet), when
 * known.
 */
export function filterChips(
  f: ListFilters,
  formatInr: (inr: number) => string,
  t: Translate,
  sellerName: (id: string) => string | undefined = () => undefined,
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.category) {
    chips.push({
      key: 'category',
      label: t('catalog.filters.chipCategory', { value: f.category }),
      without: withoutCategory(f),
    });
  }
  const chipLabel: Record<ListFilterKey, (value: string) => string> = {
    size: (value) => t('catalog.filters.chipSize', { value }),
    colour: (value) => t('catalog.filters.chipColour', { value }),
    brand: (value) => t('catalog.filters.chipBrand', { value }),
    seller: (value) => t('catalog.filters.chipSeller', { value }),
  };
  for (const key of LIST_FILTERS) {
    for (const value of f[key]) {
      const shown = key === 'seller' ? (sellerName(value) ?? t('catalog.filters.seller')) : value;
      chips.push({
        key: `${key}:${value}`,
        label: chipLabel[key](shown),
        without: toggleValue(f, key, value, false),
      });
    }
  }
  if (f.minPrice !== undefined || f.maxPrice !== undefined) {
    const { minPrice, maxPrice, ...rest } = f;
    const label =
      minPrice !== undefined && maxPrice !== undefined
        ? t('catalog.filters.chipPriceRange', { min: formatInr(minPrice), max: formatInr(maxPrice) })
        : minPrice !== undefined
          ? t('catalog.filters.chipPriceFrom', { min: formatInr(minPrice) })
          : t('catalog.filters.chipPriceUpTo', { max: formatInr(maxPrice ?? 0) });
    chips.push({ key: 'price', label, without: rest });
  }
  if (f.rating !== undefined) {
    const { rating, ...rest } = f;
    chips.push({ key: 'rating', label: ratingLabel(rating, t), without: rest });
  }
  if (f.discount !== undefined) {
    const { discount, ...rest } = f;
    chips.push({ key: 'discount', label: discountLabel(discount, t), without: rest });
  }
  if (f.inStock) {
    chips.push({
      key: 'inStock',
      label: t('catalog.filters.inStockOnly'),
      without: { ...f, inStock: false },
    });
  }
  return chips;
}

/**
 * '1 result', '1,200 results' (grouped the page language's way); '10,000+ results' when more products match
 * than the server counted (`totalIsLowerBound`, ADR 0138).
 */
export const resultCountText = (total: number, t: Translate, lowerBound = false) =>
  t(lowerBound ? 'catalog.filters.resultsAtLeast' : 'catalog.filters.results', { count: total });

/**
 * A facet value's text: "Fabindia (12)" when the count is known and exact; the label alone when the counts
 * come from the first matches only (`countsApproximate`, ADR 0138), which would understate them.
 */
export const facetValueText = (label: string, count: number | undefined, approximate = false) =>
  count === undefined || approximate ? label : `${label} (${String(count)})`;

// ——— The price inputs: typed in the display currency, sent in INR ———

/**
 * An INR price as the text of a price input in the display currency ('1299.5' INR → '15.56' at USD's
 * rate), half-up to the currency's minor unit; '' when absent.
 */
export function inrToDisplayText(
  inr: number | null | undefined,
  currency: CurrencyRules,
  rateFromInr: string,
): string {
  if (inr === null || inr === undefined) return '';
  const minorInr = tryParseMoney(inr.toFixed(2), 2);
  if (minorInr === null) return '';
  const shown = convertFromInr(minorInr, rateFromInr, { ...currency, rounding: 0 });
  const text = formatDecimal(shown, currency.decimalDigits);
  // Whole amounts without '.00': '1500' reads better in an input than '1500.00'.
  return /\.0+$/.test(text) ? text.replace(/\.0+$/, '') : text;
}

/**
 * A price input's text rounded to a whole amount, down for a lowest price and up for a highest: the
 * placeholders hint at the range ('399' – '1530'), not at paise. '' stays ''.
 */
export function wholeAmountText(text: string, direction: 'down' | 'up'): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const whole = BigInt(m[1] ?? '0');
  const fraction = /[1-9]/.test(m[2] ?? '');
  return String(direction === 'up' && fraction ? whole + 1n : whole);
}

/**
 * A price typed in the display currency as an INR amount for the query: undefined for a blank input,
 * null for text that is not an amount. Spaces and grouping commas are ignored ('1,500' is 1500).
 * Converted exactly (#shared/money.ts) and rounded half-up to the paisa, which is finer than any display
 * currency's step, so the amount shows back as typed.
 */
export function displayTextToInr(
  text: string,
  currency: CurrencyRules,
  rateFromInr: string,
): number | null | undefined {
  const clean = text.replace(/[\s,]/g, '');
  if (clean === '') return undefined;
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(clean)) return null;
  const decimals = clean.includes('.') ? (clean.split('.')[1]?.length ?? 0) : 0;
  const minor = tryParseMoney(clean, decimals);
  if (minor === null) return null;
  const inrPerUnit = invertRate(rateFromInr);
  return toWireNumber(convertMinor(minor, inrPerUnit, { decimalDigits: decimals }, INR));
}

/** Why the price inputs cannot be applied: not a number, or the lowest above the highest. */
export type PriceError = 'invalid' | 'order';

/** A price error's message in the page's language. */
export function priceErrorText(error: PriceError, t: Translate): string {
  const messages: Record<PriceError, string> = {
    invalid: t('catalog.filters.priceInvalid'),
    order: t('catalog.filters.priceOrder'),
  };
  return messages[error];
}

/**
 * The two price inputs as the filters' minPrice/maxPrice, or why they cannot be. A bound whose text is
 * still what the applied one (`applied`) shows as keeps its exact INR value: a link's minPrice=1000 shows
 * as $10.41 and must not become 1000.25 when the shopper changes only the other bound.
 */
export function priceFromInputs(
  minText: string,
  maxText: string,
  currency: CurrencyRules,
  rateFromInr: string,
  applied: Pick<ListFilters, 'minPrice' | 'maxPrice'> = {},
): { ok: true; minPrice?: number; maxPrice?: number } | { ok: false; error: PriceError } {
  const read = (text: string, was: number | undefined) =>
    was !== undefined && text.trim() === inrToDisplayText(was, currency, rateFromInr)
      ? was
      : displayTextToInr(text, currency, rateFromInr);
  const min = read(minText, applied.minPrice);
  const max = read(maxText, applied.maxPrice);
  if (min === null || max === null) return { ok: false, error: 'invalid' };
  if (min !== undefined && max !== undefined && min > max) return { ok: false, error: 'order' };
  return {
    ok: true,
    ...(min !== undefined && min > 0 ? { minPrice: min } : {}),
    ...(max !== undefined ? { maxPrice: max } : {}),
  };
}

/** The filters with a new price range (both bounds replaced). */
export function withPrice(f: ListFilters, price: { minPrice?: number; maxPrice?: number }): ListFilters {
  const { minPrice: _min, maxPrice: _max, ...rest } = f;
  return { ...rest, ...price };
}
