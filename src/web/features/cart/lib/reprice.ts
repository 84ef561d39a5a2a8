import { NO_SIZE } from '#shared/schemas/product-form.ts';
import type { Product } from '#shared/schemas/product.ts';
import { unitPriceOf } from '#shared/variants.ts';
import { lineLabel, variantOfLine, type CartLine } from '#web/lib/cart/cart-store.ts';

/**
 * Checking a stored cart against the catalogue (the cart may be days old). Prices and stock come from the
 * server; the browser's copy is only what was true when the line was added.
 */
export type LineCheck =
  | { state: 'checking' }
  /** The product is gone or no longer sold (404 or inactive). */
  | { state: 'unavailable' }
  /** The lookup failed for another reason (network, 5xx): the stored line is shown as it is. */
  | { state: 'unknown' }
  | { state: 'soldOut' }
  /** The product is sold, but no longer in the size (or colour) of this line. */
  | { state: 'variantGone' }
  | { state: 'ok' };

/** Whether a line with this check can go to checkout (unknown: the server decides). */
export const isBuyable = (check: LineCheck | undefined) =>
  check?.state !== 'unavailable' && check?.state !== 'soldOut' && check?.state !== 'variantGone';

/** `variant` is the line's label ("M / Red"), '' for a one-size product. */
export type CartNotice =
  | { kind: 'price'; product: string; name: string; variant: string; from: number; to: number }
  | { kind: 'qty'; product: string; name: string; variant: string; from: number; to: number }
  | { kind: 'limit'; product: string; name: string; variant: string; from: number; to: number };

/** What a line buys now: the variant's id, option, stock and list price (its own, else the product's). */
type Choice = { variant?: string; size?: string; colour?: string; stock: number; price: number };

/**
 * The variant a line stands for (docs/decisions/0102-product-variants.md): by its id, else by size and colour
 * (carts stored before variants). null when the product no longer has it. An answer without variants (a
 * server before them) leaves the product's own stock, price and sizes.
 */
function choiceOf(line: CartLine, product: Product): Choice | null {
  const variants = product.variants ?? [];
  if (variants.length === 0) {
    const size = line.size && product.sizes.includes(line.size) ? line.size : undefined;
    return { ...(size ? { size } : {}), stock: product.countInStock, price: product.price };
  }
  const v = variantOfLine(line, variants);
  if (!v) return null;
  return {
    variant: v._id,
    ...(v.size !== NO_SIZE ? { size: v.size } : {}),
    ...(v.colour ? { colour: v.colour } : {}),
    stock: v.countInStock,
    price: unitPriceOf(product.price, v),
  };
}

/**
 * The line as the catalogue has it now, with what changed for the buyer: a new price, or a quantity cut
 * to the stock of its variant or to the per-order limit (`qtyLimit`, ORDER_QTY_LIMIT: a line kept from
 * before the limit was lowered would otherwise be refused only at Place Order). Name, picture, stock, category and the variant id (a stored line matched
 * by its size) are refreshed silently. `line` is the same object when nothing changed, so callers can
 * skip writing the cart.
 */
export function reconcileLine(
  line: CartLine,
  product: Product,
  qtyLimit?: number,
): { line: CartLine; notices: CartNotice[]; check: LineCheck } {
  if (!product.status) return { line, notices: [], check: { state: 'unavailable' } };
  const choice = choiceOf(line, product);
  if (!choice) return { line, notices: [], check: { state: 'variantGone' } };
  const notices: CartNotice[] = [];
  const { stock, price } = choice;
  const about = { product: line.product, name: product.name, variant: lineLabel(choice) };
  let qty = line.qty;
  if (stock > 0 && qty > stock) {
    notices.push({ kind: 'qty', ...about, from: qty, to: stock });
    qty = stock;
  }
  if (qtyLimit !== undefined && qtyLimit >= 1 && qty > qtyLimit) {
    notices.push({ kind: 'limit', ...about, from: qty, to: qtyLimit });
    qty = qtyLimit;
  }
  if (price !== line.price) notices.push({ kind: 'price', ...about, from: line.price, to: price });
  const fresh: CartLine = {
    product: line.product,
    name: product.name,
    image: product.image[0] ?? line.image,
    price,
    currency: product.currency,
    countInStock: stock,
    categoryId: product.categoryId,
    qty,
    ...(choice.size ? { size: choice.size } : {}),
    ...(choice.variant ? { variant: choice.variant } : {}),
    ...(choice.colour ? { colour: choice.colour } : {}),
  };
  const same =
    fresh.name === line.name &&
    fresh.image === line.image &&
    fresh.price === line.price &&
    fresh.currency === line.currency &&
    fresh.countInStock === line.countInStock &&
    fresh.categoryId === line.categoryId &&
    fresh.qty === line.qty &&
    fresh.size === line.size &&
    fresh.variant === line.variant &&
    fresh.colour === line.colour;
  return { line: same ? line : fresh, notices, check: { state: stock > 0 ? 'ok' : 'soldOut' } };
}
