/**
 * The cart kept in the browser (docs/product/api.md#resources "Cart item", docs/product/orders-and-checkout.md#checkout-flow "Cart"): one line per product. Pure functions
 * here; the React side is in cart-context.tsx. Prices stored here are only for display: the server
 * recomputes every amount when an order is placed (docs/product/pricing-and-tax.md).
 */
export const CART_KEY = 'cartItems';

export type CartLine = {
  product: string;
  name: string;
  image: string;
  price: number;
  currency: string;
  countInStock: number;
  categoryId: string;
  qty: number;
  /** The size chosen on the product page, for products sold in sizes (not for ['N/A']). */
  size?: string;
};

function parseLine(value: unknown): CartLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const { product, name, image, price, currency, countInStock, categoryId, qty, size } = v;
  if (typeof product !== 'string' || !product) return null;
  if (typeof name !== 'string' || typeof image !== 'string' || typeof currency !== 'string') return null;
  if (typeof categoryId !== 'string') return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof countInStock !== 'number' || !Number.isInteger(countInStock)) return null;
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1) return null;
  const line: CartLine = { product, name, image, price, currency, countInStock, categoryId, qty };
  if (typeof size === 'string' && size.trim() !== '') line.size = size;
  return line;
}

/** Stored data may be old or edited by hand: keep the lines that still make sense, drop the rest. */
export function parseCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const item of value) {
    const line = parseLine(item);
    if (line && !lines.some((l) => l.product === line.product)) lines.push(line);
  }
  return lines;
}

/** Adding a product already in the cart replaces its line (new quantity, fresh details); otherwise appends. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const index = lines.findIndex((l) => l.product === line.product);
  if (index === -1) return [...lines, line];
  return lines.map((l, i) => (i === index ? line : l));
}

export function removeLine(lines: readonly CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.product !== productId);
}

export function totalQty(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.qty, 0);
}
