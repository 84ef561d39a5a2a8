/**
 * Payment rules both sides share (docs/product/orders-and-checkout.md#checkout-flow, docs/product/pricing-and-tax.md; docs/product/payments.md): outcome names and the one message every
 * non-success shows, RazorPay checkout settings, and which currency PayPal charges an order in.
 */

export const PAYMENT_MSG = {
  /**
   * docs/product/messages.md: shown for every RazorPay (and PayPal) outcome other than success. The
   * product spec's 'Order Cancelled' is not shown: the order is not cancelled and can be paid again
   * (docs/decisions/0133-payment-attempt-wording-and-cart.md).
   */
  paymentNotCompleted: 'Payment not completed — your order is saved, try again',
  /** docs/product/orders-and-checkout.md#checkout-flow / issue 6: shown once an order is paid, or for cash on delivery. */
  thankYou: 'Thank you for your order!',
  signatureInvalid: 'Payment verification failed',
  wrongOrder: 'This payment does not belong to this order',
  wrongAmount: 'The payment amount does not match this order',
  notCompleted: 'The payment was not completed',
  alreadyPaid: 'This order is already paid',
  cancelledOrder: 'This order was cancelled and can no longer be paid',
  providerDown: 'The payment provider could not be reached. Please try again.',
  notConfigured: (provider: string) => `${provider} payments are not available right now`,
  orderNotComplete: 'This order is not paid yet',
} as const;

/**
 * What a checkout attempt ended in (docs/product/orders-and-checkout.md#checkout-flow "RazorPay outcomes"): `succeeded` only after the server verified
 * it; `failed` (bad signature, payment failed, dismissed with an error); `Cancelled` (dismissed without
 * detail); `timedout` (the 900 s checkout timeout).
 */
export const PAYMENT_OUTCOMES = ['succeeded', 'failed', 'Cancelled', 'timedout'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The message an outcome shows: anything but success says the payment was not completed and the order is kept. */
export function outcomeMessage(outcome: PaymentOutcome): string {
  return outcome === 'succeeded' ? PAYMENT_MSG.thankYou : PAYMENT_MSG.paymentNotCompleted;
}

/** docs/product/pricing-and-tax.md: RazorPay checkout times out after 900 s, retry disabled, confirmation on close. */
export const RAZORPAY_CHECKOUT = { timeoutSeconds: 900, retry: false, confirmClose: true } as const;

/** RazorPay charges in INR, the catalogue's currency (docs/product/pricing-and-tax.md "payments are in INR"). */
export const RAZORPAY_CURRENCY = 'INR';

/**
 * PayPal charges in US dollars (docs/product/payments.md: PayPal does not take INR from Indian accounts), whatever the
 * order's currency, so the payment step can say one thing: a USD order is charged its USD total; any other
 * order its INR total converted to USD at the rate table's USD rate, fixed when its PayPal payment starts.
 * The order page shows the exact amount before the buyer pays.
 */
export const PAYPAL_CURRENCY = 'USD';

/** The currency PayPal charges an order in (always USD; a function so the rule lives in one place). */
export function paypalChargeCurrency(_orderCurrency: string): string {
  return PAYPAL_CURRENCY;
}

/** PayPal's charge is a conversion of the order's total: any order not in PayPal's currency. */
export function paypalConverts(orderCurrency: string): boolean {
  return paypalChargeCurrency(orderCurrency) !== orderCurrency.toUpperCase();
}

/** PayPal's currency in words, for the amount the order page shows before the buyer pays. */
export const PAYPAL_CURRENCY_NAME = 'US dollars';

/** What the payment-method step says under PayPal, for a cart shown in `currency`. */
export function paypalChargeNote(currency: string): string {
  return paypalConverts(currency)
    ? `Charged in ${PAYPAL_CURRENCY_NAME} (${PAYPAL_CURRENCY}), converted from the order's ${currency.toUpperCase()} total at the order's exchange rate.`
    : `Charged in ${PAYPAL_CURRENCY_NAME}.`;
}
