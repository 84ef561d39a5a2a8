import {
  divideHalfUp,
  toSafeMinor,
  tryParseDecimal,
  tryParseMoney,
  type DecimalInput,
  type Minor,
} from './money.ts';

/** At most this many product ids in one `GET /api/product-discounts?products=` (a page of products fits). */
export const MAX_DISCOUNT_PRODUCTS = 100;
/**
 * Product discounts (docs/product/api.md#resources "Product discount", docs/product/pricing-and-tax.md). Field names are the wire's.
 * A discount applies when it is activated, `valid_until` is still ahead, its coupon (if any) was entered,
 * and it actually lowers the price without taking it to 0 or below.
 */

export const DISCOUNT_UNITS = ['percentage', 'amount'] as const;
export type DiscountUnit = (typeof DISCOUNT_UNITS)[number];

export type Discount = {
  /** A percentage ('12.5') or an amount in major units of the product's currency ('150.00'). */
  discount_value: DecimalInput;
  discount_unit: DiscountUnit;
  valid_until: Date | string | number;
  /** Null, undefined or blank: open to everyone. Otherwise the buyer must enter it in the cart. */
  coupon_code?: string | null;
  /**
   * The storefront list's flag (`GET /api/product-discounts`) for a coupon discount whose code it hides:
   * with `coupon_code` unknown, such a discount never applies; price with the row the coupon lookup returned.
   */
  requires_coupon?: boolean;
  activate: boolean;
};

export type DiscountContext = {
  now: Date | number;
  /** Coupon codes the buyer entered in the cart; matched case-insensitively, surrounding spaces ignored. */
  couponCodes?: readonly string[];
  /** Decimal digits of the price's currency (products are INR: 2). */
  decimalDigits?: number;
};

export type DiscountedPrice = {
  /** The unit price the buyer pays, in minor units. */
  unitPrice: Minor;
  /** The original price minus `unitPrice`; 0 when no discount applies. */
  discountPerUnit: Minor;
  applied: boolean;
};

/** Messages of the discount form. The first is docs/product/messages.md's; the rest are ours, for rules SPEC leaves open. */
export const DISCOUNT_MSG = {
  valueRequired: 'Please enter the discount value.',
  invalidValue: 'Please enter a valid discount value.',
  invalidUnit: 'Please choose percentage or amount as the discount unit.',
  percentageTooHigh: 'A percentage discount must be less than 100.',
  amountNotBelowPrice: 'The discount amount must be less than the product price.',
  mustLowerPrice: 'The discount must lower the price and leave it above 0.',
} as const;

const normalizeCode = (code: string): string => code.trim().toLowerCase();
const hasCode = (code: string | null | undefined): code is string => code != null && code.trim() !== '';

/** True when the discount needs no coupon, or one of the entered codes matches it case-insensitively. */
export function couponMatches(
  couponCode: string | null | undefined,
  entered: readonly string[] = [],
): boolean {
  if (!hasCode(couponCode)) return true;
  const wanted = normalizeCode(couponCode);
  return entered.some((c) => normalizeCode(c) === wanted);
}

/** Activated and not yet expired: `valid_until` strictly after `now`. An unreadable date never applies. */
export function isDiscountLive(
  discount: Pick<Discount, 'activate' | 'valid_until'>,
  now: Date | number,
): boolean {
  if (discount.activate !== true) return false;
  const until =
    discount.valid_until instanceof Date
      ? discount.valid_until.getTime()
      : new Date(discount.valid_until).getTime();
  const at = now instanceof Date ? now.getTime() : now;
  return Number.isFinite(until) && Number.isFinite(at) && until > at;
}

/**
 * The unit price after the discount's arithmetic alone (no date, flag or coupon checks), or null when the
 * value is unreadable. Percentage: price × (1 − v/100), rounded half-up (so 1005 at 50 % → 503).
 * Amount: price − v. The result may be ≤ 0 or not lower; callers decide what that means.
 */
export function priceAfterDiscount(
  priceMinor: Minor,
  discount: Pick<Discount, 'discount_value' | 'discount_unit'>,
  decimalDigits = 2,
): Minor | null {
  if (!Number.isSafeInteger(priceMinor)) throw new RangeError('price must be a safe integer of minor units');
  if (discount.discount_unit === 'percentage') {
    const v = tryParseDecimal(discount.discount_value);
    if (!v) return null;
    const hundred = 100n * 10n ** BigInt(v.scale);
    return toSafeMinor(divideHalfUp(BigInt(priceMinor) * (hundred - v.units), hundred));
  }
  if (discount.discount_unit === 'amount') {
    const amount = tryParseMoney(discount.discount_value, decimalDigits);
    if (amount === null) return null;
    return toSafeMinor(BigInt(priceMinor) - BigInt(amount));
  }
  return null;
}

/**
 * What the buyer pays per unit (docs/product/pricing-and-tax.md). No discount, or one that does not apply, leaves the price as
 * it is with `applied: false`.
 */
export function discountedUnitPrice(
  priceMinor: Minor,
  discount: Discount | null | undefined,
  ctx: DiscountContext,
): DiscountedPrice {
  const none: DiscountedPrice = { unitPrice: priceMinor, discountPerUnit: 0, applied: false };
  if (!Number.isSafeInteger(priceMinor)) throw new RangeError('price must be a safe integer of minor units');
  if (!discount) return none;
  if (!isDiscountLive(discount, ctx.now)) return none;
  if (!couponMatches(discount.coupon_code, ctx.couponCodes)) return none;
  if (discount.requires_coupon === true && !hasCode(discount.coupon_code)) return none;
  const after = priceAfterDiscount(priceMinor, discount, ctx.decimalDigits ?? 2);
  if (after === null || after <= 0 || after >= priceMinor) return none;
  return { unitPrice: after, discountPerUnit: priceMinor - after, applied: true };
}

/**
 * Checks a discount's value when it is saved for a product priced `priceMinor`; returns the message to
 * show, or null when it is fine. An amount of the price or more is refused (docs/product/pricing-and-tax.md); a percentage
 * must be above 0 and below 100; either way the discounted price must be lower and above 0.
 * The dates ('Please enter the discount valid until date.', at least one day ahead) are the form schema's.
 */
export function validateDiscount(
  priceMinor: Minor,
  discount: { discount_value?: DecimalInput | null; discount_unit?: string | null },
  decimalDigits = 2,
): string | null {
  const raw = discount.discount_value;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return DISCOUNT_MSG.valueRequired;
  }
  const unit = discount.discount_unit;
  if (unit !== 'percentage' && unit !== 'amount') return DISCOUNT_MSG.invalidUnit;
  // Both units are stored as NUMERIC with the currency's decimals, so more decimals are refused, not rounded.
  const text = typeof raw === 'string' ? raw.trim() : raw;
  const value = tryParseMoney(text, decimalDigits);
  if (value === null || value <= 0) return DISCOUNT_MSG.invalidValue;
  if (unit === 'percentage' && value >= 100 * 10 ** decimalDigits) return DISCOUNT_MSG.percentageTooHigh;
  if (unit === 'amount' && value >= priceMinor) return DISCOUNT_MSG.amountNotBelowPrice;
  const after = priceAfterDiscount(priceMinor, { discount_value: text, discount_unit: unit }, decimalDigits);
  if (after === null || after <= 0 || after >= priceMinor) return DISCOUNT_MSG.mustLowerPrice;
  return null;
}
