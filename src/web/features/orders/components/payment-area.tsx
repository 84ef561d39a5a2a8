import Alert from 'react-bootstrap/Alert';
import type { Order } from '#shared/schemas/order.ts';
import { Money } from '#web/components/price.tsx';
import { paymentMethodLabel } from './payment-method-label.ts';

/**
 * The order page's payment area (SPEC §2 "Unpaid orders show a payment area"), shown for every order:
 * nothing for a cancelled one, thanks once paid, cash on delivery's "pay on delivery", and for RazorPay
 * and PayPal a payment-pending state. The payments issue replaces this body with the provider checkout
 * (keep the `{ order }` props).
 */
export function PaymentArea({ order }: { order: Order }) {
  if (order.status === 'cancelled') return null;
  if (order.isPaid) {
    return (
      <Alert variant="success" className="mb-0" role="status">
        Thank you for your order!
      </Alert>
    );
  }
  if (order.paymentMethod === 'CashOnDelivery') {
    return (
      <Alert variant="success" className="mb-0" role="status">
        <p className="fw-semibold mb-1">Thank you for your order!</p>
        <p className="mb-0 small">
          Pay on delivery: please have <Money amount={order.totalPrice} currency={order.orderCurrency} />{' '}
          ready when your order arrives.
        </p>
      </Alert>
    );
  }
  return (
    <Alert variant="warning" className="mb-0" role="status">
      <p className="fw-semibold mb-1">Payment pending</p>
      <p className="mb-0 small">
        This order waits for your {paymentMethodLabel(order.paymentMethod)} payment of{' '}
        <Money amount={order.totalPrice} currency={order.orderCurrency} />. Orders not paid within 30 minutes
        are cancelled.
      </p>
    </Alert>
  );
}
