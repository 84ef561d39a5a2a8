import { queryKeys } from '#web/lib/query-keys.ts';

/** Query keys of the payment step. Quotes are per order and private; provider config is public. */
export const paymentKeys = {
  razorpayConfig: ['config', 'razorpay'] as const,
  paypalConfig: ['config', 'paypal'] as const,
  quote: (orderId: string) => [...queryKeys.private, 'payments', 'quote', orderId] as const,
};
