import { lazy, useState } from 'react';
import { LazyPart } from '#web/components/lazy-part.tsx';
import { variantUrl } from '#shared/images.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

// The lightbox and its styles load only when somebody opens a photo.
const PhotoLightbox = lazy(() => import('./photo-lightbox.tsx'));

/**
 * A review's photos as small thumbnails; each is a button that opens the photos full size (Escape or the
 * close button returns, focus back on the thumbnail).
 */
export function ReviewPhotos({ urls, author }: { urls: readonly string[]; author: string }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const idPrefix = useUniqueId();
  if (urls.length === 0) return null;
  const slides = urls.map((url, i) => ({
    src: url,
    alt: t('reviews.photos.alt', { n: String(i + 1), total: String(urls.length), author }),
  }));
  return (
    <>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2 haat-review-photos">
        {urls.map((url, i) => (
          <li key={url}>
            <button
              type="button"
              className="btn p-0 border rounded overflow-hidden"
              onClick={() => setOpen(i)}
              aria-label={t('reviews.photos.open', { n: String(i + 1), total: String(urls.length), author })}
              id={`${idPrefix}-${String(i)}`}
            >
              <img
                src={variantUrl(url, 'thumbnail')}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                className="object-fit-cover d-block"
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <LazyPart>
          <PhotoLightbox
            index={open}
            slides={slides}
            onClose={(i) => {
              setOpen(null);
              document.getElementById(`${idPrefix}-${String(i)}`)?.focus();
            }}
          />
        </LazyPart>
      ) : null}
    </>
  );
}
