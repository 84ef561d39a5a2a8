import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isAdmin, type Actor } from '#shared/permissions.ts';
import { REVIEW_MSG, type Review, type ReviewBody } from '#shared/schemas/product.ts';
import {
  MAX_REVIEW_IMAGES,
  REVIEW_WRITE_MSG,
  REVIEWS_PAGE_SIZE,
  type Helpful,
  type ReviewEditBody,
  type ReviewItem,
  type ReviewPage,
  type ReviewSort,
} from '#shared/schemas/review.ts';
import { ratingCountsFrom, type RatingCounts } from '#shared/reviews.ts';
import { uniqueViolation } from '../../db/pg-errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { deleteProductImage, sniffImageType, storeImage } from '../../lib/images.ts';
import type { Storage } from '../../lib/storage.ts';
import type { AuthedCtx, Ctx } from '../../lib/types.ts';
import * as repo from './review.repo.ts';
import { catalogTag, invalidateCatalog, productTags } from '../../db/catalog-invalidation.ts';

/**
 * Reviews (docs/product/catalog.md#reviews, docs/decisions/0105-reviews.md): one per person and product,
 * with up to 4 photos, editable and deletable by their author, voted helpful by others, hidden by Admin.
 * A product's rating and numReviews count the visible reviews only and are recomputed in the transaction
 * of every write that changes them.
 */

const PRODUCT_NOT_FOUND = 'Product not found';

export type ReviewWriteCtx = AuthedCtx & { storage: Storage; log?: Pick<FastifyBaseLogger, 'warn'> };

const iso = (d: Date) => d.toISOString();

/** An inactive product (and so its reviews) is visible to its seller and to Admin only. */
const canSeeProduct = (actor: Actor | null, p: { userId: string; status: boolean }) =>
  p.status || (!!actor && (actor.id === p.userId || isAdmin(actor)));

function toItem(row: repo.ReviewRow, actor: Actor | null): ReviewItem {
  const mine = !!actor && actor.id === row.userId;
  const showHidden = row.hiddenAt !== null && (mine || isAdmin(actor));
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    verifiedPurchase: row.verifiedPurchase,
    images: row.images,
    helpfulCount: row.helpfulCount,
    mine,
    votedHelpful: row.votedHelpful,
    hidden: showHidden && row.hiddenAt ? { at: iso(row.hiddenAt), reason: row.hiddenReason ?? '' } : null,
  };
}

/** The SPEC review shape (with photos and the helpful count) the product detail embeds. */
const toEmbedded = (row: repo.ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  rating: row.rating,
  comment: row.comment,
  createdAt: iso(row.createdAt),
  verifiedPurchase: row.verifiedPurchase,
  images: row.images,
  helpfulCount: row.helpfulCount,
});

/** The newest visible reviews, for the product detail answer (its first page). */
export async function embeddedReviews(ctx: Ctx, productId: string): Promise<Review[]> {
  const { rows } = await repo.reviewPage(ctx.db, {
    productId,
    viewerId: null,
    withHidden: false,
    sort: 'newest',
    offset: 0,
    limit: REVIEWS_PAGE_SIZE,
  });
  return rows.map(toEmbedded);
}

/** The 5★…1★ counts of the visible reviews (the detail answer's `ratingCounts`). */
export async function ratingCounts(ctx: Ctx, productId: string): Promise<RatingCounts> {
  return ratingCountsFrom(await repo.ratingCountRows(ctx.db, productId));
}

/**
 * GET /api/products/:id/reviews: a page of 10, newest or most helpful first. Hidden reviews are left out,
 * except for Admin, who sees them marked with the reason. `mine` is the caller's own review (hidden or
 * not), so the page knows to offer "Edit your review" instead of the form.
 */
export async function reviewsPage(
  ctx: Ctx,
  productId: string,
  q: { sort: ReviewSort; pageNumber: number },
): Promise<ReviewPage> {
  const head = await repo.productHead(ctx.db, productId);
  if (!head || !canSeeProduct(ctx.actor, head)) throw notFound(PRODUCT_NOT_FOUND);
  const viewerId = ctx.actor?.id ?? null;
  const [{ rows, total }, mine] = await Promise.all([
    repo.reviewPage(ctx.db, {
      productId,
      viewerId,
      withHidden: isAdmin(ctx.actor),
      sort: q.sort,
      offset: (q.pageNumber - 1) * REVIEWS_PAGE_SIZE,
      limit: REVIEWS_PAGE_SIZE,
    }),
    viewerId ? repo.ownReview(ctx.db, productId, viewerId) : null,
  ]);
  return {
    reviews: rows.map((r) => toItem(r, ctx.actor)),
    page: q.pageNumber,
    pages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
    total,
    mine: mine ? toItem(mine, ctx.actor) : null,
  };
}

/**
 * Every file must be an image by its first bytes (400 naming the file otherwise: the request's type is
 * right, one of its files is not), at most `max` of them. Checked before anything is stored.
 */
function checkPhotos(files: readonly Buffer[], max: number): void {
  if (files.length > max)
    throw invalid(REVIEW_WRITE_MSG.tooManyImages, [
      { path: 'images', message: REVIEW_WRITE_MSG.tooManyImages },
    ]);
  const bad = files.findIndex((f) => sniffImageType(f) === null);
  if (bad >= 0)
    throw invalid(REVIEW_WRITE_MSG.notAnImage, [
      { path: `images.${String(bad)}`, message: REVIEW_WRITE_MSG.notAnImage },
    ]);
}

/** Store photos one at a time in the review's folder; on failure remove those already stored. */
async function storePhotos(
  ctx: ReviewWriteCtx,
  reviewId: string,
  files: readonly Buffer[],
): Promise<string[]> {
  const stored: string[] = [];
  try {
    // One at a time: each photo is three sharp encodes, and the machine has other requests to serve.
    for (const file of files) stored.push((await storeImage(ctx.storage, `reviews/${reviewId}`, file)).url);
  } catch (err) {
    await removePhotos(ctx, stored);
    throw err;
  }
  return stored;
}

/** Delete stored photos; one that cannot be deleted is only an orphan in storage (logged). */
async function removePhotos(ctx: ReviewWriteCtx, urls: readonly string[]): Promise<void> {
  const undone = await Promise.allSettled(urls.map((url) => deleteProductImage(ctx.storage, url)));
  for (const r of undone)
    if (r.status === 'rejected') ctx.log?.warn({ err: r.reason }, 'could not delete a review photo');
}

/**
 * POST /api/products/:id/reviews (JSON, or multipart with photos). The cheap refusals come first (unknown
 * or inactive product 404, own product 403, already reviewed 409, bad photos 400), then the photos are
 * stored, then one transaction: lock the product row, insert the review (the unique key refuses a second
 * review by the same user, even when two arrive together) and its photos, recompute rating and numReviews.
 * If the transaction fails the stored photos are deleted again.
 */
export async function addReview(
  ctx: ReviewWriteCtx,
  productId: string,
  body: ReviewBody,
  files: readonly Buffer[] = [],
): Promise<void> {
  const { actor } = ctx;
  const head = await repo.productHead(ctx.db, productId);
  if (!head || !head.status) throw notFound(PRODUCT_NOT_FOUND);
  // A seller rating their own goods is not a review.
  if (head.userId === actor.id) throw forbidden(REVIEW_MSG.ownProduct);
  if (await repo.ownReview(ctx.db, productId, actor.id))
    throw conflict(REVIEW_MSG.alreadyReviewed, 'already_reviewed');
  checkPhotos(files, MAX_REVIEW_IMAGES);

  const id = randomUUID();
  const photos = await storePhotos(ctx, id, files);
  try {
    await ctx.db.transaction(async (tx) => {
      const product = await repo.lockProduct(tx, productId);
      if (!product || !product.status) throw notFound(PRODUCT_NOT_FOUND);
      try {
        await repo.insertReview(tx, {
          id,
          productId,
          userId: actor.id,
          name: actor.name,
          rating: body.rating,
          comment: body.comment,
        });
      } catch (err) {
        if (uniqueViolation(err) === 'reviews_one_per_user')
          throw conflict(REVIEW_MSG.alreadyReviewed, 'already_reviewed');
        throw err;
      }
      await repo.replaceImages(tx, id, photos);
      await repo.refreshRating(tx, productId);
      await invalidateCatalog(tx, productTags({ id: productId }));
    });
  } catch (err) {
    await removePhotos(ctx, photos);
    throw err;
  }
}

/** The caller's own review, or 404 (another person's review is not theirs to change, nor to learn of). */
async function ownedReview(ctx: AuthedCtx, id: string): Promise<repo.ReviewRow> {
  const row = await repo.reviewById(ctx.db, id, ctx.actor.id);
  if (!row || row.userId !== ctx.actor.id) throw notFound(REVIEW_WRITE_MSG.notFound);
  return row;
}

/**
 * PUT /api/reviews/:id (its author only; others 404): new rating and comment; `images` lists the current
 * photos to keep, in order (left out: all kept); new files are added after them, 4 at most in all. One
 * transaction with the product row locked: update, replace the photo rows, recompute the rating. Photos
 * dropped are deleted from storage after the commit; new ones are deleted again if it fails. A hidden
 * review stays hidden when edited (Admin shows it again).
 */
export async function editReview(
  ctx: ReviewWriteCtx,
  id: string,
  body: ReviewEditBody,
  files: readonly Buffer[] = [],
): Promise<ReviewItem> {
  const current = await ownedReview(ctx, id);
  const keep = body.images ?? current.images;
  const unknown = keep.findIndex((url) => !current.images.includes(url));
  if (unknown >= 0)
    throw invalid(REVIEW_WRITE_MSG.unknownImage, [
      { path: `images.${String(unknown)}`, message: REVIEW_WRITE_MSG.unknownImage },
    ]);
  const kept = [...new Set(keep)];
  checkPhotos(files, MAX_REVIEW_IMAGES - kept.length);

  const added = await storePhotos(ctx, id, files);
  let dropped: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.lockProduct(tx, current.productId);
      // Read again under the lock: a concurrent edit may have changed the photos.
      const photos = await repo.imagesOf(tx, id);
      if (kept.some((url) => !photos.includes(url)))
        throw invalid(REVIEW_WRITE_MSG.unknownImage, [
          { path: 'images', message: REVIEW_WRITE_MSG.unknownImage },
        ]);
      await repo.updateReview(tx, id, { rating: body.rating, comment: body.comment.trim() });
      await repo.replaceImages(tx, id, [...kept, ...added]);
      await repo.refreshRating(tx, current.productId);
      await invalidateCatalog(tx, productTags({ id: current.productId }));
      dropped = photos.filter((url) => !kept.includes(url));
    });
  } catch (err) {
    await removePhotos(ctx, added);
    throw err;
  }
  await removePhotos(ctx, dropped);
  return toItem(await ownedReview(ctx, id), ctx.actor);
}

/**
 * DELETE /api/reviews/:id (its author only; others 404): the review, its photos and votes go, the rating
 * is recomputed in the same transaction; the photo files are deleted after the commit. The author may
 * then write a new review.
 */
export async function deleteReview(ctx: ReviewWriteCtx, id: string): Promise<void> {
  const current = await ownedReview(ctx, id);
  let photos: string[] = [];
  await ctx.db.transaction(async (tx) => {
    await repo.lockProduct(tx, current.productId);
    photos = await repo.imagesOf(tx, id);
    await repo.deleteReview(tx, id);
    await repo.refreshRating(tx, current.productId);
    await invalidateCatalog(tx, productTags({ id: current.productId }));
  });
  await removePhotos(ctx, photos);
}

/**
 * POST (on) / DELETE (off) /api/reviews/:id/helpful: one vote per person (the votes' primary key), never
 * on one's own review (403). Only reviews the caller can see may be voted on (hidden ones, or those of an
 * inactive product: 404). The review row is locked and helpful_count recounted in the same transaction;
 * voting twice or taking back a vote never given changes nothing.
 */
export async function voteHelpful(ctx: AuthedCtx, id: string, on: boolean): Promise<Helpful> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const review = await repo.lockReview(tx, id);
    if (!review || review.hidden || !review.productActive) throw notFound(REVIEW_WRITE_MSG.notFound);
    if (review.userId === actor.id) throw forbidden(REVIEW_WRITE_MSG.ownVote);
    if (on) await repo.addVote(tx, id, actor.id);
    else await repo.removeVote(tx, id, actor.id);
    await invalidateCatalog(tx, [catalogTag.product(review.productId)]);
    return { helpfulCount: await repo.refreshHelpful(tx, id), votedHelpful: on };
  });
}

/**
 * PUT /api/reviews/:id/hide (Admin, with a reason) and /unhide: the review leaves (or returns to) the
 * storefront and the product's rating; the reason and who hid it are kept. One transaction with the
 * product row locked, like every write that changes the rating.
 */
export async function setHidden(ctx: AuthedCtx, id: string, reason: string | null): Promise<ReviewItem> {
  const current = await repo.reviewById(ctx.db, id, ctx.actor.id);
  if (!current) throw notFound(REVIEW_WRITE_MSG.notFound);
  await ctx.db.transaction(async (tx) => {
    await repo.lockProduct(tx, current.productId);
    await repo.setHidden(tx, id, reason === null ? null : { reason, by: ctx.actor.id });
    await repo.refreshRating(tx, current.productId);
    await invalidateCatalog(tx, productTags({ id: current.productId }));
  });
  const row = await repo.reviewById(ctx.db, id, ctx.actor.id);
  if (!row) throw notFound(REVIEW_WRITE_MSG.notFound);
  return toItem(row, ctx.actor);
}
