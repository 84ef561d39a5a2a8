import { useRef } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** A review's photos full size (loaded only when a thumbnail is opened). */
export default function PhotoLightbox({
  index,
  slides,
  onClose,
}: {
  index: number;
  slides: { src: string; alt: string }[];
  onClose: (index: number) => void;
}) {
  const t = useT();
  const single = slides.length <= 1;
  const current = useRef(index);
  return (
    <Lightbox
      open
      close={() => onClose(current.current)}
      index={index}
      slides={slides}
      carousel={{ finite: true }}
      render={single ? { buttonPrev: () => null, buttonNext: () => null } : {}}
      on={{
        view: ({ index: i }) => {
          current.current = i;
        },
      }}
      labels={{
        Lightbox: t('reviews.photos.lightbox'),
        Previous: t('reviews.lightbox.previous'),
        Next: t('reviews.lightbox.next'),
        Close: t('reviews.lightbox.close'),
        Carousel: t('reviews.lightbox.carousel'),
        Slide: t('reviews.lightbox.slide'),
        'Photo gallery': t('reviews.lightbox.gallery'),
        // The library fills in {index} and {total} itself.
        '{index} of {total}': t('reviews.lightbox.counter', { index: '{index}', total: '{total}' }),
      }}
    />
  );
}
