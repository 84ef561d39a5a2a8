import { useState } from 'react';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useCart } from './cart-context.tsx';
import { parseCart, type CartLine } from './cart-store.ts';

/**
 * Buy Now (docs/decisions/0132-phone-purchase-flow.md): the one line a shopper buys straight from the
 * product page, checked out instead of the cart, which stays as it was. Kept in sessionStorage: it
 * belongs to this tab's checkout (through sign-in, which happens in the same tab) and is forgotten with it,
 * so an abandoned Buy Now never hijacks a later checkout of the cart in another tab.
 */
export const BUY_NOW_KEY = 'buyNow';
/** Orders placed by Buy Now in this tab: paying one of them must not empty the cart. */

function readSession(key: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null; // storage unavailable or malformed
  }
}

function writeSession(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage Buy Now lasts only this page; the checkout then shows the cart.
  }
}

/** The Buy Now line, checked like a stored cart line; null when there is none (or it no longer parses). */
export const readBuyNow = (): CartLine | null => parseCart([readSession(BUY_NOW_KEY)])[0] ?? null;

/** Start a Buy Now checkout of this one line. */
export const startBuyNow = (line: CartLine) => writeSession(BUY_NOW_KEY, line);

/** Back to checking out the cart (the cart's own checkout button, or the order placed). */
export const endBuyNow = () => writeSession(BUY_NOW_KEY, null);

/**
 * A Buy Now order was placed: Buy Now ends. Its payment leaves the cart alone because only orders placed
 * from the cart are remembered for clearing (ADR 0133).
 */
export function buyNowPlaced(): void {
  endBuyNow();
}

/**
 * What a checkout buys: the Buy Now line when one was started in this tab, else the cart's lines.
 * `buyNow` says which. Checkout pages are not server-rendered; before hydration both are empty anyway.
 */
export function useCheckoutLines(): { items: CartLine[]; buyNow: CartLine | null } {
  const cart = useCart();
  const hydrated = useHydrated();
  const [buyNow] = useState(readBuyNowSafely);
  if (hydrated && buyNow) return { items: [buyNow], buyNow };
  return { items: cart.items, buyNow: null };
}

const readBuyNowSafely = () => (typeof window === 'undefined' ? null : readBuyNow());
