import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { categoryHref } from '../lib/category-path.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** docs/product/pricing-and-tax.md: three banners, one every 10 seconds. */
export const BANNER_INTERVAL_MS = 10_000;

const BANNERS = [
  {
    image: '/banners/handloom.svg',
    text: 'handloom',
    to: categoryHref(['Women Clothes']),
  },
  {
    image: '/banners/gadgets.svg',
    text: 'gadgets',
    to: categoryHref(['Electronics & Gadgets']),
  },
  {
    image: '/banners/home.svg',
    text: 'home',
    to: categoryHref(['Home & Living']),
  },
] as const;

/**
 * The home page banner (docs/product/screens.md). It rotates by itself, so it has a pause button (WCAG 2.2.2) besides
 * pausing while the pointer is over it; the headline is text over a decorative picture. Bootstrap's
 * carousel markup with a few lines of state instead of react-bootstrap's component, which brought its
 * transition code to the home page (docs/decisions/0127-page-weight-images-seo.md); a swipe turns it too.
 * Only the first picture loads with the page (eagerly, it is the largest thing in view); the others
 * load lazily when they come up.
 */
export function BannerCarousel() {
  const t = useT();
  // Each banner's words, by its `text` key (written out, so the catalogue test sees every id).
  const words = {
    handloom: {
      kicker: t('catalog.banner.handloomKicker'),
      title: t('catalog.banner.handloomTitle'),
      cta: t('catalog.banner.handloomCta'),
    },
    gadgets: {
      kicker: t('catalog.banner.gadgetsKicker'),
      title: t('catalog.banner.gadgetsTitle'),
      cta: t('catalog.banner.gadgetsCta'),
    },
    home: {
      kicker: t('catalog.banner.homeKicker'),
      title: t('catalog.banner.homeTitle'),
      cta: t('catalog.banner.homeCta'),
    },
  };
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [active, setActive] = useState(0);
  // The first slide appears with the page, not faded in (it is the page's largest paint); later ones fade.
  const [turned, setTurned] = useState(false);
  const touchX = useRef<number | null>(null);
  const count = BANNERS.length;
  const show = (index: number) => {
    setTurned(true);
    setActive((index + count) % count);
  };
  const go = (step: number) => show(active + step);

  useEffect(() => {
    if (paused || hovered) return;
    const timer = setTimeout(() => {
      setTurned(true);
      setActive((i) => (i + 1) % count);
    }, BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [active, paused, hovered, count]);

  return (
    <section
      className="haat-banner mb-4"
      aria-roledescription="carousel"
      aria-label={t('catalog.banner.label')}
    >
      <div
        className={`carousel slide${turned ? ' haat-banner-turned' : ''}`}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onTouchStart={(event) => {
          touchX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchX.current;
          const end = event.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < 40) return;
          go(end < start ? 1 : -1);
        }}
      >
        <div className="carousel-indicators">
          {BANNERS.map((banner, i) => (
            <button
              key={banner.image}
              type="button"
              data-bs-target=""
              className={i === active ? 'active' : undefined}
              aria-current={i === active ? 'true' : undefined}
              aria-label={t('catalog.banner.slide', { n: String(i + 1) })}
              onClick={() => show(i)}
            />
          ))}
        </div>
        <div className="carousel-inner">
          {BANNERS.map((banner, i) => (
            <div key={banner.image} className={`carousel-item${i === active ? ' active' : ''}`}>
              <img
                className="haat-banner-image"
                src={banner.image}
                alt=""
                width={1600}
                height={480}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              <div className="haat-banner-caption">
                <p className="haat-banner-kicker">{words[banner.text].kicker}</p>
                <p className="haat-banner-title">{words[banner.text].title}</p>
                <Link to={banner.to} className="btn btn-warning fw-semibold">
                  {words[banner.text].cta}
                </Link>
              </div>
            </div>
          ))}
        </div>
        <button type="button" className="carousel-control-prev" onClick={() => go(-1)}>
          <span className="carousel-control-prev-icon" aria-hidden="true" />
          <span className="visually-hidden">{t('catalog.banner.previous')}</span>
        </button>
        <button type="button" className="carousel-control-next" onClick={() => go(1)}>
          <span className="carousel-control-next-icon" aria-hidden="true" />
          <span className="visually-hidden">{t('catalog.banner.next')}</span>
        </button>
      </div>
      <button
        type="button"
        className="btn btn-light haat-banner-pause"
        onClick={() => setPaused((p) => !p)}
        aria-label={paused ? t('catalog.banner.play') : t('catalog.banner.pause')}
        title={paused ? t('catalog.banner.play') : t('catalog.banner.pause')}
      >
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
          {paused ? <path d="M4 2.5v11l9-5.5z" /> : <path d="M4 2h3v12H4zM9 2h3v12H9z" />}
        </svg>
      </button>
    </section>
  );
}
