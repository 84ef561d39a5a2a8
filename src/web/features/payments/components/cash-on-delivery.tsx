import type { Order } from '#shared/schemas/order.ts';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { ThankYou } from './payment-outcome.tsx';

/**
 * Cash on delivery: no provider call, the order is complete once placed. The server queued its mails when
 * it was placed (docs/product/notifications.md#when-order-e-mails-go-out) and the Place Order page emptied
 * the cart, so this only tells the buyer what to have ready.
 */
export function CashOnDelivery({ order }: { order: Order }) {
  const t = useT();
  return (
    <ThankYou>
      {t.rich('payments.cod', {
        amount: <Money amount={order.totalPrice} currency={order.orderCurrency} />,
      })}
    </ThankYou>
  );
}
