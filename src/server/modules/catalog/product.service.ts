import { isAdmin, type Actor } from '#shared/permissions.ts';
import {
  STOREFRONT_MAX_PAGES,
  STOREFRONT_PAGE_SIZE,
  TOP_PRODUCTS,
  type Product,
  type ProductList,
  type Review,
  type SizeChart,
  type Variant,
} from '#shared/schemas/product.ts';
import { isUuid } from '#shared/schemas/common.ts';
import { isBlankKeyword, searchTerms } from '#shared/search.ts';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/types.ts';
import * as repo from './product.repo.ts';
import * as reviewService from './review.service.ts';
import type { VariantRow } from './variant.repo.ts';

/** Storefront products (docs/product/api.md, docs/product/catalog.md): lists and search show active products only. */

const PRODUCT_NOT_FOUND = 'Product not found';

const iso = (d: Date) => d.toISOString();

/** A variant row as the wire has it (docs/decisions/0102-product-variants.md). */
export function toVariant(v: VariantRow): Variant {
  return {
    _id: v.id,
    size: v.size,
    colour: v.colour,
    sku: v.sku,
    countInStock: v.countInStock,
    price: v.price === null ? null : Number(v.price),
  };
}

export function toSizeChart(c: repo.SizeChartData): SizeChart {
  return {
    _id: c.id,
    name: c.name,
    unit: c.unit === 'in' ? 'in' : 'cm',
    columns: c.columns,
    rows: c.rows.map((r) => ({ size: r.size, values: r.values })),
  };
}

/**
 * The wire shape of a card row. Lists pass only the row (no reviews, `sizeChart` null); the detail answer
 * adds its reviews and size chart.
 */
export function toProduct(
  row: repo.ProductCardRow,
  reviews: Review[] = [],
  sizeChart: repo.SizeChartData | null = null,
): Product {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    price: Number(row.price),
    currency: row.currency,
    brand: row.brand,
    countInStock: row.countInStock,
    categoryId: row.categoryId,
    category: {
      category: row.category,
      subCategory: row.subCategory,
      levelThreeCategory: row.levelThreeCategory,
      levelFourCategory: row.levelFourCategory,
      levelFiveCategory: row.levelFiveCategory,
    },
    description: row.description,
    rating: Number(row.rating),
    numReviews: row.numReviews,
    reviews,
    user: { _id: row.userId, name: row.userName },
    shop: row.shopId && row.shopName !== null ? { _id: row.shopId, shopName: row.shopName } : null,
    sizes: row.sizes,
    variants: row.variants.map(toVariant),
    sizeChart: sizeChart ? toSizeChart(sizeChart) : null,
    percentageMarkup: Number(row.percentageMarkup),
    status: row.status,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Shape one page of ids into the list answer; `pages` is at least 1 and at most STOREFRONT_MAX_PAGES. */
export async function toProductList(
  ctx: Ctx,
  { ids, total }: repo.IdPage,
  page: number,
): Promise<ProductList> {
  const rows = await repo.productCards(ctx.db, ids);
  const pages = Math.min(STOREFRONT_MAX_PAGES, Math.max(1, Math.ceil(total / STOREFRONT_PAGE_SIZE)));
  return { products: rows.map((r) => toProduct(r)), page, pages };
}

/** GET /api/products: newest active products, or search results when the keyword is not blank. */
export async function listProducts(ctx: Ctx, q: { keyword?: string | undefined; pageNumber: number }) {
  if (isBlankKeyword(q.keyword))
    return toProductList(ctx, await repo.newestActiveIds(ctx.db, undefined, q.pageNumber), q.pageNumber);
  const terms = searchTerms(q.keyword ?? '');
  const found = terms ? await repo.searchIds(ctx.db, terms, q.pageNumber) : { ids: [], total: 0 };
  return toProductList(ctx, found, q.pageNumber);
}

export async function topProducts(ctx: Ctx): Promise<Product[]> {
  const rows = await repo.productCards(ctx.db, await repo.topRatedIds(ctx.db, TOP_PRODUCTS));
  return rows.map((r) => toProduct(r));
}

/** An inactive product is visible to its seller and to Admin only (docs/product/catalog.md). */
export const canSeeProduct = (actor: Actor | null, p: { userId: string; status: boolean }) =>
  p.status || (!!actor && (actor.id === p.userId || isAdmin(actor)));

/** GET /api/products/:id with its reviews; 404 for unknown ids and for inactive products others may not see. */
export async function getProduct(ctx: Ctx, id: string): Promise<Product> {
  const [row] = await repo.productCards(ctx.db, [id]);
  if (!row || !canSeeProduct(ctx.actor, row)) throw notFound(PRODUCT_NOT_FOUND);
  const [reviews, ratingCounts, sizeChart] = await Promise.all([
    reviewService.embeddedReviews(ctx, id),
    reviewService.ratingCounts(ctx, id),
    repo.sizeChartById(ctx.db, row.sizeChartId),
  ]);
  return { ...toProduct(row, reviews, sizeChart), ratingCounts };
}

/** GET /api/products/:id/markup: 0 for anything unknown or not visible (docs/product/api.md: "0 on any error"). */
export async function productMarkup(ctx: Ctx, id: string): Promise<{ percentageMarkup: number }> {
  const head = isUuid(id) ? await repo.productHead(ctx.db, id) : null;
  if (!head || !canSeeProduct(ctx.actor, head)) return { percentageMarkup: 0 };
  return { percentageMarkup: Number(head.percentageMarkup) };
}
