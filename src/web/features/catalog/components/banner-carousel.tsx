import { useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';
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
 * pausing while the pointer is over it; the headline is text over a decorative picture.
 */
export function BannerCarousel() {
  const [paused, setPaused] = useState(false);
  return (
    <section className="haat-banner mb-4" aria-roledescription="carousel" aria-label="Featured collections">
      <Carousel interval={paused ? null : BANNER_INTERVAL_MS} pause="hover" touch>
        {BANNERS.map((banner) => (
          <Carousel.Item key={banner.image}>
            <img className="haat-banner-image" src={banner.image} alt="" width={1600} height={480} />
            <div className="haat-banner-caption">
              <p className="haat-banner-kicker">{banner.kicker}</p>
              <p className="haat-banner-title">{banner.title}</p>
              <Link to={banner.to} className="btn btn-warning fw-semibold">
                {banner.cta}
              </Link>
            </div>
          </Carousel.Item>
        ))}
      </Carousel>
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
