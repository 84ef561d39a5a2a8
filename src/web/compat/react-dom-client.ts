/**
 * `react-dom/client` in the browser build, where Preact stands in for React
 * (docs/decisions/0130-preact-in-the-browser.md).
 *
 * The server renders with React and the browser hydrates with Preact. Their `useId` values differ
 * (React's `_R_2pkd_`, Preact's `P0-1`), and Preact does not touch attributes while hydrating. A label's `for`
 * and its input's `id` would still match each other, because both come from the server. But code that
 * builds an id in the browser would look for Preact's value and find nothing: the lightbox returning
 * focus to a thumbnail, or a field's `aria-describedby` once its error shows. So while hydrating, the
 * attributes that hold or name an element id are set to the browser's values.
 */
import { options, type VNode } from 'preact';
import { createRoot, hydrateRoot as preactHydrateRoot } from 'preact/compat/client';

export { createRoot };

/** Props that hold an element id, or name other elements by id, with the attribute each sets. */
const ID_PROPS: [prop: string, attribute: string][] = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['for', 'for'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-controls', 'aria-controls'],
  ['aria-activedescendant', 'aria-activedescendant'],
  ['aria-owns', 'aria-owns'],
  ['list', 'list'],
];

/** The element a vnode rendered (`_dom`, which Preact's build names `__e`; its own compat layer reads it). */
const domOf = (vnode: VNode): unknown => (vnode as unknown as { __e?: unknown }).__e;

export function hydrateRoot(container: Element, children: Parameters<typeof preactHydrateRoot>[1]) {
  const previous = options.diffed;
  options.diffed = (vnode) => {
    const dom = domOf(vnode);
    if (typeof vnode.type === 'string' && dom instanceof Element) {
      const props = vnode.props as Record<string, unknown>;
      for (const [prop, attribute] of ID_PROPS) {
        const value = props[prop];
        if (typeof value === 'string' && dom.getAttribute(attribute) !== value)
          dom.setAttribute(attribute, value);
      }
    }
    previous?.(vnode);
  };
  try {
    // Preact hydrates synchronously: the hook is in place for exactly the hydrating render.
    return preactHydrateRoot(container, children);
  } finally {
    options.diffed = previous;
  }
}
