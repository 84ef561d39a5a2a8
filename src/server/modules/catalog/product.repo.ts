import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { STOREFRONT_MAX_PAGES, STOREFRONT_PAGE_SIZE } from '#shared/schemas/product.ts';
import type { SearchTerms } from '#shared/search.ts';
import type { Queryable } from '../../db/client.ts';
import { categories, products, shops, sizeCharts, users } from '../../db/schema/index.ts';
import { categoryLevels } from './category.repo.ts';
import { variantsOf, type VariantRow } from './variant.repo.ts';

/**
 * Catalog SQL for the storefront. Lists are two steps: the ids of one page (a narrow, index-driven query),
 * then `productCards` loads those few rows with their images, seller, shop and category in one query, and
 * their variants in a second one (one per page, whatever its size).
 */

/** The most products a storefront list or search pages through (see STOREFRONT_MAX_PAGES). */
export const MAX_LISTED = STOREFRONT_MAX_PAGES * STOREFRONT_PAGE_SIZE;

export type PageWindow = { offset: number; limit: number };

export function pageWindow(page: number): PageWindow {
  return { offset: (page - 1) * STOREFRONT_PAGE_SIZE, limit: STOREFRONT_PAGE_SIZE };
}

export type IdPage = { ids: string[]; total: number };

const activeProduct = eq(products.status, true);
/**
 * Newest first; the id breaks ties so pages never overlap. Matches products_active_created_idx (and the
 * product tables' products_user_idx / products_created_idx) backwards.
 */
export const newestFirst = [desc(products.createdAt), desc(products.id)];

/**
 * A product's image URLs in display order, as a column of a query on `products` (unaliased). Written out
 * in full: Drizzle leaves columns unqualified in a join-less select, which the subquery would misread.
 */
export const imageUrls = sql<string[]>`coalesce((
  select array_agg(pi.url order by pi.position, pi.created_at, pi.id)
  from product_images pi where pi.product_id = "products"."id"
), '{}')`;

/**
 * How many rows match, counting no further than MAX_LISTED + 1: enough to know the number of pages
 * (which is capped) without visiting every match of a broad list.
 */
export async function cappedCount(db: Queryable, where: SQL | undefined): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(MAX_LISTED + 1)
    .as('matches');
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return rows[0]?.n ?? 0;
}

/** One page of active products matching `where`, newest first, and the (capped) number of matches. */
export async function newestActiveIds(db: Queryable, where: SQL | undefined, page: number): Promise<IdPage> {
  const filter = and(activeProduct, where);
  const { offset, limit } = pageWindow(page);
  if (offset >= MAX_LISTED) return { ids: [], total: await cappedCount(db, filter) };
  const [total, rows] = await Promise.all([
    cappedCount(db, filter),
    db
      .select({ id: products.id })
      .from(products)
      .where(filter)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
  ]);
  return { ids: rows.map((r) => r.id), total };
}

export const inCategories = (categoryIds: readonly string[]) =>
  inArray(products.categoryId, [...categoryIds]);
export const bySeller = (userId: string) => eq(products.userId, userId);

/** Top rated active products: rating, then number of reviews, then newest (products_top_rated_idx). */
export async function topRatedIds(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(activeProduct)
    .orderBy(
      sql`${products.rating} desc nulls last`,
      sql`${products.numReviews} desc nulls last`,
      sql`${products.createdAt} desc nulls last`,
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Keyword search over active products (docs/product/catalog.md). A product matches when all words match its stemmed
 * full-text document (name, brand, category names, description), or all words of three letters or more
 * occur inside its name, brand or category names (trigram index); see #shared/search.ts.
 *
 * Ranking, with a bounded amount of work at any catalogue size:
 * - at most MAX_LISTED matches (almost every real query): every match is ranked by `ts_rank` with the
 *   name weighing most, then brand and category names, then the description; partial-word-only matches
 *   come last; ties newest first. Counting and ranking use bitmap index scans (forced, see below).
 * - more matches than that (a very broad word in a big catalogue): products whose name, brand or category
 *   names match come first, then the rest, each newest first, read in index order so only the rows of
 *   the page are visited. Ranking every one of tens of thousands of matches would cost tens of ms.
 */
export async function searchIds(db: Queryable, terms: SearchTerms, page: number): Promise<IdPage> {
  const query = sql`to_tsquery('english'::regconfig, ${terms.tsquery})`;
  const fullText = sql`${products.searchVector} @@ ${query}`;
  const partial =
    terms.partials.length > 0
      ? and(...terms.partials.map((w) => sql`${products.searchText} like ${`%${w}%`}`))
      : undefined;
  const match = partial ? sql`(${fullText} or ${partial})` : fullText;
  const filter = and(activeProduct, match);
  const titleMatch = sql`${products.titleVector} @@ ${query}`;
  const { offset, limit } = pageWindow(page);

  return db.transaction(
    async (tx) => {
      // The planner prices `@@` and LIKE as nearly free, so for a LIMITed scan or a middling match set it
      // likes walking the whole table until enough rows pass; with these two off it reads the GIN
      // indexes, which is fast for any number of matches up to the cap. SET LOCAL: this transaction only.
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
      );
      if (offset >= MAX_LISTED) return { ids: [], total: await cappedCount(tx, filter) };

      // One pass: fetch up to MAX_LISTED + 1 matches with their rank, count them, rank them, cut the page.
      const candidates = tx
        .select({
          id: products.id,
          createdAt: products.createdAt,
          rank: sql<number>`ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], ${products.searchVector}, ${query})`.as(
            'rank',
          ),
        })
        .from(products)
        .where(filter)
        .limit(MAX_LISTED + 1)
        .as('candidates');
      const ranked = await tx
        .select({ id: candidates.id, total: sql<number>`(count(*) over ())::int` })
        .from(candidates)
        .orderBy(desc(candidates.rank), desc(candidates.createdAt), desc(candidates.id))
        .limit(limit)
        .offset(offset);
      const total = ranked[0]?.total ?? (offset === 0 ? 0 : await cappedCount(tx, filter));
      if (total <= MAX_LISTED) return { ids: ranked.map((r) => r.id), total };

      // Broad: both tiers are read newest first; the planner may now walk products_active_created_idx.
      await tx.execute(
        sql`select set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true)`,
      );
      const firstTier = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(activeProduct, titleMatch))
        .orderBy(...newestFirst)
        .limit(offset + limit);
      const fromFirst = firstTier.slice(offset).map((r) => r.id);
      if (fromFirst.length === limit) return { ids: fromFirst, total };
      const rest = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(filter, sql`not (${titleMatch})`))
        .orderBy(...newestFirst)
        .limit(limit - fromFirst.length)
        .offset(Math.max(0, offset - firstTier.length));
      return { ids: [...fromFirst, ...rest.map((r) => r.id)], total };
    },
    { accessMode: 'read only' },
  );
}

export type ProductCardRow = {
  id: string;
  name: string;
  image: string[];
  price: string;
  currency: string;
  brand: string;
  countInStock: number;
  categoryId: string;
  category: string;
  subCategory: string;
  levelThreeCategory: string | null;
  levelFourCategory: string | null;
  levelFiveCategory: string | null;
  description: string;
  rating: string;
  numReviews: number;
  userId: string;
  userName: string;
  shopId: string | null;
  shopName: string | null;
  sizes: string[];
  sizeChartId: string | null;
  percentageMarkup: string;
  status: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** The product's variants in display order (docs/decisions/0102-product-variants.md). */
  variants: VariantRow[];
};

const productShop = alias(shops, 'product_shop');
const sellerShop = alias(shops, 'seller_shop');

/**
 * Products by id with everything the wire shape needs, in the order of `ids`. One query: images are
 * aggregated per product, the shop is the product's own or else its seller's (one shop per seller).
 */
function prepareProductCards(db: Queryable) {
  return db
    .select({
      id: products.id,
      name: products.name,
      image: imageUrls,
      price: products.price,
      currency: products.currency,
      brand: products.brand,
      countInStock: products.countInStock,
      categoryId: products.categoryId,
      ...categoryLevels,
      description: products.description,
      rating: products.rating,
      numReviews: products.numReviews,
      userId: users.id,
      userName: users.name,
      shopId: sql<string | null>`coalesce(${productShop.id}, ${sellerShop.id})`,
      shopName: sql<string | null>`coalesce(${productShop.shopName}, ${sellerShop.shopName})`,
      sizes: products.sizes,
      sizeChartId: products.sizeChartId,
      percentageMarkup: products.percentageMarkup,
      status: products.status,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(productShop, eq(productShop.id, products.shopId))
    .leftJoin(sellerShop, eq(sellerShop.userId, products.userId))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('catalog_product_cards');
}

/**
 * The card query is on every list, search and detail answer, and PostgreSQL spends ~5× longer planning
 * its joins than running them: a named prepared statement (one array parameter, whatever the page size)
 * lets each connection reuse a plan. One prepared query per database handle (pool or transaction).
 */
const productCardsQueries = new WeakMap<Queryable, ReturnType<typeof prepareProductCards>>();

/**
 * Products by id with everything the wire shape needs, in the order of `ids`. Two queries whatever the
 * number of ids: the cards (images aggregated per product, the shop the product's own or else its
 * seller's, one shop per seller), then the variants of them all.
 */
export async function productCards(db: Queryable, ids: readonly string[]): Promise<ProductCardRow[]> {
  if (ids.length === 0) return [];
  let query = productCardsQueries.get(db);
  if (!query) {
    query = prepareProductCards(db);
    productCardsQueries.set(db, query);
  }
  const [rows, variants] = await Promise.all([query.execute({ ids: [...ids] }), variantsOf(db, ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, variants: variants.get(id) ?? [] }] : [];
  });
}

export type SizeChartData = typeof sizeCharts.$inferSelect;

/** A size chart by id (the product detail's `sizeChart`); null when there is none. */
export async function sizeChartById(db: Queryable, id: string | null): Promise<SizeChartData | null> {
  if (!id) return null;
  const rows = await db.select().from(sizeCharts).where(eq(sizeCharts.id, id));
  return rows[0] ?? null;
}

/** Who may see a product, and its markup: enough to decide visibility without loading the card. */
export async function productHead(
  db: Queryable,
  id: string,
): Promise<{ id: string; userId: string; status: boolean; percentageMarkup: string } | null> {
  const rows = await db
    .select({
      id: products.id,
      userId: products.userId,
      status: products.status,
      percentageMarkup: products.percentageMarkup,
    })
    .from(products)
    .where(eq(products.id, id));
  return rows[0] ?? null;
}
