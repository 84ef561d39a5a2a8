import { createHmac, randomBytes } from 'node:crypto';
import { conveniencesAllowed, hasRealPaymentKeys, type Config } from '../../config.ts';
import { createPayPalApi, createPayPalSandbox, type PayPalProvider } from './paypal.provider.ts';
import { createRazorpayApi, createRazorpaySandbox, type RazorpayProvider } from './razorpay.provider.ts';

/**
 * The payment providers behind one interface each, chosen by configuration (docs/product/payments.md):
 * real keys → the provider's HTTP API; no keys at all → the built-in sandbox, which runs the same server
 * code paths (orders created, signatures checked, captures verified) without network. The sandbox is a
 * development convenience: in production, off loopback, or once any provider has real keys, a provider
 * without keys is unavailable, since a sandbox there would give goods away.
 */
export type PaymentProviders = {
  razorpay: RazorpayProvider | null;
  paypal: PayPalProvider | null;
};

/**
 * Secrets the sandboxes sign with, derived from APP_SECRET so they survive restarts and are shared by
 * every instance, and never equal to it.
 */
export function sandboxSecret(config: Config, purpose: string): string {
  const key = config.appSecret ?? processSecret;
  return createHmac('sha256', key).update(`haat-sandbox:${purpose}`).digest('hex');
}
// Only when APP_SECRET is missing (main.ts always sets it): good for this process only.
const processSecret = randomBytes(32).toString('hex');

export function createPaymentProviders(config: Config): PaymentProviders {
  const rz = config.razorpay;
  const pp = config.paypal;
  // A sandbox only where development conveniences are allowed (loopback, not production), and never
  // beside a real key: with RazorPay live, a PayPal sandbox would hand out goods for nothing.
  const allowSandbox = conveniencesAllowed(config) && !hasRealPaymentKeys(config);
  return {
    razorpay:
      rz.keyId && rz.keySecret
        ? createRazorpayApi({
            keyId: rz.keyId,
            keySecret: rz.keySecret,
            webhookSecret: rz.webhookSecret ?? null,
          })
        : allowSandbox
          ? createRazorpaySandbox({
              keySecret: sandboxSecret(config, 'razorpay-key'),
              webhookSecret: sandboxSecret(config, 'razorpay-webhook'),
            })
          : null,
    paypal:
      pp.clientId && pp.clientSecret
        ? createPayPalApi({ clientId: pp.clientId, clientSecret: pp.clientSecret, baseUrl: pp.apiUrl })
        : allowSandbox
          ? createPayPalSandbox({ secret: sandboxSecret(config, 'paypal') })
          : null,
  };
}
