import { errorSchema } from '#shared/schemas/common.ts';
import {
  wishlistMergeBody,
  wishlistMergeResultSchema,
  wishlistProductParams,
  wishlistSchema,
  wishlistStateSchema,
} from '#shared/schemas/wishlist.ts';
import type { App } from '../../lib/types.ts';
import { requireActive } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as wishlist from './wishlist.service.ts';

/** The signed-in shopper's wishlist (docs/product/api.md Wishlist): any active account, its own list only. */
export default async function wishlistRoutes(app: App) {
  const errors = { 401: errorSchema, 403: errorSchema };

  app.get(
    '/wishlist',
    {
      onRequest: requireActive,
      schema: {
        tags: ['wishlist'],
        summary: 'My saved products, newest first',
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (req) => wishlist.list(signedIn(req)),
  );

  app.put(
    '/wishlist/:productId',
    {
      onRequest: requireActive,
      schema: {
        tags: ['wishlist'],
        summary: 'Save a product (saving it again changes nothing)',
        params: wishlistProductParams,
        response: { 200: wishlistStateSchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => wishlist.add(signedIn(req), req.params.productId),
  );

  app.delete(
    '/wishlist/:productId',
    {
      onRequest: requireActive,
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a saved product (removing it again changes nothing)',
        params: wishlistProductParams,
        response: { 200: wishlistStateSchema, ...errors, 404: errorSchema },
      },
    },
    async (req) => wishlist.remove(signedIn(req), req.params.productId),
  );

  app.post(
    '/wishlist/merge',
    {
      onRequest: requireActive,
      schema: {
        tags: ['wishlist'],
        summary: "Add the browser's guest list on sign-in (unknown products are skipped)",
        body: wishlistMergeBody,
        response: { 200: wishlistMergeResultSchema, 400: errorSchema, ...errors },
      },
    },
    async (req) => wishlist.merge(signedIn(req), req.body.productIds),
  );
}
