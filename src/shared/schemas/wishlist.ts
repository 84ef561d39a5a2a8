import { z } from 'zod';
import { idSchema, pathId } from './common.ts';
import { productSchema } from './product.ts';
import { WISHLIST_MAX, WISHLIST_MERGE_MAX } from '../wishlist.ts';

/**
 * Wishlist payloads (docs/decisions/0104-wishlist.md, docs/product/api.md Wishlist): a signed-in buyer's
 * saved products, and the guest list a browser hands over on sign-in.
 */

export { WISHLIST_MAX, WISHLIST_MERGE_MAX };

export const WISHLIST_MSG = {
  productNotFound: 'Product not found',
  full: `Your wishlist is full (${WISHLIST_MAX} products): remove something first`,
  tooManyIds: `At most ${WISHLIST_MERGE_MAX} products at a time`,
} as const;

/** `/:productId` params: a malformed id answers 404 like an unknown one. */
export const wishlistProductParams = z.object({ productId: pathId(WISHLIST_MSG.productNotFound) });

/** GET /api/wishlist: the saved products a shopper may see (active ones), newest saved first. */
export const wishlistSchema = z.object({ products: z.array(productSchema) });
export type Wishlist = z.infer<typeof wishlistSchema>;

/** PUT and DELETE /api/wishlist/:productId: where the product stands afterwards. */
export const wishlistStateSchema = z.object({ productId: z.string(), saved: z.boolean() });
export type WishlistState = z.infer<typeof wishlistStateSchema>;

/**
 * POST /api/wishlist/merge: the guest list, newest first. Well-formed ids only; unknown or inactive
 * products are skipped, not refused (the list may be old).
 */
export const wishlistMergeBody = z.object({
  productIds: z.array(idSchema).max(WISHLIST_MERGE_MAX, { message: WISHLIST_MSG.tooManyIds }),
});
export type WishlistMergeBody = z.infer<typeof wishlistMergeBody>;

/** How many of the merged products were new to the account's list. */
export const wishlistMergeResultSchema = z.object({ added: z.number().int().min(0) });
export type WishlistMergeResult = z.infer<typeof wishlistMergeResultSchema>;
