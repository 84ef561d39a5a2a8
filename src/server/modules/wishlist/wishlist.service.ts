import { ERROR_CODES } from '#shared/errors.ts';
import {
  WISHLIST_MAX,
  WISHLIST_MSG,
  type Wishlist,
  type WishlistMergeResult,
  type WishlistState,
} from '#shared/schemas/wishlist.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { toProductList } from '../catalog/product.service.ts';
import * as repo from './wishlist.repo.ts';

/**
 * A signed-in shopper's wishlist (docs/decisions/0104-wishlist.md, docs/product/catalog.md#wishlist). Each
 * call acts on the caller's own list only; there is no way to name another person's.
 */

/**
 * GET /api/wishlist: the saved products on sale, newest saved first, as the catalogue's product answers.
 * A product its seller switched off is left out (shoppers may not see it) but stays saved, and shows
 * again if it comes back on sale.
 */
export async function list(ctx: AuthedCtx): Promise<Wishlist> {
  const ids = await repo.savedActiveIds(ctx.db, ctx.actor.id, WISHLIST_MAX);
  const { products } = await toProductList(ctx, { ids, total: ids.length }, 1);
  return { products };
}

/** PUT /api/wishlist/:productId: save an active product; saving it again changes nothing. */
export async function add(ctx: AuthedCtx, productId: string): Promise<WishlistState> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await repo.lockList(tx, ctx.actor.id);
    return repo.addIfRoom(tx, ctx.actor.id, productId, WISHLIST_MAX);
  });
  if (outcome === 'no_product') throw notFound(WISHLIST_MSG.productNotFound);
  if (outcome === 'full') throw conflict(WISHLIST_MSG.full, ERROR_CODES.wishlist_full);
  return { productId, saved: true };
}

/** DELETE /api/wishlist/:productId: forget it, whether or not it was saved (or still exists). */
export async function remove(ctx: AuthedCtx, productId: string): Promise<WishlistState> {
  await repo.remove(ctx.db, ctx.actor.id, productId);
  return { productId, saved: false };
}

/**
 * POST /api/wishlist/merge: the browser's guest list, on sign-in. Adds what it can (unknown, switched-off
 * and already saved products are skipped; a full list takes no more) and never refuses the list for
 * its contents, so signing in always succeeds in handing it over.
 */
export async function merge(ctx: AuthedCtx, productIds: readonly string[]): Promise<WishlistMergeResult> {
  const added = await ctx.db.transaction(async (tx) => {
    await repo.lockList(tx, ctx.actor.id);
    return repo.mergeIds(tx, ctx.actor.id, productIds, WISHLIST_MAX);
  });
  return { added };
}
