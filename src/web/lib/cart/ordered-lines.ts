import { isRecord } from '#web/lib/local-storage.ts';
import { sameLine, type CartLine, type LineIdentity } from './cart-store.ts';

/**
 * The cart's lines an unpaid order took (docs/decisions/0133-payment-attempt-wording-and-cart.md): an
 * online order placed from the cart leaves the cart as it was until the order is paid; then exactly the
 * variants and quantities that order took leave the cart. Pure functions here; storage and React in
 * cart-orders.ts. Plain parsers, no zod: the cart is part of the first page's JavaScript.
 */
export const CART_ORDERS_KEY = 'cartOrders';

/** One line an order took from the cart: which variant, and how many. */
export type OrderedLine = LineIdentity & { qty: number };

/** Unpaid orders placed from this browser's cart: order id → the lines each took. */
export type CartOrders = Record<string, OrderedLine[]>;

/** The most orders remembered; the oldest is forgotten first (an abandoned order expires unpaid anyway). */
export const MAX_CART_ORDERS = 20;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

function parseOrderedLine(value: unknown): OrderedLine | null {
  if (!isRecord(value)) return null;
  const { product, qty } = value;
  if (typeof product !== 'string' || !product) return null;
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1) return null;
  const line: OrderedLine = { product, qty };
  const variant = text(value.variant);
  const size = text(value.size);
  const colour = text(value.colour);
  if (variant) line.variant = variant;
  if (size) line.size = size;
  if (colour) line.colour = colour;
  return line;
}

/** Stored data may be old or edited by hand: keep the orders and lines that make sense. */
export function parseCartOrders(value: unknown): CartOrders {
  const orders: CartOrders = {};
  if (!isRecord(value)) return orders;
  for (const [id, lines] of Object.entries(value)) {
    if (!id || !Array.isArray(lines)) continue;
    const parsed = lines.map(parseOrderedLine).filter((l): l is OrderedLine => l !== null);
    if (parsed.length > 0) orders[id] = parsed;
  }
  return orders;
}

/** What an order placed from these cart lines took: each line's variant and quantity. */
export function orderedLinesOf(cart: readonly CartLine[]): OrderedLine[] {
  return cart.map(({ product, variant, size, colour, qty }) => {
    const line: OrderedLine = { product, qty };
    if (variant) line.variant = variant;
    if (size) line.size = size;
    if (colour) line.colour = colour;
    return line;
  });
}

/** Remembers the lines an order took, forgetting the oldest orders beyond MAX_CART_ORDERS. */
export function rememberOrder(orders: CartOrders, orderId: string, lines: OrderedLine[]): CartOrders {
  const rest = Object.entries(orders).filter(([id]) => id !== orderId);
  if (lines.length > 0) rest.push([orderId, lines]);
  return Object.fromEntries(rest.slice(-MAX_CART_ORDERS));
}

/** The orders without this one. */
export function forgetOrder(orders: CartOrders, orderId: string): CartOrders {
  return Object.fromEntries(Object.entries(orders).filter(([id]) => id !== orderId));
}

/**
 * The cart once a paid order's lines leave it: each cart line of a variant the order took loses the
 * quantity the order took (a line left with none is removed); every other line — added after the order,
 * or never in it, such as a Buy Now order's product — stays as it is, in its place.
 */
export function removeOrderedLines(cart: readonly CartLine[], ordered: readonly OrderedLine[]): CartLine[] {
  const taken = cart.map(() => 0);
  for (const line of ordered) {
    const index = cart.findIndex((c) => sameLine(c, line));
    if (index !== -1) taken[index] = (taken[index] ?? 0) + line.qty;
  }
  return cart.flatMap((line, i) => {
    const qty = line.qty - (taken[i] ?? 0);
    if (qty === line.qty) return [line];
    return qty > 0 ? [{ ...line, qty }] : [];
  });
}
