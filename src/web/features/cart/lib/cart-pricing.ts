import { parseMoney, type CurrencySpec, type DecimalInput } from '#shared/money.ts';
import { priceCart, type PricedCart } from '#shared/pricing.ts';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import type { CartLine } from '../stores/cart-store.ts';

export type CartPricingInput = {
  lines: readonly CartLine[];
  /** The live discounts (GET /api/product-discounts), coupon codes hidden. */
  discounts: ReadonlyMap<string, ProductDiscount>;
  /** Discounts revealed by the coupon codes entered (GET /api/product-discounts/coupon/:code). */
  couponDiscounts: ReadonlyMap<string, ProductDiscount>;
  couponCodes: readonly string[];
  now: Date | number;
  currency: CurrencySpec;
  rateFromInr: DecimalInput;
};

/**
 * The cart's amounts through the same `priceCart` the server uses for orders (ADR 0002), in the display
 * currency. A coupon lookup's row replaces the listed one for its product (the list hides the code, so
 * the listed row alone never applies). Tax is not shown in the cart, so lines carry a 0 % rate here;
 * checkout shows GST from the server's answer.
 */
export function priceCartLines(input: CartPricingInput): PricedCart {
  return priceCart(
    input.lines.map((line) => ({
      productId: line.product,
      qty: line.qty,
      priceInr: parseMoney(line.price, 2),
      discount: input.couponDiscounts.get(line.product) ?? input.discounts.get(line.product) ?? null,
      hsn: '',
      categoryTax: '0',
      percentageMarkup: '0',
    })),
    {
      now: input.now,
      couponCodes: input.couponCodes,
      currency: input.currency,
      rateFromInr: input.rateFromInr,
    },
  );
}
