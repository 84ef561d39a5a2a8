import { useEffect, useRef } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import 'yet-another-react-lightbox/styles.css';

/** docs/product/pricing-and-tax.md: carousel transition 500 ms, autoplay every 1000 ms. */
export const LIGHTBOX_TRANSITION_MS = 500;
export const LIGHTBOX_AUTOPLAY_MS = 1000;

/**
 * The full-screen view of a product's pictures (loaded only when opened). With several pictures the
 * slideshow starts at SPEC's pace, with the lightbox's own pause button; Escape or the close button
 * returns to the page, with focus back on the picture that opened it.
 */
export default function ProductLightbox({
  open,
  index,
  slides,
  onClose,
}: {
  open: boolean;
  index: number;
  slides: { src: string; alt: string }[];
  onClose: (index: number) => void;
}) {
  const single = slides.length <= 1;
  const current = useRef(index);
  useFocusTrap(open);
  return (
    <Lightbox
      open={open}
      close={() => onClose(current.current)}
      index={index}
      slides={slides}
      plugins={single ? [Fullscreen] : [Slideshow, Fullscreen]}
      slideshow={{ autoplay: true, delay: LIGHTBOX_AUTOPLAY_MS }}
      animation={{ swipe: LIGHTBOX_TRANSITION_MS, fade: LIGHTBOX_TRANSITION_MS }}
      carousel={{ finite: single }}
      render={single ? { buttonPrev: () => null, buttonNext: () => null } : {}}
      on={{
        view: ({ index: i }) => {
          current.current = i;
        },
      }}
      labels={{ Lightbox: 'Product pictures' }}
    />
  );
}

const PORTAL = '.yarl__portal';
const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps the keyboard inside the open lightbox (docs/decisions/0131-accessibility-checks.md): the library
 * makes the page behind inert, but Tab past its last button would leave for the browser's own controls,
 * and under Preact nothing moves focus in when it opens. Focus goes to its first button on opening, and
 * Tab and Shift+Tab go round its buttons.
 */
function useFocusTrap(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const buttons = () =>
      [...(document.querySelector(PORTAL)?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
    const focusIn = window.setTimeout(() => {
      if (!document.activeElement?.closest(PORTAL)) buttons()[0]?.focus();
    }, 50);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const list = buttons();
      if (list.length === 0) return;
      const at = list.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? at <= 0
          ? list.length - 1
          : at - 1
        : at === list.length - 1
          ? 0
          : at + 1;
      event.preventDefault();
      list[next]?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      window.clearTimeout(focusIn);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);
}
