import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true from then on (and at once
 * when the page was not server-rendered). What only the browser knows (localStorage: the cart, the chosen
 * currency, the stored userInfo) is read only once this is true, so the first render in the browser
 * matches the server's HTML (docs/decisions/0126-server-rendering.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
