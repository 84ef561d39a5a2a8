import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** A return request's photos full size (loaded only when a thumbnail is opened). */
export default function MediaLightbox({
  index,
  slides,
  onClose,
}: {
  index: number;
  slides: { src: string; alt: string }[];
  onClose: () => void;
}) {
  const t = useT();
  const single = slides.length <= 1;
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      carousel={{ finite: true }}
      render={single ? { buttonPrev: () => null, buttonNext: () => null } : {}}
      labels={{ Lightbox: t('returns.media.lightbox') }}
    />
  );
}
