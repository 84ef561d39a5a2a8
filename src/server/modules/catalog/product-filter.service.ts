import {
  buildFacets,
  DEFAULT_FACET_COUNT_LIMIT,
  emptyFacets,
  FACET_VALUE_LIMIT,
  hasFilters,
} from '#shared/facets.ts';
import { isUuid } from '#shared/schemas/common.ts';
import type { ProductFilters, ProductList } from '#shared/schemas/product.ts';
import { isBlankKeyword, searchTerms } from '#shared/search.ts';
import type { Config } from '../../config.ts';
import type { Ctx } from '../../lib/types.ts';
import { categoryIdsNamed } from './category.service.ts';
import * as repo from './product-filter.repo.ts';
import { listProducts as plainList, toProductList } from './product.service.ts';
import { catalogTag, DISCOUNTS, invalidateCatalog, LISTS } from '../../db/catalog-invalidation.ts';

/**
 * Filtered storefront lists with facets (docs/decisions/0103-filters-and-facets.md): search, category and
 * shop pages take the same filters and sort (productFilterQuery) and answer the `total` and facet counts
 * beside the page, exact up to FACET_COUNT_LIMIT matches (ADR 0138). Paging stays capped at
 * STOREFRONT_MAX_PAGES (ADR 0050).
 */

/** A list's context: the app's FACET_COUNT_LIMIT when known (ADR 0138), else the default. */
export type ListCtx = Ctx & { config?: Pick<Config, 'facetCountLimit'> };

/**
 * The page of products under every filter, the total and the facets, for one scope. Exact up to
 * FACET_COUNT_LIMIT matches; past it the total is a lower bound and the counts come from the first matches
 * (docs/decisions/0138-bounded-facet-counts.md).
 */
async function filteredList(
  ctx: ListCtx,
  scope: repo.Scope,
  f: ProductFilters,
  page: number,
): Promise<ProductList> {
  // A seller id that is not a UUID names nobody: the filter then matches nothing (not a 500).
  const sellerIds = f.seller.filter(isUuid);
  // Counts first: the total tells the page query how to read (and that an empty list needs none).
  const limit = ctx.config?.facetCountLimit ?? DEFAULT_FACET_COUNT_LIMIT;
  const groups = await repo.facetGroups(ctx.db, scope, f, sellerIds, limit);
  const ids = await repo.filteredIds(ctx.db, scope, f, sellerIds, page, groups.pagingTotal);
  // Labels for the sellers the facet can show: the most frequent, and the chosen ones.
  const shown = [...groups.sellers]
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, FACET_VALUE_LIMIT)
    .map((g) => g.value);
  const labels = await repo.sellerLabels(ctx.db, [...new Set([...shown, ...sellerIds])]);
  const facets = buildFacets(
    {
      ...groups,
      sellers: groups.sellers.map((g) => ({ ...g, label: labels.get(g.value) })),
    },
    f,
  );
  facets.sellers = facets.sellers.map((s) => {
    const label = s.label ?? labels.get(s.value);
    return label === undefined ? s : { ...s, label };
  });
  const list = await toProductList(ctx, { ids, total: groups.pagingTotal }, page);
  return {
    ...list,
    total: groups.total,
    ...(groups.totalIsLowerBound ? { totalIsLowerBound: true } : {}),
    facets,
  };
}

const nothing = (f: ProductFilters, page: number): ProductList => ({
  products: [],
  page,
  pages: 1,
  total: 0,
  facets: emptyFacets(f),
});

/**
 * GET /api/products. With no keyword, category, filter or sort it is the home list, unchanged (newest first,
 * no counts: ADR 0051); anything else is a filtered list over all active products or the keyword's matches,
 * narrowed to the `category` when one is named (resolved as on the category page, `categoryIdsNamed`: case
 * and dashes ignored; a name nothing has gives an empty list, not an error).
 */
export async function listProducts(
  ctx: ListCtx,
  q: ProductFilters & { keyword?: string | undefined; category?: string | undefined; pageNumber: number },
): Promise<ProductList> {
  const blank = isBlankKeyword(q.keyword);
  const category = q.category?.trim() || undefined;
  if (blank && category === undefined && !hasFilters(q) && q.sort === undefined) return plainList(ctx, q);
  const scope: repo.Scope = {};
  if (!blank) {
    const terms = searchTerms(q.keyword ?? '');
    if (!terms) return nothing(q, q.pageNumber);
    scope.terms = terms;
  }
  if (category !== undefined) {
    const { categoryIDs } = await categoryIdsNamed(ctx, category);
    if (categoryIDs.length === 0) return nothing(q, q.pageNumber);
    scope.categoryIds = categoryIDs;
  }
  return filteredList(ctx, scope, q, q.pageNumber);
}

/** GET /api/products/category: active products in any of the categories, filtered. */
export async function productsInCategories(
  ctx: ListCtx,
  q: ProductFilters & { categoryIDs: string[]; pageNumber: number },
): Promise<ProductList> {
  if (q.categoryIDs.length === 0) return nothing(q, q.pageNumber);
  return filteredList(ctx, { categoryIds: q.categoryIDs }, q, q.pageNumber);
}

/** A shop's page: the seller's active products, filtered. */
export async function productsOfSeller(
  ctx: ListCtx,
  sellerId: string,
  q: ProductFilters & { pageNumber: number },
): Promise<ProductList> {
  return filteredList(ctx, { sellerId }, q, q.pageNumber);
}

/** Refresh at most this many products per statement when discounts end. */
const REFRESH_BATCH = 500;

/**
 * Discounts end by the clock, which fires no trigger: recompute the sale price of products whose discount
 * has ended (migration 0012's product_derived_refresh), in batches until none is left. Returns how many.
 */
export async function refreshEndedDiscounts(ctx: Pick<Ctx, 'db'>): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const ids = await repo.refreshEndedDiscounts(ctx.db, REFRESH_BATCH);
    if (ids.length > 0) await invalidateCatalog(ctx.db, [...ids.map(catalogTag.product), LISTS, DISCOUNTS]);
    refreshed += ids.length;
    if (ids.length < REFRESH_BATCH) return refreshed;
  }
}
