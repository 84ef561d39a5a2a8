import { parseMoney, type CurrencySpec } from '#shared/money.ts';
import { priceCart, type CartLineInput, type PricedCart } from '#shared/pricing.ts';
import type { ProductDiscount } from '#shared/schemas/product.ts';

/** What the preview needs of a cart line (the cart's stored fields). */
export type PreviewItem = { product: string; qty: number; price: number; categoryId: string };
export type CategoryTax = { hsn: string; tax: number };

/**
 * The Place Order summary (SPEC §2) in the display currency, priced with the same function the server
 * uses (DECISIONS §6). It is a preview from the cart's stored prices: the server reprices everything from
 * the database when the order is placed, and the order page shows what was charged.
 *
 * One discount per product: the row a coupon lookup returned (its code revealed) wins over the public
 * list's row, which hides coupon codes and so never applies by itself.
 */
export function previewOrder(
  items: readonly PreviewItem[],
  input: {
    /** Live discounts by product id (the public list: coupon codes hidden). */
    discounts: ReadonlyMap<string, ProductDiscount>;
    /** Discounts the entered coupon codes revealed, by product id. */
    couponDiscounts: ReadonlyMap<string, ProductDiscount>;
    taxes: ReadonlyMap<string, CategoryTax>;
    couponCodes: readonly string[];
    currency: CurrencySpec;
    rateFromInr: string;
    now: number;
  },
): PricedCart {
  const discountOf = (productId: string) =>
    input.couponDiscounts.get(productId) ?? input.discounts.get(productId) ?? null;
  const lines: CartLineInput[] = items.map((item) => {
    const tax = input.taxes.get(item.categoryId);
    return {
      productId: item.product,
      qty: item.qty,
      priceInr: parseMoney(item.price, 2),
      discount: discountOf(item.product),
      hsn: tax?.hsn ?? '',
      // A category without tax data previews at 0 %; the server charges the real rate.
      categoryTax: tax?.tax ?? 0,
      percentageMarkup: 0,
    };
  });
  return priceCart(lines, {
    now: input.now,
    couponCodes: input.couponCodes,
    currency: input.currency,
    rateFromInr: input.rateFromInr,
  });
}
