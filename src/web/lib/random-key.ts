/**
 * A fresh random key for an Idempotency-Key header (checkout attempts, Admin adjustments).
 * crypto.randomUUID needs a secure context; getRandomValues works everywhere (plain-http hosts too).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
