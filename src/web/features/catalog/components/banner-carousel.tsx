import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { categoryHref } from '../lib/category-path.ts';

/** docs/product/pricing-and-tax.md: three banners, one every 10 seconds. */
export const BANNER_INTERVAL_MS = 10_000;

const BANNERS = [
  {
    image: '/banners/handloom.svg',
    kicker: 'Handwoven & hand-picked',
    title: 'Sarees, kurtas and stoles from weavers across India',
    cta: 'Shop women’s clothing',
    to: categoryHref(['Women Clothes']),
  },
  {
    image: '/banners/gadgets.svg',
    kicker: 'Everyday tech',
    title: 'Phones, audio and gadgets at honest prices',
    cta: 'Shop electronics',
    to: categoryHref(['Electronics & Gadgets']),
  },
  {
    image: '/banners/home.svg',
    kicker: 'Make your home a haat',
    title: 'Quilts, cushions and kitchenware from small makers',
    cta: 'Shop home & living',
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
    <section className="haat-banner mb-4" aria-roledescription="carousel" aria-label="Featured collections">
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
              aria-label={`Slide ${String(i + 1)}`}
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
                <p className="haat-banner-kicker">{banner.kicker}</p>
                <p className="haat-banner-title">{banner.title}</p>
                <Link to={banner.to} className="btn btn-warning fw-semibold">
                  {banner.cta}
                </Link>
              </div>
            </div>
          ))}
        </div>
        <button type="button" className="carousel-control-prev" onClick={() => go(-1)}>
          <span className="carousel-control-prev-icon" aria-hidden="true" />
          <span className="visually-hidden">Previous</span>
        </button>
        <button type="button" className="carousel-control-next" onClick={() => go(1)}>
          <span className="carousel-control-next-icon" aria-hidden="true" />
          <span className="visually-hidden">Next</span>
        </button>
      </div>
      <button
        type="button"
        className="btn btn-light haat-banner-pause"
        onClick={() => setPaused((p) => !p)}
        aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
        title={paused ? 'Play slideshow' : 'Pause slideshow'}
      >
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
          {paused ? <path d="M4 2.5v11l9-5.5z" /> : <path d="M4 2h3v12H4zM9 2h3v12H9z" />}
        </svg>
      </button>
    </section>
  );
}
