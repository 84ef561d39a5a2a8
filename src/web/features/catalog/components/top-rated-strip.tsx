import { CARD_SIZES, ProductCard } from '#web/components/product-card.tsx';
import { useShelfPrice } from '../api/get-discounts.ts';
import { useTopProducts } from '../api/get-top-products.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * 'Top Rated' (GET /api/products/top): a strip that scrolls sideways on phones and fits one row on wide
 * screens. A failure hides the strip: the latest products below are the page's main content.
 */
export function TopRatedStrip() {
  const t = useT();
  const top = useTopProducts();
  const products = (top.data ?? []).filter((p) => p.numReviews > 0);
  const priceOf = useShelfPrice(products.map((p) => p._id));
  if (top.isPending) return <div className="haat-strip-placeholder" aria-hidden="true" />;
  if (products.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="top-rated-heading">
      <h2 id="top-rated-heading" className="h4 mb-3">
        {t('catalog.topRated.heading')}
      </h2>
      <ul className="haat-strip list-unstyled mb-0" aria-label={t('catalog.topRated.label')}>
        {products.map((product, i) => (
          <li key={product._id} className="haat-strip-item">
            <ProductCard
              product={product}
              pricing={priceOf(product)}
              sizes={CARD_SIZES.strip}
              priority={i < 2}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
