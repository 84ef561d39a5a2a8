import type { Order } from '#shared/schemas/order.ts';
import { Message } from '#web/components/alerts.tsx';
import { Money } from '#web/components/price.tsx';
import { OrderPayment } from '#web/features/payments/index.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { currencySpec } from '#web/lib/currency/display-currency.tsx';
import { useOrderFulfilment } from '../api/get-order-fulfilment.ts';
import { stillDue } from '#shared/still-due.ts';

/**
 * What an unpaid order offers the buyer (docs/product/screens.md "Unpaid orders show a payment area"): RazorPay or PayPal
 * checkout (the built-in sandbox without keys), cash on delivery's completion, and 'Thank you for your
 * order!' once paid. The payments feature owns it. A cancelled order offers nothing (its refunds are
 * listed with its parcels); a cash-on-delivery order with a parcel cancelled asks only for what is still
 * coming (docs/decisions/0114-buyer-order-page.md).
 */
export function PaymentArea({ order }: { order: Order }) {
  // The same query the parcels use: read from the cache, no second request.
  const fulfilment = useOrderFulfilment(order._id);
  const t = useT();
  if (order.status === 'cancelled') return null;
  if (order.paymentMethod === 'CashOnDelivery' && !order.isPaid && fulfilment.data) {
    const digits = currencySpec(order.orderCurrency).decimalDigits;
    const due = stillDue(order, fulfilment.data.shipments, digits);
    if (due !== null) {
      return (
        <Message variant="success" className="mb-0">
          <strong className="d-block">{t('orders.payment.thanks')}</strong>
          <span className="small">
            {t.rich('orders.payment.payOnDelivery', {
              amount: <Money amount={due} currency={order.orderCurrency} />,
            })}
          </span>
        </Message>
      );
    }
  }
  return <OrderPayment order={order} />;
}
