/**
 * Coupon codes the buyer entered in the cart (docs/product/orders-and-checkout.md#cart, ADR 0068), kept
 * in localStorage `couponCodes` so checkout can send them with the order (the server re-checks them).
 * Pure functions here; the hook is in use-coupon-codes.ts.
 */
export const COUPON_CODES_KEY = 'couponCodes';

/** More codes than this are not useful on one cart and would only multiply lookups. */
export const MAX_COUPON_CODES = 10;

const normalize = (code: string) => code.trim().toLowerCase();

/** Stored data may be old or edited by hand: keep distinct, non-blank strings. */
export function parseCouponCodes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const codes: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string' || item.trim() === '' || item.length > 100) continue;
    if (codes.some((c) => normalize(c) === normalize(item))) continue;
    codes.push(item.trim());
    if (codes.length === MAX_COUPON_CODES) break;
  }
  return codes;
}

/** Codes match case-insensitively, as the server compares them. */
export const hasCode = (codes: readonly string[], code: string) =>
  codes.some((c) => normalize(c) === normalize(code));

export function addCode(codes: readonly string[], code: string): string[] {
  const trimmed = code.trim();
  if (!trimmed || hasCode(codes, trimmed)) return [...codes];
  return [...codes, trimmed].slice(-MAX_COUPON_CODES);
}

export function removeCode(codes: readonly string[], code: string): string[] {
  return codes.filter((c) => normalize(c) !== normalize(code));
}
