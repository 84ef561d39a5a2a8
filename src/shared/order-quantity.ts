/**
 * How many units of one item (a product variant) a buyer may choose and order at once
 * (docs/decisions/0132-phone-purchase-flow.md). The limit is a setting (ORDER_QTY_LIMIT, src/server/config.ts);
 * the server refuses an order line above it, and the quantity steppers on the product page and in the cart
 * stop at it and at the item's stock. Pure and free of zod: the cart is part of the first page's JavaScript.
 */

/** ORDER_QTY_LIMIT when unset, and what the web app assumes until the server has told it. */
export const DEFAULT_ORDER_QTY_LIMIT = 10;

/** The most units a stepper offers: the stock, at most the limit; 0 when there is no stock (or no limit). */
export function qtyCap(stock: number, limit: number): number {
  const s = Number.isFinite(stock) ? Math.floor(stock) : 0;
  const l = Number.isFinite(limit) ? Math.floor(limit) : 0;
  return Math.max(0, Math.min(s, l));
}

/** A wanted quantity brought within 1..cap (1 when nothing can be bought: the buttons are off then). */
export function clampQty(wanted: number, cap: number): number {
  const w = Number.isFinite(wanted) ? Math.floor(wanted) : 1;
  return Math.max(1, Math.min(w, Math.max(1, cap)));
}

/** What the server says about an order line above the limit; `name` may carry the variant ("Kurta (size L)"). */
export const qtyOverLimitMessage = (limit: number, name: string) =>
  `You can buy at most ${limit} of ${name} in one order`;
