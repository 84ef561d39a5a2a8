import { useCallback } from 'react';
import { readStored, writeStored } from '#web/lib/local-storage.ts';
import type { CartLine } from './cart-store.ts';
import { useCart } from './cart-context.tsx';
import {
  CART_ORDERS_KEY,
  forgetOrder,
  orderedLinesOf,
  parseCartOrders,
  rememberOrder,
  type CartOrders,
  type OrderedLine,
} from './ordered-lines.ts';

/**
 * The unpaid online orders placed from this browser's cart (localStorage `cartOrders`), so that paying
 * one later — right away, or from My Orders — takes its lines out of the cart
 * (docs/decisions/0133-payment-attempt-wording-and-cart.md). An order placed anywhere else (another
 * browser, the API, a Buy Now of one line) is not remembered, so paying it leaves this cart alone.
 */
const readCartOrders = (): CartOrders => readStored(CART_ORDERS_KEY, parseCartOrders) ?? {};

/** Place Order, for an online order: remember which cart lines it took. */
export function rememberCartOrder(orderId: string, cart: readonly CartLine[]): void {
  writeStored(CART_ORDERS_KEY, rememberOrder(readCartOrders(), orderId, orderedLinesOf(cart)));
}

/** The lines an order took, forgotten as they are read (so they leave the cart once); [] if none. */
function takeCartOrder(orderId: string): OrderedLine[] {
  const orders = readCartOrders();
  const lines = orders[orderId];
  if (!lines) return [];
  writeStored(CART_ORDERS_KEY, forgetOrder(orders, orderId));
  return lines;
}

/**
 * Takes a paid order's remembered lines out of the cart. Safe to call again: the second call finds nothing
 * remembered. (A cancelled order's entry stays until MAX_CART_ORDERS newer ones push it out; its lines
 * were never bought, so they stay in the cart.)
 */
export function useSettlePaidCartOrder(): (orderId: string) => void {
  const { removeOrdered } = useCart();
  return useCallback(
    (orderId: string) => {
      const lines = takeCartOrder(orderId);
      if (lines.length > 0) removeOrdered(lines);
    },
    [removeOrdered],
  );
}
