import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/product.ts';
import { metaDescription, productJsonLd, scriptJson } from './product-seo.ts';

const product: Product = {
  _id: 'p1',
  name: 'Jaipur Block Print Cotton Kurta',
  image: ['/uploads/products/p1/a-original.webp'],
  price: 1299,
  currency: 'INR',
  brand: 'Kavya Textiles',
  countInStock: 0,
  categoryId: 'c1',
  category: {
    category: 'Fashion & Accessories',
    subCategory: 'Men Clothes',
    levelThreeCategory: null,
    levelFourCategory: null,
    levelFiveCategory: null,
  },
  description: 'Soft cotton.',
  rating: 4.333333,
  numReviews: 3,
  reviews: [
    {
      _id: 'r1',
      name: 'Priya',
      rating: 5,
      comment: 'Lovely',
      createdAt: '2026-10-30T06:46:32.527Z',
      verifiedPurchase: true,
    },
  ],
  user: { _id: 'u1', name: 'Kavya' },
  shop: { _id: 's1', shopName: 'Kavya Textiles' },
  sizes: ['M'],
  variants: [{ _id: 'v1', size: 'M', colour: null, sku: 'P1-M', countInStock: 0, price: null }],
  sizeChart: null,
  percentageMarkup: 15,
  status: true,
  createdAt: '2026-10-30T06:46:32.527Z',
  updatedAt: '2026-10-30T06:46:32.527Z',
};

describe('product JSON-LD', () => {
  it('describes the product with absolute URLs, the paid price, stock and rating', () => {
    const data = productJsonLd(product, { origin: 'https://haat.example', finalPrice: 1169.1 });
    expect(data).toMatchObject({
      '@type': 'Product',
      image: ['https://haat.example/uploads/products/p1/a-original.webp'],
      offers: {
        price: '1169.10',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
        url: 'https://haat.example/product/p1',
        seller: { name: 'Kavya Textiles' },
      },
      aggregateRating: { ratingValue: 4.33, reviewCount: 3 },
    });
  });

  it('leaves out the rating when there are no reviews', () => {
    const data = productJsonLd(
      { ...product, numReviews: 0, rating: 0, reviews: [] },
      { origin: 'https://h.example', finalPrice: 1 },
    );
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('escapes < so the script cannot be closed from inside', () => {
    expect(scriptJson({ name: '</script><b>' })).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });

  it('cuts long descriptions at a word', () => {
    expect(metaDescription('short  text\n here')).toBe('short text here');
    const long = 'word '.repeat(60);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
