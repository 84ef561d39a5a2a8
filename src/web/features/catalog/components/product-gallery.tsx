import { lazy, useRef, useState } from 'react';
import { LazyPart } from '#web/components/lazy-part.tsx';
import { preload } from 'react-dom';
import Carousel from 'react-bootstrap/Carousel';
import { variantUrl } from '#shared/images.ts';
import { imageSrcSet, NO_IMAGE } from '#web/components/product-card.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** The gallery's width: the page's left column from md, the whole width on phones. */
export const GALLERY_SIZES =
  '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 768px) 46vw, 94vw';

const ProductLightbox = lazy(() => import('./product-lightbox.tsx'));

/**
 * A product's pictures (docs/product/screens.md): a carousel of the medium variants with thumbnails to pick from; a
 * picture opens the full-screen lightbox. The carousel does not rotate by itself — people look at a
 * product's pictures at their own pace; the lightbox's slideshow plays at SPEC's 1000 ms (see
 * docs/decisions/0065-carousel-does-not-turn-by-itself.md). Slides move in 500 ms.
 */
export function ProductGallery({ name, images }: { name: string; images: readonly string[] }) {
  const t = useT();
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const openers = useRef<(HTMLButtonElement | null)[]>([]);

  // The first picture is the page's largest paint: ask for it in the <head> (the server's HTML too), before
  // the browser has laid out the carousel (docs/decisions/0127-page-weight-images-seo.md).
  const first = images[0];
  if (first) {
    preload(variantUrl(first, 'medium'), {
      as: 'image',
      imageSrcSet: imageSrcSet(first),
      imageSizes: GALLERY_SIZES,
      fetchPriority: 'high',
    });
  }

  if (images.length === 0) {
    return (
      <div className="haat-gallery">
        <img
          src={NO_IMAGE}
          alt={t('catalog.gallery.noPicture', { name })}
          className="img-fluid rounded-3"
          width={800}
          height={800}
        />
      </div>
    );
  }

  const many = images.length > 1;
  const alt = (i: number) =>
    many ? t('catalog.gallery.pictureOf', { name, n: String(i + 1), total: String(images.length) }) : name;
  const show = (i: number) => {
    setActive(i);
    setEverOpened(true);
    setOpen(true);
  };

  return (
    <div className="haat-gallery">
      <Carousel
        activeIndex={active}
        onSelect={(i) => setActive(i)}
        interval={null}
        controls={many}
        indicators={false}
        touch
        className="haat-gallery-carousel rounded-3"
      >
        {images.map((url, i) => (
          <Carousel.Item key={url}>
            <button
              type="button"
              className="haat-gallery-open"
              onClick={() => show(i)}
              ref={(el) => {
                openers.current[i] = el;
              }}
              aria-label={t('catalog.gallery.viewFullScreen', { alt: alt(i) })}
            >
              <img
                src={variantUrl(url, 'medium')}
                srcSet={imageSrcSet(url)}
                sizes={GALLERY_SIZES}
                alt={alt(i)}
                width={800}
                height={800}
                className="d-block w-100"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              <span className="haat-gallery-zoom" aria-hidden="true">
                ⤢ {t('catalog.gallery.fullScreen')}
              </span>
            </button>
          </Carousel.Item>
        ))}
      </Carousel>
      {many ? (
        <ul className="haat-gallery-thumbs list-unstyled" aria-label={t('catalog.gallery.pictures')}>
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                className={`haat-gallery-thumb ${i === active ? 'active' : ''}`}
                onClick={() => setActive(i)}
                aria-label={t('catalog.gallery.showPicture', { n: String(i + 1) })}
                aria-current={i === active ? 'true' : undefined}
              >
                <img src={variantUrl(url, 'thumbnail')} alt="" width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {everOpened ? (
        <LazyPart>
          <ProductLightbox
            open={open}
            index={active}
            slides={images.map((url, i) => ({ src: url, alt: alt(i) }))}
            onClose={(i) => {
              setOpen(false);
              setActive(i);
              openers.current[i]?.focus();
            }}
          />
        </LazyPart>
      ) : null}
    </div>
  );
}
