import type { Review } from '#shared/schemas/product.ts';
import { MSG } from '#shared/messages.ts';
import { Message } from '#web/components/alerts.tsx';
import { Rating } from '#web/components/rating.tsx';
import { formatDate } from '#web/lib/format.ts';

/** A product's reviews, newest first as the server sends them; 'No Reviews' when there are none (docs/product/screens.md). */
export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
  if (reviews.length === 0) return <Message variant="secondary">{MSG.noReviews}</Message>;
  return (
    <ul className="list-group list-group-flush haat-reviews">
      {reviews.map((review) => (
        <li key={review._id} className="list-group-item px-0">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <strong>{review.name}</strong>
            {review.verifiedPurchase ? (
              <span className="badge text-bg-success haat-verified">✓ Verified purchase</span>
            ) : null}
          </div>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <Rating value={review.rating} className="small" />
            <time dateTime={review.createdAt} className="small text-body-secondary">
              {formatDate(review.createdAt)}
            </time>
          </div>
          <p className="mb-0 haat-review-comment">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}
