import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  jsonb,
  index,
  integer,
  primaryKey,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users, shops } from './accounts.ts';
import { createdAt, id, money, percent, updatedAt } from './_common.ts';

/**
 * The category tree, stored as one row per leaf path (docs/product/api.md#resources "Category record"): levels 1–2 are always
 * present, levels 3–5 where the tree goes that deep. A product points at one row. Each row carries the
 * HSN code and GST rate used for tax (docs/product/pricing-and-tax.md).
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    category: text().notNull(),
    subCategory: text().notNull(),
    levelThreeCategory: text(),
    levelFourCategory: text(),
    levelFiveCategory: text(),
    hsn: text().notNull(),
    /** GST rate in percent. Apparel/footwear rows are overridden by the 61/62/63/6403 rule. */
    tax: percent().notNull(),
  },
  (t) => [
    unique('categories_path_key')
      .on(t.category, t.subCategory, t.levelThreeCategory, t.levelFourCategory, t.levelFiveCategory)
      .nullsNotDistinct(),
    index('categories_sub_idx').on(t.subCategory),
    check('categories_tax_range', sql`${t.tax} >= 0 and ${t.tax} <= 100`),
  ],
);

/** Markup the marketplace takes out of the seller's price, per top-level category (docs/product/api.md#resources). */
export const categoryMarkups = pgTable(
  'category_markups',
  {
    id: id(),
    uniqueCategoryName: text().notNull().unique(),
    percentageMarkup: percent().notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [check('category_markups_range', sql`${t.percentageMarkup} >= 0 and ${t.percentageMarkup} <= 100`)],
);

/** PostgreSQL's full-text document type; Drizzle has no built-in for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shopId: uuid().references(() => shops.id, { onDelete: 'set null' }),
    name: text().notNull(),
    brand: text().notNull(),
    price: money().notNull(),
    currency: text().notNull().default('INR'),
    countInStock: integer().notNull().default(0),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    description: text().notNull().default(''),
    /** Average rating, kept exact from the reviews table in the same transaction as each review. */
    rating: numeric({ precision: 3, scale: 2 }).notNull().default('0'),
    numReviews: integer().notNull().default(0),
    sizes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /*
     * Derived from the product's variants and discount (docs/decisions/0102-product-variants.md), written only by
     * the function `product_derived_refresh` (migration 0012_product_variants_derived), never by the app:
     * `countInStock` is the variants' total, `sizes` their sizes in variant order, `colours` their colours,
     * `availableSizes` / `availableColours` those with stock, `listPrice` the lowest variant price (the
     * product's price where a variant has none), `salePrice` that after the public discount in force,
     * `discountPercent` the whole percent the discount takes off. Filters, facets and sorts read these.
     */
    colours: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableSizes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableColours: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    listPrice: money().notNull().default('0'),
    salePrice: money().notNull().default('0'),
    discountPercent: smallint().notNull().default(0),
    /** A size chart of the seller's, shown on the product page; one chart may serve many products. */
    sizeChartId: uuid().references((): AnyPgColumn => sizeCharts.id, { onDelete: 'set null' }),
    /** Copied from the category markup when the product is created (docs/product/catalog.md). */
    percentageMarkup: percent().notNull().default('0'),
    /** Active (true) or Inactive (false). */
    status: boolean().notNull().default(true),
    /**
     * Search columns (docs/product/catalog.md), written only by the trigger `products_search_refresh` (migration
     * 0006_product_title_vector_trigger), which also pulls in the category names; the app never sets them.
     * `searchText`: lower-cased name, brand and category names, for trigram (partial-word) matching.
     * `titleVector`: English document of name (weight A), brand and category names (B).
     * `searchVector`: `titleVector` plus the description (weight D).
     * Two vectors, not one with weights, because the planner estimates each column's matches from its own
     * statistics (it ignores weight labels), which keeps "title matches first" plans right at scale.
     */
    searchText: text().notNull().default(''),
    titleVector: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    searchVector: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.countInStock} >= 0`),
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_rating_range', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    index('products_user_idx').on(t.userId, t.createdAt),
    index('products_category_idx').on(t.categoryId),
    index('products_shop_idx').on(t.shopId),
    index('products_active_created_idx').on(t.status, t.createdAt),
    // The admin product table: every product, newest first, 20 a page (issue 4).
    index('products_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_title_vector_idx').using('gin', t.titleVector),
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Storefront "top rated" carousel: active products by rating, then number of reviews.
    index('products_top_rated_idx')
      .on(t.rating.desc(), t.numReviews.desc(), t.createdAt.desc())
      .where(sql`${t.status}`),
    // Category pages: active products of some categories, newest first.
    index('products_active_category_created_idx')
      .on(t.categoryId, t.createdAt.desc())
      .where(sql`${t.status}`),
  ],
);

/** Product images in display order. `url` is the original; variants swap 'original' in it (docs/product/api.md#resources). */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
    url: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    rating: smallint().notNull(),
    comment: text().notNull(),
    /** Votes "helpful" (review_votes), kept exact in the same transaction as each vote. */
    helpfulCount: integer().notNull().default(0),
    /** Hidden by Admin: not shown and not counted in the rating; the reason is kept. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('reviews_one_per_user').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_hidden_has_reason', sql`${t.hiddenAt} is null or ${t.hiddenReason} is not null`),
    index('reviews_product_created_idx').on(t.productId, t.createdAt.desc()),
  ],
);

/** Photos of a review (at most 4), stored like product images. */
export const reviewImages = pgTable(
  'review_images',
  {
    id: id(),
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
    url: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_images_review_idx').on(t.reviewId, t.position)],
);

/** "This review helped me": one vote per user per review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * What a buyer picks: a size (N/A for one-size goods) and optionally a colour, with its own SKU and stock and
 * optionally its own price (docs/decisions/0102-product-variants.md).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    colour: text(),
    sku: text().notNull(),
    countInStock: integer().notNull().default(0),
    /** Null: the product's price. */
    price: money(),
    position: smallint().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('product_variants_option_key').on(t.productId, t.size, t.colour).nullsNotDistinct(),
    unique('product_variants_sku_key').on(t.productId, t.sku),
    index('product_variants_product_idx').on(t.productId, t.position),
    check('product_variants_stock_non_negative', sql`${t.countInStock} >= 0`),
    check('product_variants_price_non_negative', sql`${t.price} is null or ${t.price} >= 0`),
  ],
);

/** A buyer's saved products. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('wishlist_items_user_idx').on(t.userId, t.createdAt),
  ],
);

export type SizeChartRow = { size: string; values: string[] };

/**
 * A seller's size chart: measurement names (`columns`, e.g. Chest, Waist) and one row per size. A product
 * points at one through products.size_chart_id, so one chart serves many products.
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: id(),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    unit: text().notNull().default('cm'),
    columns: text().array().notNull(),
    rows: jsonb().$type<SizeChartRow[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('size_charts_seller_name_key').on(t.sellerId, t.name),
    check('size_charts_unit', sql`${t.unit} in ('cm', 'in')`),
  ],
);

/** A seller's bulk CSV upload: checked (dry run) or imported as one job, all or nothing. */
export const productImports = pgTable(
  'product_imports',
  {
    id: id(),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** queued → running → done | failed; a dry run ends done (valid) or failed (per-row errors). */
    status: text().notNull().default('queued'),
    dryRun: boolean().notNull(),
    fileName: text().notNull(),
    /** Where the uploaded CSV and optional ZIP of images are kept (private storage keys). */
    csvKey: text().notNull(),
    zipKey: text(),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    /** Per-row errors: [{ row, field, message }]. */
    errors: jsonb()
      .$type<{ row: number; field: string; message: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Counts once done: products created and updated, variants written. */
    result: jsonb().$type<Record<string, number>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('product_imports_seller_idx').on(t.sellerId, t.createdAt),
    check('product_imports_status', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export const discountUnit = pgEnum('discount_unit', ['percentage', 'amount']);

export const productDiscounts = pgTable(
  'product_discounts',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .unique()
      .references(() => products.id, { onDelete: 'cascade' }),
    discountValue: money().notNull(),
    discountUnit: discountUnit().notNull(),
    validUntil: timestamp({ withTimezone: true }).notNull(),
    couponCode: text(),
    activate: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('product_discounts_value_positive', sql`${t.discountValue} > 0`),
    check(
      'product_discounts_percentage_range',
      sql`${t.discountUnit} <> 'percentage' or ${t.discountValue} < 100`,
    ),
  ],
);
