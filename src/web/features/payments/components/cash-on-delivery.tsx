import type { Order } from '#shared/schemas/order.ts';
import { Money } from '#web/components/price.tsx';
import { ThankYou } from './payment-outcome.tsx';

/**
 * Cash on delivery: no provider call, the order is complete once placed. The server queued its mails when
 * it was placed (docs/product/notifications.md#when-order-e-mails-go-out) and the Place Order page emptied
 * the cart, so this only tells the buyer what to have ready.
 */
export function CashOnDelivery({ order }: { order: Order }) {
  return (
    <ThankYou>
      Pay on delivery: please have <Money amount={order.totalPrice} currency={order.orderCurrency} /> ready
      when your order arrives.
    </ThankYou>
  );
}
