/**
 * Review summary rules (docs/product/catalog.md#reviews, docs/decisions/0105-reviews.md): how many
 * visible reviews gave each number of stars, the exact average the product row keeps, and the bars of the
 * 5★…1★ breakdown. Pure; the server counts, the page draws.
 */

/** Reviews a page of GET /api/products/:id/reviews holds. */
export const REVIEWS_PAGE_SIZE = 10;
/** Photos one review may have; the same files and limits as product images. */
export const MAX_REVIEW_IMAGES = 4;
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/** A multipart review: the JSON body in the `review` field, the photos as `images` files. */
export const REVIEW_PARTS = { fields: 'review', files: 'images' } as const;
export const MAX_HIDE_REASON = 500;

export const STAR_VALUES = [5, 4, 3, 2, 1] as const;
export type Stars = (typeof STAR_VALUES)[number];

/** Visible reviews per number of stars. */
export type RatingCounts = Record<'1' | '2' | '3' | '4' | '5', number>;

export const emptyRatingCounts = (): RatingCounts => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });

/** Counts from `(rating, n)` rows, as a GROUP BY answers them; ratings outside 1–5 are ignored. */
export function ratingCountsFrom(rows: readonly { rating: number; n: number }[]): RatingCounts {
  const counts = emptyRatingCounts();
  for (const { rating, n } of rows) {
    const key = String(rating);
    if (key in counts) counts[key as keyof RatingCounts] += n;
  }
  return counts;
}

export const totalReviews = (c: RatingCounts): number =>
  STAR_VALUES.reduce((sum, s) => sum + c[String(s) as keyof RatingCounts], 0);

/**
 * The average rating rounded half-up to 2 decimals, 0 without reviews: what PostgreSQL's
 * `round(avg(rating)::numeric, 2)` stores in products.rating. Integer arithmetic, so 14 / 3 is 4.67
 * exactly as the database has it.
 */
export function averageRating(c: RatingCounts): number {
  const n = totalReviews(c);
  if (n === 0) return 0;
  const sum = STAR_VALUES.reduce((acc, s) => acc + s * c[String(s) as keyof RatingCounts], 0);
  // round(sum / n, 2) half-up = floor((200·sum + n) / 2n) / 100, all integers.
  return Math.floor((200 * sum + n) / (2 * n)) / 100;
}

export type BreakdownRow = { stars: Stars; count: number; percent: number };

/**
 * One row per star value, 5★ first, with its share of all reviews in whole percent (for a bar; the
 * count is what people read). Shares are rounded each on its own, so they may not add up to 100.
 */
export function ratingBreakdown(c: RatingCounts): BreakdownRow[] {
  const n = totalReviews(c);
  return STAR_VALUES.map((stars) => {
    const count = c[String(stars) as keyof RatingCounts];
    return { stars, count, percent: n === 0 ? 0 : Math.round((count * 100) / n) };
  });
}

/** "4.67 out of 5 from 3 reviews"; "No reviews yet". */
export function ratingSummaryText(c: RatingCounts): string {
  const n = totalReviews(c);
  if (n === 0) return 'No reviews yet';
  return `${String(averageRating(c))} out of 5 from ${String(n)} ${n === 1 ? 'review' : 'reviews'}`;
}

/** "5 stars: 3 reviews (60%)", the text a screen reader hears for one bar. */
export const breakdownRowText = (r: BreakdownRow): string =>
  `${String(r.stars)} ${r.stars === 1 ? 'star' : 'stars'}: ${String(r.count)} ${r.count === 1 ? 'review' : 'reviews'} (${String(r.percent)}%)`;
