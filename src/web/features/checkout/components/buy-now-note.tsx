import { useNavigate } from 'react-router';
import { endBuyNow } from '#web/lib/cart/buy-now.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * Says that this checkout buys the Buy Now item only, and that the cart is kept
 * (docs/decisions/0132-phone-purchase-flow.md); offers the cart's checkout instead.
 */
export function BuyNowNote() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <p className="small text-body-secondary mb-2">
      {t('checkout.buyNow.note')}{' '}
      <button
        type="button"
        className="btn btn-link btn-sm p-0 align-baseline"
        onClick={() => {
          endBuyNow();
          void navigate('/cart');
        }}
      >
        {t('checkout.buyNow.checkOutCart')}
      </button>
    </p>
  );
}
