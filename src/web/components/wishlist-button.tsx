import { useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useSetSaved, useWishlist } from '../lib/wishlist/use-wishlist.ts';
import './wishlist-button.css';

/**
 * The labels the heart carries in English (docs/decisions/0104-wishlist.md); tests select by them. The
 * page shows common.wishlist.save / remove, whose English text these are.
 */
export const SAVE_LABEL = 'Save to wishlist';
export const REMOVE_LABEL = 'Remove from wishlist';

/** The heart outline (or filled), 20 px, for buttons and links that carry their own label. */
export function Heart({ filled = false }: { filled?: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.6 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The wishlist heart: a toggle (aria-pressed) that saves the product to the account's list, or to this
 * browser's list for a guest (merged into the account on sign-in). `overlay` sits on a product card's
 * picture, above the card's link; `wide` is a full-width outline button with its label written out, for
 * the product page.
 */
export function WishlistButton({
  productId,
  look = 'overlay',
  className = '',
}: {
  productId: string;
  look?: 'overlay' | 'wide';
  className?: string;
}) {
  const t = useT();
  const { isSaved } = useWishlist();
  const mutation = useSetSaved();
  // While a change is on its way, show what it will be.
  const saved = mutation.isPending ? mutation.variables.saved : isSaved(productId);
  // The labels the heart carries (docs/decisions/0104-wishlist.md); tests select by them.
  const label = saved ? t('common.wishlist.remove') : t('common.wishlist.save');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!error) return;
    const timer = window.setTimeout(() => setError(null), 6000);
    return () => window.clearTimeout(timer);
  }, [error]);

  const onClick = () => {
    setError(null);
    mutation.mutate({ productId, saved: !saved }, { onError: (e) => setError(errorMessage(e)) });
  };

  const button =
    look === 'wide' ? (
      <button
        type="button"
        className={`btn btn-outline-secondary w-100 d-inline-flex align-items-center justify-content-center gap-2 haat-wishlist-wide ${saved ? 'is-saved' : ''}`}
        aria-pressed={saved}
        onClick={onClick}
      >
        <Heart filled={saved} />
        {label}
      </button>
    ) : (
      <button
        type="button"
        className={`haat-wishlist-heart ${saved ? 'is-saved' : ''}`}
        aria-pressed={saved}
        aria-label={label}
        title={label}
        onClick={onClick}
      >
        <Heart filled={saved} />
      </button>
    );

  return (
    <div className={`haat-wishlist ${look === 'overlay' ? 'haat-wishlist-overlay' : ''} ${className}`}>
      {button}
      {error ? (
        <p role="alert" className="haat-wishlist-error small mb-0">
          {error}
        </p>
      ) : null}
    </div>
  );
}
