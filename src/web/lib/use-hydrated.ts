import { useEffect, useState } from 'react';

let hydrated = false;

/**
 * Says the browser's first render is over: from now on a component mounts knowing it runs in the browser.
 * main.tsx calls it before rendering a page the server did not render, and <HydrationDone> once the
 * server's HTML is hydrated. It also marks <html data-hydrated>, which the browser tests wait for before
 * clicking (a click before hydration is lost).
 */
export function markHydrated(): void {
  hydrated = true;
  if (typeof document !== 'undefined') document.documentElement.dataset.hydrated = '';
}

/** The same, outside a component: false until the browser's first render is committed. */
export const hydrationOver = (): boolean => hydrated;

/**
 * False while the server renders a page and while the browser hydrates it, true from then on (and at once
 * when the page was not server-rendered). What only the browser knows (localStorage: the cart, the chosen
 * currency, the stored userInfo) is read only once this is true, so the first render in the browser
 * matches the server's HTML (docs/decisions/0126-server-rendering.md).
 *
 * A module flag and an effect, set when the whole first render is committed (<HydrationDone>), so the
 * browser tests can wait for that moment (`<html data-hydrated>`), under React or Preact (ADR 0130).
 */
export function useHydrated(): boolean {
  const [now, setNow] = useState(hydrated);
  useEffect(() => {
    if (!now) setNow(true);
  }, [now]);
  return now;
}

/** Rendered last in the app: its effect runs once the whole first render is committed. */
export function HydrationDone(): null {
  useEffect(markHydrated, []);
  return null;
}
