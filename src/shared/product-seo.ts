import type { Product } from '#shared/schemas/product.ts';

/**
 * schema.org Product data for a product page (docs/product/quality.md#accessibility), as search engines read it: absolute URLs,
 * the price the buyer pays (INR, 2 decimals), stock as an ItemAvailability, and the rating when there
 * are reviews.
 */
export function productJsonLd(product: Product, opts: { origin: string; finalPrice: number }) {
  const url = `${opts.origin}/product/${product._id}`;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product._id,
    image: product.image.map((src) => new URL(src, opts.origin).href),
    brand: { '@type': 'Brand', name: product.brand },
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: product.currency,
      price: opts.finalPrice.toFixed(2),
      availability: product.countInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(product.shop ? { seller: { '@type': 'Organization', name: product.shop.shopName } } : {}),
    },
  };
  if (product.numReviews > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Number(product.rating.toFixed(2)),
      reviewCount: product.numReviews,
      bestRating: 5,
      worstRating: 1,
    };
    data.review = product.reviews.slice(0, 10).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.name },
      datePublished: r.createdAt.slice(0, 10),
      reviewBody: r.comment,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    }));
  }
  return data;
}

/** JSON for an inline <script>: `<` escaped so a product text containing '</script>' cannot end it. */
export const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** A meta description: the first ~160 characters of the text, cut at a word. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
