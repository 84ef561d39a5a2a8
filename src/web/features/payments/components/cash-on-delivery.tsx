import { useEffect } from 'react';
import type { Order } from '#shared/schemas/order.ts';
import { Money } from '#web/components/price.tsx';
import { useCart } from '#web/lib/cart/cart-context.tsx';
import { clearCouponCodes } from '#web/lib/cart/use-coupon-codes.ts';
import { api } from '#web/lib/api-client.ts';
import { requestCompletionMails } from '../api/complete-order-mails.ts';
import { ThankYou } from './payment-outcome.tsx';

/** Orders this page session has already completed (SPEC §4: notifications are sent once per page session). */
const completed = new Set<string>();

/**
 * Cash on delivery (SPEC §4): no provider call. When the buyer opens the order and no order_confirmation
 * was recorded yet, the cart is cleared and the completion mails are requested; the server sends each mail
 * at most once whatever the browser does, so this is a trigger, not the guarantee.
 */
export function CashOnDelivery({ order, isBuyer }: { order: Order; isBuyer: boolean }) {
  const cart = useCart();
  const clearCart = cart.clear;

  useEffect(() => {
    if (!isBuyer || completed.has(order._id)) return;
    completed.add(order._id);
    const key = new URLSearchParams({
      type: 'order_confirmation',
      documentType: 'order',
      documentId: order._id,
      recipient: order.user.email,
    });
    api
      .get<{ sent: boolean }>(`/api/notifications/check?${key.toString()}`)
      .catch(() => ({ sent: false })) // SPEC §8: a failed check counts as not sent
      .then(async ({ sent }) => {
        if (sent) return;
        clearCart();
        clearCouponCodes();
        await requestCompletionMails(order._id);
      })
      .catch(() => {}); // notification failures are silent (SPEC §8); the server retries mails itself
  }, [isBuyer, order._id, order.user.email, clearCart]);

  return (
    <ThankYou>
      Pay on delivery: please have <Money amount={order.totalPrice} currency={order.orderCurrency} /> ready
      when your order arrives.
    </ThankYou>
  );
}
