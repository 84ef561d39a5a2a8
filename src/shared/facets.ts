import { CLOTHES_SIZES, NO_SIZE, SHOE_SIZES } from './schemas/product-form.ts';
import {
  DISCOUNT_STEPS,
  RATING_STEPS,
  type FacetValue,
  type Facets,
  type ProductFilters,
} from './schemas/product.ts';

/**
 * Facet counts for the storefront lists (docs/decisions/0103-filters-and-facets.md). The database groups
 * the matching products (each facet under all the other filters); these pure functions turn those groups
 * into what the filter panel shows: brands merged whatever their case, sizes in the size lists' order,
 * cumulative "4★ & up" and "20% off & up" counts, zero counts dropped but chosen values always kept.
 */

/**
 * How many matching products one list's facet pass reads by default (FACET_COUNT_LIMIT, ADR 0138): past
 * it the counts come from the first ones read and the total is a lower bound.
 */
export const DEFAULT_FACET_COUNT_LIMIT = 10_000;

/** A facet lists at most this many values (the most frequent first); chosen values are always added. */
export const FACET_VALUE_LIMIT = 50;

export type Group = { value: string; count: number; label?: string | undefined };
/** A numeric group: `value` is a rating floored to a whole star, or a whole discount percent. */
export type NumberGroup = { value: number; count: number };

export type RawFacets = {
  brands: Group[];
  sizes: Group[];
  colours: Group[];
  sellers: Group[];
  price: { min: number | null; max: number | null };
  ratings: NumberGroup[];
  discounts: NumberGroup[];
  inStock: number;
  /** The facet pass read only the first matches (ADR 0138): counts are lower bounds. */
  countsApproximate?: boolean;
};

const byCountThenValue = (a: FacetValue, b: FacetValue) =>
  b.count - a.count ||
  (a.label ?? a.value).localeCompare(b.label ?? b.value) ||
  a.value.localeCompare(b.value);

/**
 * Keep the values with a count, the most frequent first, at most `limit` of them; then add every chosen
 * value missing from that (count 0 when nothing matches it), so a ticked box never disappears.
 */
export function keepValues(
  values: readonly FacetValue[],
  chosen: readonly string[],
  limit = FACET_VALUE_LIMIT,
  sameValue: (a: string, b: string) => boolean = (a, b) => a === b,
): FacetValue[] {
  const shown = values
    .filter((v) => v.count > 0)
    .sort(byCountThenValue)
    .slice(0, limit);
  for (const c of chosen) {
    if (shown.some((v) => sameValue(v.value, c))) continue;
    const known = values.find((v) => sameValue(v.value, c));
    shown.push(known ?? { value: c, count: 0 });
  }
  return shown;
}

const brandKey = (brand: string) => brand.trim().toLowerCase();
const sameBrand = (a: string, b: string) => brandKey(a) === brandKey(b);

/**
 * Brands match case-insensitively, so "KORA" and "Kora" are one value: counts add up, and the value shown
 * is the spelling most products use (on a tie, the first in locale order: "Kora" before "KORA").
 */
export function mergeBrandCase(groups: readonly Group[]): FacetValue[] {
  const merged = new Map<string, { count: number; best: Group }>();
  for (const g of groups) {
    const key = brandKey(g.value);
    if (key === '') continue;
    const m = merged.get(key);
    if (!m) merged.set(key, { count: g.count, best: g });
    else {
      m.count += g.count;
      if (g.count > m.best.count || (g.count === m.best.count && g.value.localeCompare(m.best.value) < 0))
        m.best = g;
    }
  }
  return [...merged.values()].map((m) => ({ value: m.best.value.trim(), count: m.count }));
}

/** Where a size sits: clothes sizes in their order, then shoe sizes, then others, N/A last. */
function sizeRank(size: string): [number, number, string] {
  const upper = size.toUpperCase();
  const clothes = (CLOTHES_SIZES as readonly string[]).indexOf(upper);
  if (clothes >= 0) return [0, clothes, ''];
  const shoes = (SHOE_SIZES as readonly string[]).indexOf(upper);
  if (shoes >= 0) return [1, shoes, ''];
  if (upper === NO_SIZE) return [3, 0, ''];
  const n = Number(size);
  return Number.isFinite(n) ? [2, n, ''] : [2, Number.MAX_SAFE_INTEGER, upper];
}

/** Sizes in the order of the size lists (S, M, L … then 6, 7 …, other sizes, N/A last), not by count. */
export function orderSizes(values: readonly FacetValue[]): FacetValue[] {
  return [...values].sort((a, b) => {
    const [ga, ia, ta] = sizeRank(a.value);
    const [gb, ib, tb] = sizeRank(b.value);
    return ga - gb || ia - ib || ta.localeCompare(tb) || a.value.localeCompare(b.value);
  });
}

/**
 * "At least `step`" counts from exact groups: each step counts the groups whose value is at or above it.
 * Steps with no product are dropped unless chosen.
 */
export function cumulativeCounts(
  groups: readonly NumberGroup[],
  steps: readonly number[],
  chosen?: number,
): FacetValue[] {
  return steps
    .map((step) => ({
      value: String(step),
      count: groups.filter((g) => g.value >= step).reduce((sum, g) => sum + g.count, 0),
    }))
    .filter((v) => v.count > 0 || Number(v.value) === chosen);
}

/** The filter panel's facets from the database's groups and the filters in force. */
export function buildFacets(raw: RawFacets, filters: ProductFilters): Facets {
  const sellers = raw.sellers.map((g) => ({
    value: g.value,
    count: g.count,
    ...(g.label !== undefined && g.label !== g.value ? { label: g.label } : {}),
  }));
  return {
    brands: keepValues(mergeBrandCase(raw.brands), filters.brand, FACET_VALUE_LIMIT, sameBrand),
    sizes: orderSizes(keepValues(raw.sizes, filters.size)),
    colours: keepValues(raw.colours, filters.colour),
    sellers: keepValues(sellers, filters.seller),
    price: raw.price,
    ratings: cumulativeCounts(raw.ratings, RATING_STEPS, filters.rating),
    discounts: cumulativeCounts(raw.discounts, DISCOUNT_STEPS, filters.discount),
    inStock: raw.inStock,
    ...(raw.countsApproximate ? { countsApproximate: true } : {}),
  };
}

/** Facets of a list that matches nothing (the chosen values kept, at 0). */
export function emptyFacets(filters: ProductFilters): Facets {
  return buildFacets(
    {
      brands: [],
      sizes: [],
      colours: [],
      sellers: [],
      price: { min: null, max: null },
      ratings: [],
      discounts: [],
      inStock: 0,
    },
    filters,
  );
}

/** True when any filter narrows the list (the sort alone does not). */
export function hasFilters(f: ProductFilters): boolean {
  return (
    f.size.length > 0 ||
    f.colour.length > 0 ||
    f.brand.length > 0 ||
    f.seller.length > 0 ||
    f.minPrice !== undefined ||
    f.maxPrice !== undefined ||
    f.rating !== undefined ||
    f.discount !== undefined ||
    f.inStock
  );
}
