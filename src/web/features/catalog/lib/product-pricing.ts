import { discountedUnitPrice, type Discount } from '#shared/discounts.ts';
import { parseMoney, toWireNumber } from '#shared/money.ts';
import { cartPercentOff } from '#shared/pricing.ts';
import type { ProductDiscount } from '#shared/schemas/product.ts';

/**
 * The price a shopper sees on a card or a product page (INR, major units, as <Price> takes it): the list
 * price, and what they pay after the product's discount (docs/product/pricing-and-tax.md) — through the shared discounts
 * module, so the shelf and the cart agree with the server.
 */
export type ShelfPrice = {
  price: number;
  finalPrice: number;
  discounted: boolean;
  /** Whole percent saved, rounded up like the cart's (docs/product/pricing-and-tax.md). */
  percentOff: number;
  /** A discount exists but needs a coupon code entered in the cart. */
  couponAvailable: boolean;
};

export type DiscountsByProduct = ReadonlyMap<string, ProductDiscount>;

export function discountsByProduct(discounts: readonly ProductDiscount[]): Map<string, ProductDiscount> {
  return new Map(discounts.map((d) => [d.product_id, d]));
}

export function shelfPrice(
  price: number,
  discount: Discount | null | undefined,
  ctx: { now: Date | number; couponCodes?: readonly string[] },
): ShelfPrice {
  const minor = parseMoney(price, 2);
  const d = discountedUnitPrice(minor, discount, { now: ctx.now, couponCodes: ctx.couponCodes ?? [] });
  // The same rule as the cart's percent off (docs/product/pricing-and-tax.md: rounded up), so a card and a cart never disagree.
  const percentOff = d.applied ? cartPercentOff(minor, d.unitPrice) : 0;
  return {
    price,
    finalPrice: toWireNumber(d.unitPrice, 2),
    discounted: d.applied,
    percentOff,
    couponAvailable: !d.applied && discount?.requires_coupon === true,
  };
}
