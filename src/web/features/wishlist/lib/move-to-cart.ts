import { NO_SIZE } from '#shared/schemas/product-form.ts';
import type { Product, Variant } from '#shared/schemas/product.ts';
import { variantLabel } from '#shared/variants.ts';
import { sameLine, type CartLine } from '#web/lib/cart/cart-store.ts';

/**
 * "Move to cart" from the wishlist (docs/product/catalog.md#wishlist): a product sold in several sizes or
 * colours asks which one; a product with one variant goes straight in. Pure, so the page and its tests agree.
 */

export type VariantChoice = {
  variant: Variant;
  /** "M / Red", or "One size" for a product sold in one size without colour. */
  label: string;
  soldOut: boolean;
  /** INR list price: the variant's own, else the product's. */
  price: number;
};

export const ONE_SIZE = 'One size';

export function variantChoices(product: Pick<Product, 'price' | 'variants'>): VariantChoice[] {
  return product.variants.map((variant) => ({
    variant,
    label: variantLabel(variant) || ONE_SIZE,
    soldOut: variant.countInStock <= 0,
    price: variant.price ?? product.price,
  }));
}

/** Whether the shopper has to choose: more than one variant (sizes, colours or both). */
export const needsChoice = (product: Pick<Product, 'variants'>) => product.variants.length > 1;

/** Something can be moved: some variant has stock. */
export const canMove = (product: Pick<Product, 'variants'>) =>
  product.variants.some((v) => v.countInStock > 0);

/**
 * The cart line for `variant`, as the product page would add it: one unit, or, when the cart already
 * holds that variant, its quantity as it is (adding replaces a line, and moving must not shrink it).
 */
export function cartLineFor(
  product: Pick<Product, '_id' | 'name' | 'image' | 'price' | 'currency' | 'categoryId'>,
  variant: Variant,
  cart: readonly CartLine[] = [],
): CartLine {
  const line: CartLine = {
    product: product._id,
    name: product.name,
    image: product.image[0] ?? '',
    price: variant.price ?? product.price,
    currency: product.currency,
    countInStock: variant.countInStock,
    categoryId: product.categoryId,
    qty: 1,
    ...(variant.size !== NO_SIZE ? { size: variant.size } : {}),
    variant: variant._id,
    ...(variant.colour ? { colour: variant.colour } : {}),
  };
  const inCart = cart.find((l) => sameLine(l, line));
  return inCart ? { ...line, qty: Math.max(1, Math.min(inCart.qty, variant.countInStock)) } : line;
}
