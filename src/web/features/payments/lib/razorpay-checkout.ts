import { RAZORPAY_CHECKOUT, type PaymentOutcome } from '#shared/payments.ts';
import type { RazorpayOrder, RazorpaySuccess } from '#shared/schemas/payment.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';
import { loadScript } from './load-script.ts';

export const CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

/** How a checkout attempt ended at the provider; 'paid' still needs the server's verification. */
export type CheckoutEnd =
  | { kind: 'paid'; result: RazorpaySuccess }
  | { kind: 'ended'; outcome: Exclude<PaymentOutcome, 'succeeded'>; detail?: string };

type RazorpayInstance = {
  open(): void;
  on(event: 'payment.failed', cb: (r: { error?: { description?: string } }) => void): void;
};
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;

/**
 * Open RazorPay's checkout.js (real keys) for a RazorPay order: 900 s timeout, retry off, confirmation
 * on close (docs/product/pricing-and-tax.md). Resolves once: paid (handler), failed (payment.failed), Cancelled (closed without a
 * payment) or timedout (closed by the timeout). `t` words its errors and the order's description.
 */
export async function openRazorpayCheckout(
  rz: RazorpayOrder,
  buyer: { name: string; email: string },
  orderNumber: string,
  t: Translate,
): Promise<CheckoutEnd> {
  await loadScript(CHECKOUT_JS, t('payments.errors.scriptFailed'));
  const Razorpay = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
  if (!Razorpay) throw new Error(t('payments.errors.providerNotLoaded'));
  const openedAt = Date.now();
  return new Promise<CheckoutEnd>((resolve) => {
    let failure: string | null = null;
    const checkout = new Razorpay({
      key: rz.key_id,
      amount: rz.amount,
      currency: rz.currency,
      order_id: rz.razor_order_id,
      name: 'Haat',
      description: t('payments.razorpay.description', { number: orderNumber }),
      prefill: { name: buyer.name, email: buyer.email },
      timeout: RAZORPAY_CHECKOUT.timeoutSeconds,
      retry: { enabled: RAZORPAY_CHECKOUT.retry },
      modal: {
        confirm_close: RAZORPAY_CHECKOUT.confirmClose,
        ondismiss: () => {
          if (failure !== null) return resolve({ kind: 'ended', outcome: 'failed', detail: failure });
          const timedOut = Date.now() - openedAt >= RAZORPAY_CHECKOUT.timeoutSeconds * 1000;
          resolve({ kind: 'ended', outcome: timedOut ? 'timedout' : 'Cancelled' });
        },
      },
      handler: (result: RazorpaySuccess) => resolve({ kind: 'paid', result }),
    });
    // With retry off a failed payment ends the attempt; checkout shows it, and closing reports it.
    checkout.on('payment.failed', (r) => {
      failure = r.error?.description ?? t('payments.errors.paymentFailed');
    });
    checkout.open();
  });
}
