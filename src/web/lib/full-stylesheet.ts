/**
 * A server-rendered storefront page inlines only the part of the app's stylesheet its own code uses, and
 * links the whole one for print only, so it loads without holding the first paint
 * (docs/decisions/0139-storefront-critical-css.md). Before the app shows any other page, the whole
 * stylesheet takes over: it applies to the screen, and the inlined part, which it contains, goes once it
 * has loaded (until then the inlined part keeps the page styled). Nothing happens on a page without them.
 */
export function switchToFullStylesheet(doc: Document = document): void {
  const link = doc.querySelector<HTMLLinkElement>('link[data-haat-full-css]');
  if (!link) return;
  link.removeAttribute('data-haat-full-css');
  const dropCritical = () => {
    for (const style of doc.querySelectorAll('style[data-haat-critical-css]')) style.remove();
  };
  if (link.sheet) {
    link.media = 'all';
    dropCritical();
    return;
  }
  // A stylesheet that fails to load leaves the inlined part in place.
  link.addEventListener('load', dropCritical, { once: true });
  link.media = 'all';
}
