import { useNavigate } from 'react-router';
import { endBuyNow } from '#web/lib/cart/buy-now.ts';

/**
 * Says that this checkout buys the Buy Now item only, and that the cart is kept
 * (docs/decisions/0132-phone-purchase-flow.md); offers the cart's checkout instead.
 */
export function BuyNowNote() {
  const navigate = useNavigate();
  return (
    <p className="small text-body-secondary mb-2">
      Buying this item only: anything in your cart stays there for later.{' '}
      <button
        type="button"
        className="btn btn-link btn-sm p-0 align-baseline"
        onClick={() => {
          endBuyNow();
          void navigate('/cart');
        }}
      >
        Check out your cart instead
      </button>
    </p>
  );
}
