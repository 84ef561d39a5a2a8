import { z } from 'zod';
import { DISCOUNT_UNITS, MAX_DISCOUNT_PRODUCTS } from '../discounts.ts';
import {
  FILTER_VALUE_MAX_LENGTH,
  LIST_FILTER_MAX,
  MAX_CATEGORY_NAME_LENGTH,
  NUMBER_FILTERS,
  PRODUCT_SORTS,
  type NumberRule,
} from '../list-filters.ts';
import { MAX_KEYWORD_LENGTH } from '../search.ts';
import { idSchema, isoDate, moneySchema, pageQuery } from './common.ts';

/**
 * Storefront payloads (docs/product/api.md#resources Product, Review, Product discount, Shop; docs/product/api.md Products, discounts, shops).
 * Field names are the wire's, as SPEC spells them.
 */

/** Storefront pages hold 12 products (docs/product/api.md#wire-conventions). */
export const STOREFRONT_PAGE_SIZE = 12;
/**
 * Storefront lists and search page through at most this many pages (1,200 products): `pages` never
 * exceeds it and later pages are empty. Counting stops there, which keeps every list cheap at any size.
 */
export const STOREFRONT_MAX_PAGES = 100;
/** How many products `GET /api/products/top` returns. */
export const TOP_PRODUCTS = 5;

/** The five levels of a category record, for breadcrumbs (docs/product/api.md#resources "Category record"). */
export const categoryPathSchema = z.object({
  category: z.string(),
  subCategory: z.string(),
  levelThreeCategory: z.string().nullable(),
  levelFourCategory: z.string().nullable(),
  levelFiveCategory: z.string().nullable(),
});
export type CategoryPath = z.infer<typeof categoryPathSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: isoDate,
  /** The reviewer has a delivered order containing this product (docs/decisions/0105-reviews.md). */
  verifiedPurchase: z.boolean(),
  /** Photo URLs (originals; variants swap 'original'), at most 4, in order. */
  images: z.array(z.string()).optional(),
  /** How many people found the review helpful. */
  helpfulCount: z.number().int().min(0).optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Visible reviews per number of stars, "1" to "5" (#shared/reviews.ts). */
export const ratingCountsSchema = z.object({
  '1': z.number().int().min(0),
  '2': z.number().int().min(0),
  '3': z.number().int().min(0),
  '4': z.number().int().min(0),
  '5': z.number().int().min(0),
});

/** A variant on the wire (docs/decisions/0102-product-variants.md). `price` null: the product's price. */
export const variantSchema = z.object({
  _id: z.string(),
  size: z.string(),
  colour: z.string().nullable(),
  sku: z.string(),
  countInStock: z.number().int(),
  price: moneySchema.nullable(),
});
export type Variant = z.infer<typeof variantSchema>;

/** A size chart: measurement names and one row of values per size (docs/decisions/0102-product-variants.md). */
export const sizeChartSchema = z.object({
  _id: z.string(),
  name: z.string(),
  unit: z.enum(['cm', 'in']),
  columns: z.array(z.string()),
  rows: z.array(z.object({ size: z.string(), values: z.array(z.string()) })),
});
export type SizeChart = z.infer<typeof sizeChartSchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** URLs of the originals, in display order; variants swap 'original' (see #shared/images.ts). */
  image: z.array(z.string()),
  price: moneySchema,
  currency: z.string(),
  brand: z.string(),
  countInStock: z.number().int(),
  categoryId: z.string(),
  category: categoryPathSchema,
  description: z.string(),
  rating: z.number(),
  numReviews: z.number().int(),
  /** On the detail answer only, the newest visible reviews (at most 10); lists send []. */
  reviews: z.array(reviewSchema),
  /** The 5★…1★ breakdown of the visible reviews, on the detail answer only. */
  ratingCounts: ratingCountsSchema.optional(),
  user: z.object({ _id: z.string(), name: z.string() }),
  shop: z.object({ _id: z.string(), shopName: z.string() }).nullable(),
  /** SPEC's sizes: the variants' sizes, each once, in variant order. `countInStock` is their total. */
  sizes: z.array(z.string()),
  /** The variants, on detail answers and lists alike (a product has a handful). */
  variants: z.array(variantSchema),
  /** The seller's size chart for this product, on the detail answer only (lists send null). */
  sizeChart: sizeChartSchema.nullable(),
  percentageMarkup: z.number(),
  status: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Product = z.infer<typeof productSchema>;

/** One value of a facet and how many products of the current result have it (the facet's own filter left out). */
export const facetValueSchema = z.object({
  value: z.string(),
  /** What to show when it is not the value itself (a seller's shop name). */
  label: z.string().optional(),
  count: z.number().int().min(0),
});
export type FacetValue = z.infer<typeof facetValueSchema>;

/** Facet counts that come with a filtered list (docs/decisions/0103-filters-and-facets.md). */
export const facetsSchema = z.object({
  brands: z.array(facetValueSchema),
  sizes: z.array(facetValueSchema),
  colours: z.array(facetValueSchema),
  sellers: z.array(facetValueSchema),
  /** The lowest and highest sale price (INR) under the other filters; null when nothing matches. */
  price: z.object({ min: moneySchema.nullable(), max: moneySchema.nullable() }),
  /** "4" = 4★ & up; counts are cumulative. */
  ratings: z.array(facetValueSchema),
  /** "20" = 20% off & up; counts are cumulative. */
  discounts: z.array(facetValueSchema),
  /** Products with stock under the other filters. */
  inStock: z.number().int().min(0),
  /**
   * True when more products match than the facet pass reads (FACET_COUNT_LIMIT, ADR 0138): the values, the
   * counts (then lower bounds) and the price range come from the first matches read only. Absent: exact.
   */
  countsApproximate: z.boolean().optional(),
});
export type Facets = z.infer<typeof facetsSchema>;

export const productListSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
  /** How many products match (the result count shoppers see). */
  total: z.number().int().min(0).optional(),
  /** True when more products match than `total` says (it is then FACET_COUNT_LIMIT, ADR 0138). Absent: exact. */
  totalIsLowerBound: z.boolean().optional(),
  /** Facet counts, on the filterable lists (search, category, shop). */
  facets: facetsSchema.optional(),
});
export type ProductList = z.infer<typeof productListSchema>;

// Sorts, steps and limits live in a zod-free module, so a storefront list page reads them without zod.
export { DISCOUNT_STEPS, PRODUCT_SORTS, RATING_STEPS, type ProductSort } from '../list-filters.ts';

/** `size=M,L`, repeated `size=M&size=L`, or both: a list of short texts (readListParam's rule). */
const listParam = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(z.string().max(FILTER_VALUE_MAX_LENGTH)).max(max, 'Too many values'));

const numberParam = (rule: NumberRule) => {
  const n = z.coerce.number().min(rule.min).max(rule.max);
  return (rule.int ? n.int() : n).optional();
};

/**
 * Filters and sort shared by the storefront lists (search, category and shop pages), kept in the page URL
 * with the same names (docs/decisions/0103-filters-and-facets.md). Prices are INR sale prices.
 */
export const productFilterQuery = z.object({
  size: listParam(LIST_FILTER_MAX.size),
  colour: listParam(LIST_FILTER_MAX.colour),
  brand: listParam(LIST_FILTER_MAX.brand),
  /** Seller user ids. */
  seller: listParam(LIST_FILTER_MAX.seller),
  minPrice: numberParam(NUMBER_FILTERS.minPrice),
  maxPrice: numberParam(NUMBER_FILTERS.maxPrice),
  rating: numberParam(NUMBER_FILTERS.rating),
  discount: numberParam(NUMBER_FILTERS.discount),
  inStock: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  sort: z.enum(PRODUCT_SORTS).optional(),
});
export type ProductFilters = z.output<typeof productFilterQuery>;

/** GET /api/products?keyword=&pageNumber=&…filters — a blank keyword is the plain list. */
export const productListQuery = pageQuery.extend({
  keyword: z.string().max(MAX_KEYWORD_LENGTH, 'Search text is too long').optional(),
  /** A category name (the search page sends a top level's): only products under it; unknown → none. */
  category: z.string().trim().max(MAX_CATEGORY_NAME_LENGTH).optional(),
  ...productFilterQuery.shape,
});

/** `categoryIDs=a,b,c`, repeated `categoryIDs=a&categoryIDs=b`, or both. */
export const categoryIdsParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    (Array.isArray(v) ? v : v === undefined ? [] : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .pipe(z.array(idSchema).max(5000, 'Too many categories'));

export const productsByCategoryQuery = pageQuery.extend({
  categoryIDs: categoryIdsParam,
  ...productFilterQuery.shape,
});

/** GET /api/shops/products/:shopName?pageNumber=&…filters. */
export const shopProductsQuery = pageQuery.extend({ ...productFilterQuery.shape });

export const markupSchema = z.object({ percentageMarkup: z.number() });

/** POST /api/products/:id/reviews (docs/product/messages.md: rating 1 Poor … 5 Excellent; docs/product/catalog.md: comment required). */
export const REVIEW_MSG = {
  rating: 'Please choose a rating from 1 to 5',
  commentRequired: 'Please enter a comment',
  commentTooLong: 'A review can be at most 2000 characters',
  alreadyReviewed: 'Product already reviewed',
  ownProduct: 'You cannot review your own product',
  added: 'Review added',
} as const;

export const reviewBody = z
  .object({
    rating: z
      .number({ message: REVIEW_MSG.rating })
      .int(REVIEW_MSG.rating)
      .min(1, REVIEW_MSG.rating)
      .max(5, REVIEW_MSG.rating),
    comment: z
      .string({ message: REVIEW_MSG.commentRequired })
      .trim()
      .min(1, REVIEW_MSG.commentRequired)
      .max(2000, REVIEW_MSG.commentTooLong),
  })
  .strict();
export type ReviewBody = z.input<typeof reviewBody>;

/**
 * A live discount as `GET /api/product-discounts` sends it (docs/product/api.md#resources names). Coupon codes are never listed:
 * `coupon_code` is null and `requires_coupon` true for a coupon discount; the cart learns the discounts of
 * a code the buyer typed from `GET /api/product-discounts/coupon/:code`
 * (docs/decisions/0041-coupon-codes-are-not-listed.md).
 */
export const productDiscountSchema = z.object({
  _id: z.string(),
  product_id: z.string(),
  discount_value: moneySchema,
  discount_unit: z.enum(DISCOUNT_UNITS),
  valid_until: isoDate,
  coupon_code: z.string().nullable(),
  activate: z.boolean(),
  requires_coupon: z.boolean(),
});
export type ProductDiscount = z.infer<typeof productDiscountSchema>;

export const couponParams = z.object({ code: z.string().trim().min(1).max(100) });

/**
 * GET /api/product-discounts?products=a,b,c: only those products' live discounts. Without `products`, every
 * live discount (the original route). Ids come comma-separated, repeated, or both; duplicates are dropped.
 */
export const discountsQuery = z.object({
  products: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : [
            ...new Set(
              (Array.isArray(v) ? v : [v])
                .flatMap((s) => s.split(','))
                .map((s) => s.trim())
                .filter((s) => s !== ''),
            ),
          ],
    )
    .pipe(
      z.array(idSchema).max(MAX_DISCOUNT_PRODUCTS, `At most ${MAX_DISCOUNT_PRODUCTS} products`).optional(),
    ),
});

/** A shop's public page (docs/product/api.md#resources Shop; docs/product/screens.md "Products by {owner name}"). */
export const publicShopSchema = z.object({
  _id: z.string(),
  shopName: z.string(),
  shopPicture: z.string().nullable(),
  shopBanner: z.string().nullable(),
  user: z.object({ _id: z.string(), name: z.string() }),
});
export type PublicShop = z.infer<typeof publicShopSchema>;

/** GET /api/shops/names: shop id → shop name. */
export const shopNamesSchema = z.record(z.string(), z.string());

export const shopNameParams = z.object({ shopName: z.string().trim().min(1).max(300) });

// ——— Seller and admin product tables (docs/product/api.md#wire-conventions: 20 rows a page) ———

export const TABLE_PAGE_SIZE = 20;

/** GET /api/products/seller/:userId and GET /api/products/admin/productlist. */
export const productTableQuery = pageQuery;
export const sellerParams = z.object({ userId: z.string().max(100) });

/** POST /api/upload/product answers the links of the stored originals, in upload order. */
export const imageLinksSchema = z.array(z.string());
/** POST /api/upload/shop-picture and /shop-banner answer the stored file's path (docs/product/api.md). */
export const storedPathSchema = z.string();
