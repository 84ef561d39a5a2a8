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
      labels={{ Lightbox: t('reviews.photos.lightbox') }}
    />
  );
}
