import { useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps the keyboard inside an open dialog (docs/decisions/0131-accessibility-checks.md). Dialog libraries
 * make the page behind inert or pull focus back when it lands there, but Tab past the dialog's last control
 * leaves the document for the browser's own controls, where no page code sees it. While `open`, focus moves
 * into the element `selector` finds (when it is not there yet), and Tab and Shift+Tab go round its controls.
 */
export function useFocusTrap(open: boolean, selector: string): void {
  useEffect(() => {
    if (!open) return;
    const controls = () =>
      [...(document.querySelector(selector)?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
        (el) => el.getClientRects().length > 0,
      );
    const focusIn = window.setTimeout(() => {
      if (!document.activeElement?.closest(selector)) controls()[0]?.focus();
    }, 50);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !document.querySelector(selector)) return;
      const list = controls();
      if (list.length === 0) return;
      const at = list.indexOf(document.activeElement as HTMLElement);
      const last = list.length - 1;
      const next = event.shiftKey ? (at <= 0 ? last : at - 1) : at === -1 || at === last ? 0 : at + 1;
      event.preventDefault();
      list[next]?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      window.clearTimeout(focusIn);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open, selector]);
}
