import { lazy, useState } from 'react';
import { LazyPart } from '#web/components/lazy-part.tsx';
import { Link, useSearchParams } from 'react-router';
import { isAdmin } from '#shared/permissions.ts';
import { emptyRatingCounts, REVIEW_SORTS, type ReviewSort } from '#shared/reviews.ts';
import type { Product } from '#shared/schemas/product.ts';
import type { ReviewItem } from '#shared/schemas/review.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { Rating } from '#web/components/rating.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useSession } from '#web/lib/session.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewList } from './review-list.tsx';
import { ReviewPhotos } from './review-photos.tsx';
import { RatingSummary } from './rating-summary.tsx';
import '../reviews.css';

// The forms (react-hook-form, the review schema's zod) load for a signed-in buyer only: a shopper reading
// the page does not download them.
const ReviewForm = lazy(() => import('./review-form.tsx').then((m) => ({ default: m.ReviewForm })));
const EditReviewForm = lazy(() => import('./review-form.tsx').then((m) => ({ default: m.EditReviewForm })));

/** The list's sort and page live in the page URL (`reviewSort`, `reviewPage`), so they can be linked. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const sort: ReviewSort = params.get('reviewSort') === 'helpful' ? 'helpful' : 'newest';
  const page = Math.max(1, Math.floor(Number(params.get('reviewPage'))) || 1);
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('reviewPage', String(p));
    else next.delete('reviewPage');
    return `?${next.toString()}#reviews`;
  };
  const setSort = (s: ReviewSort) => {
    const next = new URLSearchParams(params);
    next.delete('reviewPage');
    if (s === 'newest') next.delete('reviewSort');
    else next.set('reviewSort', s);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { sort, page, hrefFor, setSort };
}

/** The signed-in author's own review, with "Edit your review". */
function MyReview({ review, onEdit }: { review: ReviewItem; onEdit: () => void }) {
  const t = useT();
  return (
    <div className="border rounded p-3 bg-body-tertiary">
      <p className="mb-1 fw-semibold">{t('reviews.mine.title')}</p>
      {review.hidden ? (
        <p className="small text-danger-emphasis mb-1">
          {t('reviews.mine.hidden', { reason: review.hidden.reason })}
        </p>
      ) : null}
      <Rating value={review.rating} className="small d-block mb-1" />
      <p className="mb-2 haat-review-comment">{review.comment}</p>
      <ReviewPhotos urls={review.images} author={t('reviews.mine.you')} />
      <button type="button" className="btn btn-outline-primary" onClick={onEdit}>
        {t('reviews.mine.edit')}
      </button>
    </div>
  );
}

/** The right-hand column: sign-in prompt, the form, or the buyer's own review and its edit. */
function WriteColumn({
  product,
  mine,
  loading,
}: {
  product: Product;
  mine: ReviewItem | null;
  loading: boolean;
}) {
  const t = useT();
  const { user, isPending } = useSession();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const hydrated = useHydrated();
  // The server renders a signed-in visitor's page too, but the form waits for the browser: its code loads
  // on use, and a form hydrated before its code arrived would submit the browser's way and lose the text.
  if (isPending || !hydrated) return <Loader inline label={t('reviews.checkingSession')} />;
  if (!user) {
    return (
      <Message variant="info">
        {t.rich('reviews.signIn', {
          link: (chunks) => <Link to={`/login?redirect=product/${product._id}`}>{chunks}</Link>,
        })}
      </Message>
    );
  }
  if (user._id === product.user._id) return <Message variant="secondary">{t('reviews.ownProduct')}</Message>;
  if (loading) return <Loader inline label={t('reviews.loadingMine')} />;
  const shown = notice ? <Message variant="success">{notice}</Message> : null;
  if (mine && editing) {
    return (
      <LazyPart loading={<Loader inline />}>
        <EditReviewForm
          productId={product._id}
          review={mine}
          onDone={(message) => {
            setEditing(false);
            setNotice(message);
          }}
        />
      </LazyPart>
    );
  }
  if (mine) {
    return (
      <>
        {shown}
        <MyReview
          review={mine}
          onEdit={() => {
            setNotice(null);
            setEditing(true);
          }}
        />
      </>
    );
  }
  return (
    <>
      {shown}
      <LazyPart loading={<Loader inline />}>
        <ReviewForm productId={product._id} onPosted={() => setNotice(t('reviews.added'))} />
      </LazyPart>
    </>
  );
}

/**
 * The product page's reviews (docs/product/catalog.md#reviews): the average with its 5★…1★ bars, the
 * list sorted newest or most helpful first, 10 a page, and the form, which becomes "Edit your review"
 * for someone who already reviewed. Admin sees hidden reviews, marked, and hides or shows them.
 */
export function ReviewsSection({ product }: { product: Product }) {
  const t = useT();
  const { sort, page, hrefFor, setSort } = useListParams();
  const sortLabels: Record<ReviewSort, string> = {
    newest: t('reviews.sortNewest'),
    helpful: t('reviews.sortHelpful'),
  };
  const reviews = useReviews(product._id, sort, page);
  const { actor } = useSession();
  const mine = reviews.data?.mine ?? null;
  const heading = mine ? t('reviews.yourReviewHeading') : t('reviews.writeHeading');

  return (
    <div className="row g-4 mt-2" id="reviews">
      <section className="col-12 col-lg-7" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className="h4">
          {t('reviews.heading')}
        </h2>
        <RatingSummary counts={product.ratingCounts ?? emptyRatingCounts()} />
        {product.numReviews > 1 || (reviews.data?.total ?? 0) > 1 ? (
          <div className="d-flex align-items-center gap-2 mb-2">
            <label htmlFor="review-sort" className="form-label mb-0 small text-nowrap">
              {t('reviews.sortLabel')}
            </label>
            <select
              id="review-sort"
              className="form-select form-select-sm w-auto"
              value={sort}
              onChange={(e) => setSort(e.target.value as ReviewSort)}
            >
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {sortLabels[s]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {reviews.isPending ? (
          <Loader inline label={t('reviews.loading')} />
        ) : reviews.isError ? (
          <ErrorAlert error={reviews.error} />
        ) : (
          <>
            {reviews.data.reviews.some((r) => r.hidden) ? (
              <p className="small text-body-secondary mb-2">{t('reviews.hiddenNote')}</p>
            ) : null}
            <ReviewList
              productId={product._id}
              reviews={reviews.data.reviews}
              signedIn={!!actor}
              admin={isAdmin(actor)}
            />
            {reviews.data.pages > 1 ? (
              <Pagination page={reviews.data.page} pages={reviews.data.pages} hrefFor={hrefFor} />
            ) : null}
          </>
        )}
      </section>
      <section className="col-12 col-lg-5" aria-labelledby="write-review-heading">
        <h2 id="write-review-heading" className="h4">
          {heading}
        </h2>
        <WriteColumn product={product} mine={mine} loading={reviews.isPending} />
      </section>
    </div>
  );
}
