import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
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
    createdAt: createdAt(),
  },
  (t) => [
    unique('reviews_one_per_user').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
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
