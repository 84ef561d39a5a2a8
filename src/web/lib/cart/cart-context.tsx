import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { readStored, writeStored } from '#web/lib/local-storage.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { addLine, CART_KEY, parseCart, removeLine, totalQty, type CartLine } from './cart-store.ts';
import { removeOrderedLines, type OrderedLine } from './ordered-lines.ts';

export type Cart = {
  items: CartLine[];
  /** Total quantity across lines: the header badge. */
  totalQty: number;
  /** Add a product variant, replacing its line if that variant is already in the cart. */
  add: (line: CartLine) => void;
  /** Remove the line with this `lineKey`. */
  remove: (key: string) => void;
  clear: () => void;
  /** Take a paid order's lines out (docs/decisions/0133-payment-attempt-wording-and-cart.md). */
  removeOrdered: (lines: readonly OrderedLine[]) => void;
};

const CartContext = createContext<Cart | null>(null);

const NO_ITEMS: CartLine[] = [];
const loadCart = (): CartLine[] => readStored(CART_KEY, parseCart) ?? [];
const saveCart = (lines: CartLine[]) => writeStored(CART_KEY, lines);

/** Holds the cart in state, mirrors it to localStorage `cartItems`, and follows changes made in other tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [stored, setItems] = useState<CartLine[]>(loadCart);
  // The server's HTML shows an empty cart; so does the render that hydrates it (ADR 0126).
  const hydrated = useHydrated();
  const items = hydrated ? stored : NO_ITEMS;
  const loaded = useRef(true);

  useEffect(() => {
    // The first render holds what storage already has; write only real changes.
    if (loaded.current) {
      loaded.current = false;
      return;
    }
    saveCart(stored);
  }, [stored]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_KEY || event.key === null) setItems(loadCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const add = useCallback((line: CartLine) => setItems((current) => addLine(current, line)), []);
  const remove = useCallback((key: string) => setItems((current) => removeLine(current, key)), []);
  const clear = useCallback(() => setItems([]), []);
  const removeOrdered = useCallback(
    (lines: readonly OrderedLine[]) => setItems((current) => removeOrderedLines(current, lines)),
    [],
  );

  const value = useMemo<Cart>(
    () => ({ items, totalQty: totalQty(items), add, remove, clear, removeOrdered }),
    [items, add, remove, clear, removeOrdered],
  );
  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): Cart {
  const cart = use(CartContext);
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}
