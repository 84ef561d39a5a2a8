import type { PaymentMethod } from '#shared/schemas/order.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** How a payment method reads on screen ('CashOnDelivery' → 'Cash on Delivery'), in the page's language. */
export const paymentMethodLabel = (method: PaymentMethod, t: Translate): string => {
  const labels: Record<PaymentMethod, string> = {
    RazorPay: t('orders.paymentMethod.RazorPay'),
    PayPal: t('orders.paymentMethod.PayPal'),
    CashOnDelivery: t('orders.paymentMethod.CashOnDelivery'),
  };
  return labels[method];
};
