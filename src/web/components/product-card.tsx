import { Link } from 'react-router';
import { VARIANT_WIDTH, variantUrl } from '#shared/images.ts';
import { DiscountedPrice } from './discounted-price.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { Rating, reviewCount } from './rating.tsx';
import './storefront.css';

export type ProductCardProduct = {
  _id: string;
  name: string;
  image: readonly string[];
  rating: number;
  numReviews: number;
  countInStock: number;
  brand?: string;
};

export type CardPricing = { price: number; finalPrice: number; percentOff: number; couponAvailable: boolean };

/** Shown where a product has no picture yet. */
export const NO_IMAGE = '/images/no-image.svg';

/**
 * How wide a card's picture is drawn, for the browser to pick the thumbnail or the medium variant
 * (docs/decisions/0127-page-weight-images-seo.md): a grid of 1 column on phones, 2 from md, 3 from lg, 4
 * from xl (beside the filters: 2 from sm, 3 from xl).
 */
export const CARD_SIZES = {
  grid: '(min-width: 1200px) 300px, (min-width: 992px) 31vw, (min-width: 768px) 47vw, 94vw',
  besideFilters: '(min-width: 1200px) 280px, (min-width: 576px) 45vw, 94vw',
  strip: '(min-width: 992px) 220px, 190px',
} as const;

/** `srcset` of a stored product image: its thumbnail and medium WebP variants. */
export const imageSrcSet = (url: string) =>
  `${variantUrl(url, 'thumbnail')} ${String(VARIANT_WIDTH.thumbnail)}w, ${variantUrl(url, 'medium')} ${String(VARIANT_WIDTH.medium)}w`;

/**
 * A product in a grid or strip (docs/product/screens.md): thumbnail, name, rating with count, price with the struck-through
 * original when discounted, and an 'Out of Stock' label at stock 0. The whole card is one link.
 */
export function ProductCard({
  product,
  pricing,
  headingLevel = 'h3',
  sizes = CARD_SIZES.grid,
  priority = false,
}: {
  product: ProductCardProduct;
  pricing: CardPricing;
  headingLevel?: 'h2' | 'h3';
  /** The `sizes` of the picture: where the card sits. */
  sizes?: string;
  /** A card in the first screenful: its picture loads at once, first, instead of when scrolled near. */
  priority?: boolean;
}) {
  const t = useT();
  const Heading = headingLevel;
  const first = product.image[0];
  const soldOut = product.countInStock <= 0;
  return (
    <article className="card h-100 haat-product-card">
      <div className="haat-product-card-media">
        <img
          src={first ? variantUrl(first, 'thumbnail') : NO_IMAGE}
          srcSet={first ? imageSrcSet(first) : undefined}
          sizes={first ? sizes : undefined}
          alt={product.name}
          width={300}
          height={300}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className={`card-img-top ${soldOut ? 'haat-sold-out' : ''}`}
        />
        {soldOut ? (
          <span className="badge text-bg-dark haat-card-badge">{t('common.product.outOfStock')}</span>
        ) : null}
        {!soldOut && pricing.percentOff > 0 ? (
          <span className="badge haat-card-badge haat-badge-deal">
            {t('common.product.percentOff', { percent: pricing.percentOff })}
          </span>
        ) : null}
      </div>
      <div className="card-body d-flex flex-column gap-1">
        {product.brand ? (
          <p className="small text-body-secondary mb-0 text-truncate">{product.brand}</p>
        ) : null}
        <Heading className="h6 card-title mb-1 haat-card-title">
          <Link to={`/product/${product._id}`} className="stretched-link text-reset text-decoration-none">
            {product.name}
          </Link>
        </Heading>
        <Rating value={product.rating} text={reviewCount(product.numReviews, t)} className="small" />
        <div className="mt-auto pt-1">
          <DiscountedPrice price={pricing.price} finalPrice={pricing.finalPrice} className="fs-5" />
          {pricing.couponAvailable ? (
            <p className="small text-success mb-0">{t('common.product.couponAvailable')}</p>
          ) : null}
        </div>
      </div>
    </article>
  );
}
