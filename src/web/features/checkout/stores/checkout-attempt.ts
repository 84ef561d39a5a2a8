import { newIdempotencyKey } from '#web/lib/random-key.ts';
/**
 * One Idempotency-Key per checkout attempt (docs/product/pricing-and-tax.md). The same order payload keeps its key across
 * retries and reloads of the tab (sessionStorage), so a submission whose answer was lost cannot make a
 * second order; a changed cart or address is a new attempt with a new key.
 */
const ATTEMPT_KEY = 'checkoutAttempt';

type Attempt = { payload: string; key: string };

/** This page's copy, for when sessionStorage is unavailable. */
let inMemory: Attempt | null = null;

function readAttempt(): Attempt | null {
  try {
    const raw = window.sessionStorage.getItem(ATTEMPT_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return null;
    const { payload, key } = value as Record<string, unknown>;
    return typeof payload === 'string' && typeof key === 'string' ? { payload, key } : null;
  } catch {
    return null; // storage unavailable or malformed: a fresh key
  }
}

/** The key for this payload: the stored one when the payload is unchanged, else a new one (stored). */
export function idempotencyKeyFor(body: unknown): string {
  const payload = JSON.stringify(body);
  const current = readAttempt() ?? inMemory;
  if (current && current.payload === payload) return current.key;
  const attempt: Attempt = { payload, key: newIdempotencyKey() };
  inMemory = attempt;
  try {
    window.sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
  } catch {
    // Without storage the in-memory copy still covers retries made from this page.
  }
  return attempt.key;
}

/** After an order is placed the next checkout is a new attempt. */
export function endCheckoutAttempt(): void {
  inMemory = null;
  try {
    window.sessionStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
