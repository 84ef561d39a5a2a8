import type { Variant } from '#shared/schemas/product.ts';

/**
 * The cart kept in the browser (docs/product/api.md#resources "Cart item", docs/product/orders-and-checkout.md#checkout-flow "Cart"): one line per
 * product variant (docs/decisions/0102-product-variants.md), so the same kurta in M and in L is two lines.
 * Pure functions here; the React side is in cart-context.tsx. Prices stored here are only for display:
 * the server recomputes every amount when an order is placed (docs/product/pricing-and-tax.md).
 */
export const CART_KEY = 'cartItems';

export type CartLine = {
  product: string;
  name: string;
  image: string;
  /** The variant's list price (its own price, else the product's), INR. */
  price: number;
  currency: string;
  /** The variant's stock (the product's for a line not matched to a variant yet). */
  countInStock: number;
  categoryId: string;
  qty: number;
  /** The size chosen on the product page, for products sold in sizes (not for ['N/A']). */
  size?: string;
  /** The variant's id. A cart stored before variants has none: the cart page matches it by size. */
  variant?: string;
  colour?: string;
};

/**
 * NO_SIZE and the option rules of #shared/variants.ts (sameOption, variantLabel), restated: importing those
 * modules would bring zod into the first page's JavaScript, which the cart is part of.
 */
const NO_SIZE = 'N/A';
type Option = { size: string; colour: string | null };
const norm = (s: string | null) => (s ?? '').trim().toLowerCase();
const sameOption = (a: Option, b: Option) =>
  norm(a.size) === norm(b.size) && norm(a.colour) === norm(b.colour);
const variantLabel = (v: Option) =>
  [v.size === NO_SIZE ? '' : v.size, v.colour ?? ''].filter((s) => s !== '').join(' / ');

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

function parseLine(value: unknown): CartLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const { product, name, image, price, currency, countInStock, categoryId, qty } = v;
  if (typeof product !== 'string' || !product) return null;
  if (typeof name !== 'string' || typeof image !== 'string' || typeof currency !== 'string') return null;
  if (typeof categoryId !== 'string') return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof countInStock !== 'number' || !Number.isInteger(countInStock)) return null;
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1) return null;
  const line: CartLine = { product, name, image, price, currency, countInStock, categoryId, qty };
  const size = text(v.size);
  const variant = text(v.variant);
  const colour = text(v.colour);
  if (size) line.size = size;
  if (variant) line.variant = variant;
  if (colour) line.colour = colour;
  return line;
}

/** A size and colour as a line or a variant holds them. */
type LineOption = { size?: string | undefined; colour?: string | null | undefined };

/** The option a line names: a missing size is the one size ('N/A'). */
const optionOf = (line: LineOption): Option => ({
  size: line.size ?? NO_SIZE,
  colour: line.colour ?? null,
});

/** What names a line's product variant: the product and its variant id, or its size and colour. */
export type LineIdentity = Pick<CartLine, 'product' | 'variant' | 'size' | 'colour'>;

/**
 * Whether two lines are the same thing to buy: the same product and variant. A line without a variant
 * id (stored before variants, or not matched yet) is the same as one naming the same size and colour.
 */
export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  if (a.product !== b.product) return false;
  if (a.variant && b.variant) return a.variant === b.variant;
  return sameOption(optionOf(a), optionOf(b));
}

/** A key for React lists and for removing a line: the product and its variant (or size and colour). */
export function lineKey(line: Pick<CartLine, 'product' | 'variant'> & LineOption): string {
  if (line.variant) return `${line.product}:${line.variant}`;
  const o = optionOf(line);
  return `${line.product}:${o.size}/${o.colour ?? ''}`.toLowerCase();
}

/** "M / Red" for a line, or '' for a one-size product without colour. */
export const lineLabel = (line: LineOption) => variantLabel(optionOf(line));

/**
 * The product variant a line stands for: by its id, else by size and colour (a cart stored before
 * variants holds the size only), else the only variant of a product the line names no size for.
 */
export function variantOfLine<V extends Pick<Variant, '_id' | 'size' | 'colour'>>(
  line: Pick<CartLine, 'variant'> & LineOption,
  variants: readonly V[],
): V | undefined {
  if (line.variant) {
    const byId = variants.find((v) => v._id === line.variant);
    if (byId) return byId;
  }
  const byOption = variants.find((v) => sameOption(v, optionOf(line)));
  if (byOption) return byOption;
  if (!line.size && !line.colour && variants.length === 1) return variants[0];
  return undefined;
}

/** Stored data may be old or edited by hand: keep the lines that still make sense, drop the rest. */
export function parseCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const item of value) {
    const line = parseLine(item);
    if (line && !lines.some((l) => sameLine(l, line))) lines.push(line);
  }
  return lines;
}

/**
 * Adding a variant already in the cart replaces its line (new quantity, fresh details), in its place;
 * another variant of the same product, or another product, is a new line at the end.
 */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const index = lines.findIndex((l) => sameLine(l, line));
  if (index === -1) return [...lines, line];
  // A line matched by size may now have learnt its variant: drop any other copy of that variant.
  return lines.flatMap((l, i) => (i === index ? [line] : sameLine(l, line) ? [] : [l]));
}

/** Removes the line with this `lineKey`. */
export function removeLine(lines: readonly CartLine[], key: string): CartLine[] {
  return lines.filter((l) => lineKey(l) !== key);
}

export function totalQty(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.qty, 0);
}
