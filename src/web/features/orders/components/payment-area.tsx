import type { Order } from '#shared/schemas/order.ts';
import { OrderPayment } from '#web/features/payments/index.ts';

/**
 * What an unpaid order offers the buyer (docs/product/screens.md "Unpaid orders show a payment area"): RazorPay or PayPal
 * checkout (the built-in sandbox without keys), cash on delivery's completion, and 'Thank you for your
 * order!' once paid. The payments feature owns it.
 */
export function PaymentArea({ order }: { order: Order }) {
  return <OrderPayment order={order} />;
}
