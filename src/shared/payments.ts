/**
 * Payment rules both sides share (SPEC §4, §9; DECISIONS §7): outcome names and the one message every
 * non-success shows, RazorPay checkout settings, and which currency PayPal charges an order in.
 */

export const PAYMENT_MSG = {
  /** SPEC §8: shown for every RazorPay (and PayPal) outcome other than success. */
  orderCancelled: 'Order Cancelled',
  /** SPEC §4 / issue 6: shown once an order is paid, or for cash on delivery. */
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
 * What a checkout attempt ended in (SPEC §4 "RazorPay outcomes"): `succeeded` only after the server verified
 * it; `failed` (bad signature, payment failed, dismissed with an error); `Cancelled` (dismissed without
 * detail); `timedout` (the 900 s checkout timeout).
 */
export const PAYMENT_OUTCOMES = ['succeeded', 'failed', 'Cancelled', 'timedout'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The message an outcome shows: anything but success reports 'Order Cancelled'. */
export function outcomeMessage(outcome: PaymentOutcome): string {
  return outcome === 'succeeded' ? PAYMENT_MSG.thankYou : PAYMENT_MSG.orderCancelled;
}

/** SPEC §9: RazorPay checkout times out after 900 s, retry disabled, confirmation on close. */
export const RAZORPAY_CHECKOUT = { timeoutSeconds: 900, retry: false, confirmClose: true } as const;

/** RazorPay charges in INR, the catalogue's currency (SPEC §9 "payments are in INR"). */
export const RAZORPAY_CURRENCY = 'INR';

/**
 * Currencies PayPal's Orders v2 API takes from any merchant account and that have the same decimal digits
 * in PayPal and in our currency table. INR is missing on purpose: PayPal does not take INR from Indian
 * accounts (DECISIONS §7). HUF and TWD are left out because PayPal wants them without decimals.
 */
export const PAYPAL_CURRENCIES: readonly string[] = [
  'AUD',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'ILS',
  'JPY',
  'MXN',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'SEK',
  'SGD',
  'THB',
  'USD',
];

/** PayPal's fallback when the order's currency is not one it takes: US dollars. */
export const PAYPAL_FALLBACK_CURRENCY = 'USD';

/** The currency PayPal charges an order in: its own when PayPal takes it, else USD (INR orders). */
export function paypalChargeCurrency(orderCurrency: string): string {
  const c = orderCurrency.toUpperCase();
  return PAYPAL_CURRENCIES.includes(c) ? c : PAYPAL_FALLBACK_CURRENCY;
}
