import { useRef } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import 'yet-another-react-lightbox/styles.css';
import { useFocusTrap } from '#web/components/use-focus-trap.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

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
  const t = useT();
  const single = slides.length <= 1;
  const current = useRef(index);
  // The library makes the page behind inert; Tab past its last button would still leave the page.
  useFocusTrap(open, '.yarl__portal');
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
      labels={{
        Lightbox: t('catalog.gallery.lightbox'),
        Previous: t('catalog.lightbox.previous'),
        Next: t('catalog.lightbox.next'),
        Close: t('catalog.lightbox.close'),
        Play: t('catalog.lightbox.play'),
        Pause: t('catalog.lightbox.pause'),
        'Enter Fullscreen': t('catalog.lightbox.enterFullscreen'),
        'Exit Fullscreen': t('catalog.lightbox.exitFullscreen'),
        Carousel: t('catalog.lightbox.carousel'),
        Slide: t('catalog.lightbox.slide'),
        'Photo gallery': t('catalog.lightbox.gallery'),
        // The library fills in {index} and {total} itself.
        '{index} of {total}': t('catalog.lightbox.counter', { index: '{index}', total: '{total}' }),
      }}
    />
  );
}
