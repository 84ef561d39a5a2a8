import { lazy } from 'react';
import { LazyPart } from '#web/components/lazy-part.tsx';
import type { ReviewItem } from '#shared/schemas/review.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Rating } from '#web/components/rating.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { useVoteHelpful } from '../api/vote-helpful.ts';
import { ReviewPhotos } from './review-photos.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';

// Admin's hide control (a form) loads for Admin only, in the browser: in the server's HTML it would be a
// form without its code until the chunk arrived.
const HideControl = lazy(() => import('./hide-control.tsx').then((m) => ({ default: m.HideControl })));

/** '1 person found this helpful', '3 people …'. */
export const helpfulText = (n: number, t: Translate) =>
  t('reviews.list.helpfulCount', { count: n, n: String(n) });

/** Edited: the author changed it after writing it (votes and hiding leave updatedAt alone). */
const wasEdited = (r: ReviewItem) => Date.parse(r.updatedAt) > Date.parse(r.createdAt);

function HelpfulButton({ productId, review }: { productId: string; review: ReviewItem }) {
  const t = useT();
  const vote = useVoteHelpful(productId);
  return (
    <>
      <button
        type="button"
        className={`btn btn-sm ${review.votedHelpful ? 'btn-success' : 'btn-outline-secondary'}`}
        aria-pressed={review.votedHelpful}
        disabled={vote.isPending}
        onClick={() => vote.mutate({ reviewId: review._id, on: !review.votedHelpful })}
      >
        {review.votedHelpful ? <span aria-hidden="true">✓ </span> : null}
        {t('reviews.list.helpful')}
        <span className="ms-1 badge text-bg-light border">{review.helpfulCount}</span>
        <span className="visually-hidden">, {helpfulText(review.helpfulCount, t)}</span>
      </button>
      <ErrorAlert error={vote.error} className="mt-2 mb-0 py-1 small" />
    </>
  );
}

/**
 * One page of a product's reviews (docs/product/screens.md): name, 'Verified purchase' badge, stars,
 * date, comment, photos, and the helpful count. Signed-in people may vote on others' reviews; Admin sees
 * hidden reviews marked with their reason and may hide or show them. 'No Reviews' when there are none.
 */
export function ReviewList({
  productId,
  reviews,
  signedIn,
  admin,
}: {
  productId: string;
  reviews: readonly ReviewItem[];
  signedIn: boolean;
  admin: boolean;
}) {
  const t = useT();
  const hydrated = useHydrated();
  if (reviews.length === 0) return <Message variant="secondary">{t('reviews.list.none')}</Message>;
  return (
    <ul className="list-group list-group-flush haat-reviews">
      {reviews.map((review) => (
        <li
          key={review._id}
          className={`list-group-item px-0 ${review.hidden ? 'haat-review-hidden' : ''}`}
          aria-label={t('reviews.list.reviewBy', { name: review.name })}
        >
          {review.hidden ? (
            <p className="small mb-1 text-danger-emphasis">
              <span className="badge text-bg-danger me-1">{t('reviews.list.hidden')}</span>
              {t('reviews.list.reason', {
                reason: review.hidden.reason,
                date: formatDate(review.hidden.at, t.language.intl),
              })}
            </p>
          ) : null}
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <strong>{review.name}</strong>
            {review.mine ? (
              <span className="badge text-bg-secondary">{t('reviews.list.yourReview')}</span>
            ) : null}
            {review.verifiedPurchase ? (
              <span className="badge text-bg-success haat-verified">{t('reviews.list.verified')}</span>
            ) : null}
          </div>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <Rating value={review.rating} className="small" />
            <time dateTime={review.createdAt} className="small text-body-secondary">
              {formatDate(review.createdAt, t.language.intl)}
            </time>
            {wasEdited(review) ? (
              <span className="small text-body-secondary">{t('reviews.list.edited')}</span>
            ) : null}
          </div>
          <p className="mb-2 haat-review-comment">{review.comment}</p>
          <ReviewPhotos urls={review.images} author={review.name} />
          <div className="d-flex flex-wrap align-items-center gap-2">
            {signedIn && !review.mine && !review.hidden ? (
              <HelpfulButton productId={productId} review={review} />
            ) : review.helpfulCount > 0 ? (
              <span className="small text-body-secondary">{helpfulText(review.helpfulCount, t)}</span>
            ) : null}
          </div>
          {admin && hydrated ? (
            <LazyPart>
              <HideControl productId={productId} review={review} />
            </LazyPart>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
