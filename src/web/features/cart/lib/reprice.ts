import type { Product } from '#shared/schemas/product.ts';
import type { CartLine } from '#web/lib/cart/cart-store.ts';

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
  | { state: 'ok' };

export type CartNotice =
  | { kind: 'price'; product: string; name: string; from: number; to: number }
  | { kind: 'qty'; product: string; name: string; from: number; to: number };

/**
 * The line as the catalogue has it now, with what changed for the buyer: a new price, or a quantity cut
 * to the stock left. Name, picture, stock and category are refreshed silently. `line` is the same object
 * when nothing changed, so callers can skip writing the cart.
 */
export function reconcileLine(
  line: CartLine,
  product: Product,
): { line: CartLine; notices: CartNotice[]; check: LineCheck } {
  if (!product.status) return { line, notices: [], check: { state: 'unavailable' } };
  const notices: CartNotice[] = [];
  const stock = product.countInStock;
  let qty = line.qty;
  if (stock > 0 && qty > stock) {
    notices.push({ kind: 'qty', product: line.product, name: product.name, from: qty, to: stock });
    qty = stock;
  }
  if (product.price !== line.price) {
    notices.push({
      kind: 'price',
      product: line.product,
      name: product.name,
      from: line.price,
      to: product.price,
    });
  }
  const size = line.size && product.sizes.includes(line.size) ? line.size : undefined;
  const fresh: CartLine = {
    product: line.product,
    name: product.name,
    image: product.image[0] ?? line.image,
    price: product.price,
    currency: product.currency,
    countInStock: stock,
    categoryId: product.categoryId,
    qty,
    ...(size ? { size } : {}),
  };
  const same =
    fresh.name === line.name &&
    fresh.image === line.image &&
    fresh.price === line.price &&
    fresh.currency === line.currency &&
    fresh.countInStock === line.countInStock &&
    fresh.categoryId === line.categoryId &&
    fresh.qty === line.qty &&
    fresh.size === line.size;
  return { line: same ? line : fresh, notices, check: { state: stock > 0 ? 'ok' : 'soldOut' } };
}

/** Quantity choices for a line: 1 to the stock, and never fewer than the quantity already chosen. */
export function qtyOptions(line: Pick<CartLine, 'qty' | 'countInStock'>): number[] {
  const max = Math.max(line.countInStock, line.qty, 1);
  return Array.from({ length: max }, (_, i) => i + 1);
}
