import type { PaymentMethod } from '#shared/schemas/order.ts';

const LABELS: Record<PaymentMethod, string> = {
  RazorPay: 'RazorPay',
  PayPal: 'PayPal',
  CashOnDelivery: 'Cash on Delivery',
};

/** How a payment method reads on screen ('CashOnDelivery' → 'Cash on Delivery'). */
export const paymentMethodLabel = (method: PaymentMethod): string => LABELS[method];
