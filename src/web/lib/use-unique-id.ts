import { useId, useState } from 'react';

let made = 0;

/**
 * `useId` for the web app: an id unique in the page. In the browser, Preact counts its ids from the nearest
 * rendered root, and a subtree that renders again after suspending (a message namespace loading, ADR 0135)
 * starts that count over, so two fields could get one id and a label name the wrong control. The browser's
 * id adds a page-wide count; the server's stays React's own (hydration sets the browser's ids anyway,
 * ADR 0130).
 */
export function useUniqueId(): string {
  const id = useId();
  const [unique] = useState(() => (typeof window === 'undefined' ? id : `${id}u${(made += 1).toString(36)}`));
  return unique;
}
