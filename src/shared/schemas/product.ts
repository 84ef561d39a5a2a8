import { z } from 'zod';
import { DISCOUNT_UNITS } from '../discounts.ts';
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
  /** The reviewer has an order (not cancelled) containing this product (docs/product/catalog.md). */
  verifiedPurchase: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

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
  /** On the detail answer only; lists send []. */
  reviews: z.array(reviewSchema),
  user: z.object({ _id: z.string(), name: z.string() }),
  shop: z.object({ _id: z.string(), shopName: z.string() }).nullable(),
  sizes: z.array(z.string()),
  percentageMarkup: z.number(),
  status: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
});
export type ProductList = z.infer<typeof productListSchema>;

/** GET /api/products?keyword=&pageNumber= — a blank keyword is the plain list. */
export const productListQuery = pageQuery.extend({
  keyword: z.string().max(MAX_KEYWORD_LENGTH, 'Search text is too long').optional(),
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

export const productsByCategoryQuery = pageQuery.extend({ categoryIDs: categoryIdsParam });

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
