import type { RatingCounts } from '#shared/reviews.ts';
import { averageRating, ratingBreakdown, totalReviews } from '#shared/reviews.ts';
import { Rating } from '#web/components/rating.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The average, its stars and the 5★…1★ bars with their counts (docs/product/catalog.md#reviews). Screen
 * readers hear one sentence for the whole and one per bar; the drawn bars are hidden from them.
 */
export function RatingSummary({ counts }: { counts: RatingCounts }) {
  const t = useT();
  const n = totalReviews(counts);
  const average = averageRating(counts);
  // Without reviews the list says 'No Reviews'; an empty summary would only repeat it.
  if (n === 0) return null;
  return (
    <div className="haat-rating-summary mb-3">
      <p className="visually-hidden">
        {t('reviews.summary.text', { average: String(average), count: n, n: String(n) })}
      </p>
      <div className="d-flex align-items-center gap-2 mb-2" aria-hidden="true">
        <span className="fs-2 fw-semibold lh-1">{average.toFixed(1)}</span>
        <span>
          <Rating value={average} className="d-block" />
          <span className="small text-body-secondary">
            {t('reviews.summary.outOf', { count: n, n: String(n) })}
          </span>
        </span>
      </div>
      <ul className="list-unstyled mb-0 haat-breakdown">
        {ratingBreakdown(counts).map((row) => (
          <li key={row.stars} className="haat-breakdown-row">
            <span className="visually-hidden">
              {t('reviews.summary.row', {
                stars: row.stars,
                s: String(row.stars),
                count: row.count,
                n: String(row.count),
                percent: String(row.percent),
              })}
            </span>
            <span aria-hidden="true" className="haat-breakdown-label">
              {row.stars}★
            </span>
            <span aria-hidden="true" className="haat-breakdown-bar">
              <span style={{ width: `${String(row.percent)}%` }} />
            </span>
            <span aria-hidden="true" className="haat-breakdown-count">
              {row.count}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
