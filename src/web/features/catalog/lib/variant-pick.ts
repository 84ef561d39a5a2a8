import { NO_SIZE } from '#shared/sizes.ts';
import type { Product, Variant } from '#shared/schemas/product.ts';
import { sameOption, sizesOf, stockLevel, unitPriceOf, type StockLevel } from '#shared/variants.ts';

/**
 * What a shopper picks on the product page (docs/decisions/0102-product-variants.md): a size when the
 * product has real sizes, a colour when it has colours. Pure, so the page and its tests agree.
 */
export type PickableVariant = Pick<Variant, '_id' | 'size' | 'colour' | 'countInStock' | 'price'>;
export type VariantPick = { size: string | null; colour: string | null };

/**
 * The product's variants; an answer without them (a server from before variants) reads as one variant
 * per size sharing the product's stock, with no id.
 */
export function pickableVariants(
  product: Pick<Product, 'sizes' | 'countInStock'> & { variants?: Product['variants'] },
): PickableVariant[] {
  if (product.variants && product.variants.length > 0) return product.variants;
  const sizes = product.sizes.length > 0 ? product.sizes : [NO_SIZE];
  return sizes.map((size) => ({
    _id: '',
    size,
    colour: null,
    countInStock: product.countInStock,
    price: null,
  }));
}

export type PickOptions = {
  /** Real sizes in variant order (none for a one-size product). */
  sizes: string[];
  /** Colours in variant order (none when no variant has one). */
  colours: string[];
};

export function pickOptions(variants: readonly PickableVariant[]): PickOptions {
  return {
    sizes: sizesOf(variants).filter((s) => s !== NO_SIZE),
    colours: [...new Set(variants.flatMap((v) => (v.colour ? [v.colour] : [])))],
  };
}

/** The variant the pick names, once it names everything the product asks for. */
export function chosenVariant(
  variants: readonly PickableVariant[],
  pick: VariantPick,
): PickableVariant | undefined {
  const { sizes, colours } = pickOptions(variants);
  const size = sizes.length > 0 ? pick.size : NO_SIZE;
  const colour = colours.length > 0 ? pick.colour : null;
  if (size === null || (colours.length > 0 && colour === null)) return undefined;
  return variants.find((v) => sameOption(v, { size, colour }));
}

/**
 * How one size (or colour) button stands given the other choice: 'missing' when no variant has that
 * combination, else the stock level of what it would buy (all colours of the size when no colour is
 * chosen yet).
 */
export type OptionState = { value: string; level: StockLevel | 'missing'; stock: number };

function stateOf(value: string, matching: readonly PickableVariant[]): OptionState {
  if (matching.length === 0) return { value, level: 'missing', stock: 0 };
  const stock = Math.max(...matching.map((v) => v.countInStock));
  return { value, level: stockLevel(stock), stock };
}

const same = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

export function sizeStates(variants: readonly PickableVariant[], colour: string | null): OptionState[] {
  return pickOptions(variants).sizes.map((size) =>
    stateOf(
      size,
      variants.filter((v) => same(v.size, size) && (colour === null || same(v.colour, colour))),
    ),
  );
}

export function colourStates(variants: readonly PickableVariant[], size: string | null): OptionState[] {
  return pickOptions(variants).colours.map((colour) =>
    stateOf(
      colour,
      variants.filter((v) => same(v.colour, colour) && (size === null || same(v.size, size))),
    ),
  );
}

/** An option can be chosen when some variant with it (and the other choice) has stock. */
export const isPickable = (state: OptionState) => state.level === 'in' || state.level === 'low';

/**
 * Where the page starts: the variant of the product already in the cart (the first such line), else
 * nothing chosen — except a colour, when the product has just one. Sizes are always chosen by the
 * shopper (docs/decisions/0070-size-chosen-before-cart.md).
 */
export function initialPick(
  variants: readonly PickableVariant[],
  inCart: { variant?: string; size?: string; colour?: string } | undefined,
): VariantPick {
  const { colours } = pickOptions(variants);
  const fromCart = inCart
    ? (variants.find((v) => inCart.variant && v._id === inCart.variant) ??
      variants.find((v) => sameOption(v, { size: inCart.size ?? NO_SIZE, colour: inCart.colour ?? null })))
    : undefined;
  if (fromCart && fromCart.countInStock > 0) {
    return { size: fromCart.size === NO_SIZE ? null : fromCart.size, colour: fromCart.colour };
  }
  return { size: null, colour: colours.length === 1 ? (colours[0] ?? null) : null };
}

/**
 * Choosing one option keeps the other when that combination can still be bought, else clears it, so a
 * pick never stands on a sold-out or missing variant.
 */
export function choose(
  variants: readonly PickableVariant[],
  pick: VariantPick,
  change: Partial<VariantPick>,
): VariantPick {
  const next = { ...pick, ...change };
  if ('size' in change && next.colour !== null) {
    const ok = colourStates(variants, next.size).find((s) => same(s.value, next.colour));
    if (!ok || !isPickable(ok)) next.colour = null;
  }
  if ('colour' in change && next.size !== null) {
    const ok = sizeStates(variants, next.colour).find((s) => same(s.value, next.size));
    if (!ok || !isPickable(ok)) next.size = null;
  }
  return next;
}

/** The list price of a variant: its own, else the product's (the server's rule, `unitPriceOf`). */
export const variantPrice = (product: Pick<Product, 'price'>, variant: PickableVariant | undefined) =>
  unitPriceOf(product.price, variant);

/** Whether the variants' prices differ, so the page says the price depends on the choice. */
export function pricesVary(product: Pick<Product, 'price'>, variants: readonly PickableVariant[]): boolean {
  return new Set(variants.map((v) => variantPrice(product, v))).size > 1;
}
