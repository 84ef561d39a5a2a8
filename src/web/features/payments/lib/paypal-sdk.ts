import { PAYPAL_CURRENCY } from '#shared/payments.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';
import { loadScript } from './load-script.ts';

export type PayPalButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel: () => void;
  onError: (err: unknown) => void;
  style?: Record<string, string>;
};
type PayPalNamespace = {
  Buttons(options: PayPalButtonsOptions): { render(el: HTMLElement): Promise<void>; close(): Promise<void> };
};

/** Load the PayPal JS SDK for our client id, charging USD with server-side capture (intent=capture). */
export async function loadPayPalSdk(clientId: string, t: Translate): Promise<PayPalNamespace> {
  const params = new URLSearchParams({ 'client-id': clientId, currency: PAYPAL_CURRENCY, intent: 'capture' });
  await loadScript(`https://www.paypal.com/sdk/js?${params.toString()}`, t('payments.errors.scriptFailed'));
  const paypal = (window as unknown as { paypal?: PayPalNamespace }).paypal;
  if (!paypal) throw new Error(t('payments.errors.paypalNotLoaded'));
  return paypal;
}
