import { Link } from 'react-router';
import { variantUrl } from '#shared/images.ts';
import { DiscountedPrice } from './discounted-price.tsx';
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
 * A product in a grid or strip (docs/product/screens.md): thumbnail, name, rating with count, price with the struck-through
 * original when discounted, and an 'Out of Stock' label at stock 0. The whole card is one link.
 */
export function ProductCard({
  product,
  pricing,
  headingLevel = 'h3',
}: {
  product: ProductCardProduct;
  pricing: CardPricing;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const first = product.image[0];
  const soldOut = product.countInStock <= 0;
  return (
    <article className="card h-100 haat-product-card">
      <div className="haat-product-card-media">
        <img
          src={first ? variantUrl(first, 'thumbnail') : NO_IMAGE}
          alt={product.name}
          width={300}
          height={300}
          loading="lazy"
          decoding="async"
          className={`card-img-top ${soldOut ? 'haat-sold-out' : ''}`}
        />
        {soldOut ? <span className="badge text-bg-dark haat-card-badge">Out of Stock</span> : null}
        {!soldOut && pricing.percentOff > 0 ? (
          <span className="badge haat-card-badge haat-badge-deal">{pricing.percentOff}% off</span>
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
        <Rating value={product.rating} text={reviewCount(product.numReviews)} className="small" />
        <div className="mt-auto pt-1">
          <DiscountedPrice price={pricing.price} finalPrice={pricing.finalPrice} className="fs-5" />
          {pricing.couponAvailable ? (
            <p className="small text-success mb-0">Coupon available in cart</p>
          ) : null}
        </div>
      </div>
    </article>
  );
}
