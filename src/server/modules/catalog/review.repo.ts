import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ReviewSort } from '#shared/schemas/review.ts';
import type { Queryable } from '../../db/client.ts';
import { products, reviewImages, reviews, reviewVotes } from '../../db/schema/index.ts';

/**
 * Review SQL (docs/decisions/0105-reviews.md). Every write that changes what a product's rating counts
 * (a new review, an edit, a delete, hiding) locks the product row first, so the recount in the same
 * transaction sees every write before it.
 */

/**
 * "Verified purchase": the reviewer has a delivered order with a line for this product, found through the
 * reviewer's orders (orders_user_idx), computed on read. Written out in full: Drizzle leaves columns
 * unqualified in a join-less select, which the correlated subquery would resolve against its own tables.
 */
const verifiedPurchase = sql<boolean>`exists (
  select 1 from orders o join order_items oi on oi.order_id = o.id
  where o.user_id = "reviews"."user_id"
    and oi.product_id = "reviews"."product_id"
    and o.is_delivered
    and o.status <> 'cancelled'
)`;

const imageUrls = sql<string[]>`coalesce((
  select array_agg(ri.url order by ri.position, ri.id)
  from review_images ri where ri.review_id = "reviews"."id"
), '{}')`;

const visible = isNull(reviews.hiddenAt);

export type ReviewRow = {
  id: string;
  productId: string;
  userId: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
  verifiedPurchase: boolean;
  images: string[];
  helpfulCount: number;
  votedHelpful: boolean;
  hiddenAt: Date | null;
  hiddenReason: string | null;
};

/** The columns of a review as the wire needs them, for `viewerId` (null: a guest). */
function reviewColumns(viewerId: string | null) {
  return {
    id: reviews.id,
    productId: reviews.productId,
    userId: reviews.userId,
    name: reviews.name,
    rating: reviews.rating,
    comment: reviews.comment,
    createdAt: reviews.createdAt,
    updatedAt: reviews.updatedAt,
    verifiedPurchase,
    images: imageUrls,
    helpfulCount: reviews.helpfulCount,
    votedHelpful: viewerId
      ? sql<boolean>`exists (select 1 from review_votes rv where rv.review_id = "reviews"."id" and rv.user_id = ${viewerId})`
      : sql<boolean>`false`,
    hiddenAt: reviews.hiddenAt,
    hiddenReason: reviews.hiddenReason,
  };
}

const ORDERS: Record<ReviewSort, SQL[]> = {
  newest: [sql`${reviews.createdAt} desc`, sql`${reviews.id} desc`],
  helpful: [sql`${reviews.helpfulCount} desc`, sql`${reviews.createdAt} desc`, sql`${reviews.id} desc`],
};

/** One page of a product's reviews and how many there are; hidden ones only when `withHidden`. */
export async function reviewPage(
  db: Queryable,
  q: {
    productId: string;
    viewerId: string | null;
    withHidden: boolean;
    sort: ReviewSort;
    offset: number;
    limit: number;
  },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = and(eq(reviews.productId, q.productId), q.withHidden ? undefined : visible);
  const [rows, counted] = await Promise.all([
    db
      .select(reviewColumns(q.viewerId))
      .from(reviews)
      .where(where)
      .orderBy(...ORDERS[q.sort])
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** A review by id (any product, hidden or not), as `viewerId` sees it. */
export async function reviewById(
  db: Queryable,
  id: string,
  viewerId: string | null,
): Promise<ReviewRow | null> {
  const rows = await db.select(reviewColumns(viewerId)).from(reviews).where(eq(reviews.id, id));
  return rows[0] ?? null;
}

/** The one review `userId` wrote of `productId`, hidden or not. */
export async function ownReview(db: Queryable, productId: string, userId: string): Promise<ReviewRow | null> {
  const rows = await db
    .select(reviewColumns(userId))
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return rows[0] ?? null;
}

/** Visible reviews per star value: `(rating, n)` rows. */
export async function ratingCountRows(
  db: Queryable,
  productId: string,
): Promise<{ rating: number; n: number }[]> {
  return db
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), visible))
    .groupBy(reviews.rating);
}

/** Who owns a product and whether it is on the storefront. */
export async function productHead(
  db: Queryable,
  id: string,
): Promise<{ id: string; userId: string; status: boolean } | null> {
  const rows = await db
    .select({ id: products.id, userId: products.userId, status: products.status })
    .from(products)
    .where(eq(products.id, id));
  return rows[0] ?? null;
}

/** Lock a product for the rest of the transaction (any status); null when unknown. */
export async function lockProduct(
  db: Queryable,
  id: string,
): Promise<{ id: string; userId: string; status: boolean } | null> {
  const rows = await db
    .select({ id: products.id, userId: products.userId, status: products.status })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return rows[0] ?? null;
}

/** Lock a review row: votes on one review queue here, so each recount sees the votes before it. */
export async function lockReview(
  db: Queryable,
  id: string,
): Promise<{
  id: string;
  productId: string;
  userId: string;
  hidden: boolean;
  productActive: boolean;
} | null> {
  const rows = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      userId: reviews.userId,
      hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
      productActive: products.status,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id))
    .for('update', { of: reviews });
  return rows[0] ?? null;
}

export async function insertReview(db: Queryable, values: typeof reviews.$inferInsert): Promise<void> {
  await db.insert(reviews).values(values);
}

export async function updateReview(
  db: Queryable,
  id: string,
  values: { rating: number; comment: string },
): Promise<void> {
  await db
    .update(reviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reviews.id, id));
}

export async function deleteReview(db: Queryable, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}

/** A review's photo URLs, in order. */
export async function imagesOf(db: Queryable, reviewId: string): Promise<string[]> {
  const rows = await db
    .select({ url: reviewImages.url })
    .from(reviewImages)
    .where(eq(reviewImages.reviewId, reviewId))
    .orderBy(asc(reviewImages.position), asc(reviewImages.id));
  return rows.map((r) => r.url);
}

/** Make `urls` the review's photos, in this order. */
export async function replaceImages(db: Queryable, reviewId: string, urls: readonly string[]): Promise<void> {
  await db.delete(reviewImages).where(eq(reviewImages.reviewId, reviewId));
  if (urls.length > 0)
    await db.insert(reviewImages).values(urls.map((url, position) => ({ reviewId, position, url })));
}

/** Hide (with the reason and who) or show again. */
export async function setHidden(
  db: Queryable,
  id: string,
  hidden: { reason: string; by: string } | null,
): Promise<void> {
  await db
    .update(reviews)
    .set(
      hidden
        ? { hiddenAt: sql`now()`, hiddenReason: hidden.reason, hiddenBy: hidden.by }
        : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
    )
    .where(eq(reviews.id, id));
}

/** Add a vote; false when this user had already voted (the primary key refuses a second). */
export async function addVote(db: Queryable, reviewId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(reviewVotes)
    .values({ reviewId, userId })
    .onConflictDoNothing()
    .returning({ reviewId: reviewVotes.reviewId });
  return rows.length > 0;
}

export async function removeVote(db: Queryable, reviewId: string, userId: string): Promise<void> {
  await db.delete(reviewVotes).where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)));
}

/** Recount helpful_count from the votes; answers the new count. */
export async function refreshHelpful(db: Queryable, reviewId: string): Promise<number> {
  const rows = await db
    .update(reviews)
    .set({
      helpfulCount: sql`(select count(*)::int from review_votes rv where rv.review_id = ${reviewId})`,
    })
    .where(eq(reviews.id, reviewId))
    .returning({ n: reviews.helpfulCount });
  return rows[0]?.n ?? 0;
}

/**
 * Recompute rating (exact average of the visible reviews, rounded half-up to 2 decimals by NUMERIC, as
 * #shared/reviews.ts averageRating) and numReviews. `updated_at` is left alone: it records edits by the
 * seller (docs/product/catalog.md).
 */
export async function refreshRating(db: Queryable, productId: string): Promise<void> {
  await db.execute(sql`
    update products
       set rating = stats.rating, num_reviews = stats.n
      from (select coalesce(round(avg(rating)::numeric, 2), 0) as rating, count(*)::int as n
              from reviews where product_id = ${productId} and hidden_at is null) as stats
     where products.id = ${productId}`);
}
