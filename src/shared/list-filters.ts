/**
 * The storefront lists' filter and sort values (docs/decisions/0103-filters-and-facets.md) without zod:
 * their choices and limits, and a reader for each URL parameter. The search, category and shop pages read
 * their filters from the page URL with these, without loading zod
 * (docs/decisions/0146-list-pages-without-zod.md). The API validates the same parameters with
 * `productFilterQuery` (schemas/product.ts), built from the same limits; list-filters.test.ts checks that
 * both accept and reject the same values.
 */

export const PRODUCT_SORTS = [
  'relevance',
  'price_asc',
  'price_desc',
  'newest',
  'rating',
  'discount',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** The rating filter's steps (4★ & up …) and the discount filter's (10% off & up …). */
export const RATING_STEPS = [4, 3, 2, 1] as const;
export const DISCOUNT_STEPS = [10, 20, 30, 40, 50, 60, 70] as const;

/** The most values a multi-value filter takes, and the longest value. */
export const LIST_FILTER_MAX = { size: 20, colour: 20, brand: 50, seller: 50 } as const;
export const FILTER_VALUE_MAX_LENGTH = 100;
/** Prices are INR sale prices from 0 up to this. */
export const MAX_FILTER_PRICE = 1e9;
/** The search page's category name (a top level of the tree). */
export const MAX_CATEGORY_NAME_LENGTH = 200;

export type NumberRule = { min: number; max: number; int?: boolean };
export const NUMBER_FILTERS = {
  minPrice: { min: 0, max: MAX_FILTER_PRICE },
  maxPrice: { min: 0, max: MAX_FILTER_PRICE },
  rating: { min: 1, max: 5, int: true },
  discount: { min: 1, max: 99, int: true },
} as const satisfies Record<string, NumberRule>;

/**
 * `size=M,L`, repeated `size=M&size=L`, or both: the values split on commas, trimmed, blanks dropped.
 * Undefined (invalid) when more than `max` remain or one is longer than FILTER_VALUE_MAX_LENGTH.
 */
export function readListParam(values: readonly string[], max: number): string[] | undefined {
  const list = values
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (list.length > max || list.some((s) => s.length > FILTER_VALUE_MAX_LENGTH)) return undefined;
  return list;
}

/** A number as the API coerces it (`Number(text)`), within the rule; else undefined. */
export function readNumberParam(raw: string, rule: NumberRule): number | undefined {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < rule.min || n > rule.max) return undefined;
  if (rule.int && !Number.isInteger(n)) return undefined;
  return n;
}

/** `inStock=1|true` on, `0|false` off; anything else is not a value (undefined). */
export function readInStockParam(raw: string): boolean | undefined {
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  return undefined;
}

export const readSortParam = (raw: string): ProductSort | undefined =>
  (PRODUCT_SORTS as readonly string[]).includes(raw) ? (raw as ProductSort) : undefined;

/** The search page's category name, trimmed; undefined when too long. */
export function readCategoryParam(raw: string): string | undefined {
  const name = raw.trim();
  return name.length > MAX_CATEGORY_NAME_LENGTH ? undefined : name;
}
