import type { Translate } from '../lib/i18n/i18n.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import './storefront.css';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Stars({ className }: { className: string }) {
  return (
    <svg
      className={className}
      width="90"
      height="18"
      viewBox="0 0 120 24"
      aria-hidden="true"
      focusable="false"
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={STAR} transform={`translate(${i * 24} 0)`} />
      ))}
    </svg>
  );
}

/**
 * Star rating out of 5 (docs/product/screens.md), drawn as a row of grey stars with a saffron row clipped to the value,
 * so fractional averages (4.3) show as such. Screen readers hear "Rated 4.3 out of 5".
 */
export function Rating({ value, text, className }: { value: number; text?: string; className?: string }) {
  const t = useT();
  const clamped = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  const shown = Math.round(clamped * 10) / 10;
  return (
    <span className={`haat-rating ${className ?? ''}`.trim()}>
      <span className="haat-stars" role="img" aria-label={t('common.rating.rated', { value: String(shown) })}>
        <Stars className="haat-stars-empty" />
        <span className="haat-stars-fill" style={{ width: `${String((clamped / 5) * 100)}%` }}>
          <Stars className="haat-stars-full" />
        </span>
      </span>
      {text ? <span className="haat-rating-text">{text}</span> : null}
    </span>
  );
}

/** '1 review', '12 reviews': in the page's language when given its `t` (English without, for older callers). */
export const reviewCount = (n: number, t?: Translate) =>
  t
    ? t('common.rating.reviews', { count: n, n: String(n) })
    : `${String(n)} ${n === 1 ? 'review' : 'reviews'}`;
