import { UNPAID_ORDER_LIMIT_MINUTES } from '#shared/checkout.ts';
import { isBuyerOf } from '#shared/permissions.ts';
import type { Order } from '#shared/schemas/order.ts';
import { useEffect } from 'react';
import { useSettlePaidCartOrder } from '#web/lib/cart/cart-orders.ts';
import { useSession } from '#web/lib/session.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { CashOnDelivery } from './cash-on-delivery.tsx';
import { ThankYou } from './payment-outcome.tsx';
import { PayPalPayment } from './paypal-payment.tsx';
import { RazorpayPayment } from './razorpay-payment.tsx';

/**
 * The order page's payment area (docs/product/screens.md, docs/product/orders-and-checkout.md#checkout-flow): 'Thank you for your order!' once paid; cash on delivery
 * completes without a provider; RazorPay and PayPal offer their checkout to the order's buyer.
 */
export function OrderPayment({ order }: { order: Order }) {
  const t = useT();
  const { actor } = useSession();
  const isBuyer = isBuyerOf(actor, order.user._id);
  // A paid order's lines leave this browser's cart, however it got paid: here, from My Orders, or by the
  // provider's webhook (docs/decisions/0133-payment-attempt-wording-and-cart.md).
  const settlePaid = useSettlePaidCartOrder();
  useEffect(() => {
    if (isBuyer && order.isPaid) settlePaid(order._id);
  }, [isBuyer, order.isPaid, settlePaid, order._id]);
  if (order.isPaid) return <ThankYou />;
  if (order.status === 'cancelled') return null;
  if (order.paymentMethod === 'CashOnDelivery') return <CashOnDelivery order={order} />;
  if (!isBuyer) {
    return <p className="small text-body-secondary mb-0">{t('payments.waitingForBuyer')}</p>;
  }
  return (
    <section aria-label={t('payments.label')} className="d-grid gap-2">
      <p className="small mb-0">{t('payments.unpaidNotice', { minutes: UNPAID_ORDER_LIMIT_MINUTES })}</p>
      {order.paymentMethod === 'PayPal' ? <PayPalPayment order={order} /> : <RazorpayPayment order={order} />}
    </section>
  );
}
