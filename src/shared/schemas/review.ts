import { z } from 'zod';
import { idParams, isoDate, pageQuery } from './common.ts';
import { reviewBody, reviewSchema } from './product.ts';
import { MAX_HIDE_REASON, MAX_REVIEW_IMAGES, REVIEW_PARTS, REVIEW_SORTS } from '../reviews.ts';

/**
 * Review payloads beyond SPEC's create (docs/product/api.md Reviews; docs/decisions/0105-reviews.md): the
 * paged list, edits, photos, helpful votes and hiding.
 */

// The limits and names live in ../reviews.ts (no zod, so the product page can use them).
export {
  MAX_HIDE_REASON,
  MAX_REVIEW_IMAGES,
  REVIEW_PARTS,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  type ReviewSort,
} from '../reviews.ts';

export const REVIEW_WRITE_MSG = {
  tooManyImages: `A review can have at most ${String(MAX_REVIEW_IMAGES)} photos`,
  notAnImage: 'Only JPEG, PNG, WebP or GIF photos are accepted',
  badJson: `Please send the review as JSON in the '${REVIEW_PARTS.fields}' field`,
  unknownImage: 'This photo is not one of the review’s photos',
  notFound: 'Review not found',
  updated: 'Review updated',
  deleted: 'Review deleted',
  ownVote: 'You cannot vote on your own review',
  reasonRequired: 'Please give a reason for hiding the review',
  reasonTooLong: `A reason can be at most ${String(MAX_HIDE_REASON)} characters`,
} as const;

/** GET /api/products/:id/reviews?sort=newest|helpful&pageNumber= */
export const reviewListQuery = pageQuery.extend({
  sort: z.enum(REVIEW_SORTS).default('newest'),
});
export type ReviewListQuery = z.input<typeof reviewListQuery>;

/** `/api/reviews/:id`: a malformed id answers 404 like an unknown one. */
export const reviewParams = idParams('Review not found');

/** Why and when Admin hid a review: shown to Admin and to the review's author only. */
export const reviewHiddenSchema = z.object({ at: isoDate, reason: z.string() });

/** A review as the paged list and the write answers send it. */
export const reviewItemSchema = reviewSchema.extend({
  images: z.array(z.string()),
  helpfulCount: z.number().int().min(0),
  /** Later than createdAt once the author edited it. */
  updatedAt: isoDate,
  /** Written by the caller. */
  mine: z.boolean(),
  /** The caller has marked it helpful. */
  votedHelpful: z.boolean(),
  /** Null unless hidden and the caller is Admin or the author. */
  hidden: reviewHiddenSchema.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewPageSchema = z.object({
  reviews: z.array(reviewItemSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
  /** Reviews in the list: the visible ones (Admin: hidden ones too). */
  total: z.number().int().min(0),
  /** The caller's own review of this product, hidden or not; null for guests and non-reviewers. */
  mine: reviewItemSchema.nullable(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/**
 * PUT /api/reviews/:id (the author): rating and comment as when writing it, and `images`, the URLs of
 * its current photos to keep, in order (left out: keep them all). New photos come as multipart files
 * after the kept ones; kept and new together at most MAX_REVIEW_IMAGES.
 */
export const reviewEditBody = reviewBody.extend({
  images: z.array(z.string().max(2000)).max(MAX_REVIEW_IMAGES, REVIEW_WRITE_MSG.tooManyImages).optional(),
});
export type ReviewEditBody = z.input<typeof reviewEditBody>;

/** PUT /api/reviews/:id/hide (Admin). */
export const reviewHideBody = z
  .object({
    reason: z
      .string({ message: REVIEW_WRITE_MSG.reasonRequired })
      .trim()
      .min(1, REVIEW_WRITE_MSG.reasonRequired)
      .max(MAX_HIDE_REASON, REVIEW_WRITE_MSG.reasonTooLong),
  })
  .strict();
export type ReviewHideBody = z.input<typeof reviewHideBody>;

/** POST/DELETE /api/reviews/:id/helpful. */
export const helpfulSchema = z.object({
  helpfulCount: z.number().int().min(0),
  votedHelpful: z.boolean(),
});
export type Helpful = z.infer<typeof helpfulSchema>;
