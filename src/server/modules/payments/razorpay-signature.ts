import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * RazorPay's signatures (docs/product/messages.md, docs/product/payments.md; RazorPay docs "Verify payment signature" and "Validate
 * webhooks"): lower-case hex HMAC-SHA256. Checkout: over `order_id + "|" + payment_id`, keyed with the
 * key secret. Webhook: over the raw request body exactly as received, keyed with the webhook secret.
 * Comparisons are constant-time; anything that is not 64 hex characters is simply not a match.
 */

const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

export function paymentSignature(orderId: string, paymentId: string, secret: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}

export function webhookSignature(rawBody: string | Buffer, secret: string): string {
  return hmacHex(secret, rawBody);
}

/** Constant-time equality of two hex signatures; false for any malformed input. */
export function signaturesMatch(expectedHex: string, givenHex: unknown): boolean {
  if (typeof givenHex !== 'string' || !/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyPaymentSignature(
  input: { orderId: string; paymentId: string; signature: unknown },
  secret: string,
): boolean {
  if (!secret || !input.orderId || !input.paymentId) return false;
  return signaturesMatch(paymentSignature(input.orderId, input.paymentId, secret), input.signature);
}

export function verifyWebhookSignature(
  rawBody: string | Buffer,
  signature: unknown,
  secret: string,
): boolean {
  if (!secret) return false;
  return signaturesMatch(webhookSignature(rawBody, secret), signature);
}
