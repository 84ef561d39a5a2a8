import type { Product } from '#shared/schemas/product.ts';
import { CARD_SIZES, ProductCard } from '#web/components/product-card.tsx';
import { WishlistButton } from '#web/components/wishlist-button.tsx';
import { useShelfPrice } from '../api/get-discounts.ts';

/**
 * Storefront grid (docs/product/screens.md, docs/product/pricing-and-tax.md): one column on small screens, two at md, three at lg, four at xl;
 * beside the filters (`besideFilters`), two columns from sm, three at xl.
 */
export function ProductGrid({
  products,
  label,
  besideFilters = false,
  eagerFirst = 2,
  headingLevel = 'h2',
}: {
  products: readonly Product[];
  label: string;
  besideFilters?: boolean;
  /** How many cards are in the first screenful on a phone (their pictures load at once); 0 below the fold. */
  eagerFirst?: number;
  /** The cards' heading level: one below the heading the grid sits under (h2 under the page's h1). */
  headingLevel?: 'h2' | 'h3';
}) {
  const priceOf = useShelfPrice(products.map((p) => p._id));
  const cols = besideFilters
    ? 'row-cols-1 row-cols-sm-2 row-cols-xl-3'
    : 'row-cols-1 row-cols-md-2 row-cols-lg-3 row-cols-xl-4';
  return (
    <ul className={`haat-grid row ${cols} g-3 g-lg-4 list-unstyled`} aria-label={label}>
      {products.map((product, i) => (
        <li key={product._id} className="col position-relative">
          <ProductCard
            product={product}
            pricing={priceOf(product)}
            sizes={besideFilters ? CARD_SIZES.besideFilters : CARD_SIZES.grid}
            priority={i < eagerFirst}
            headingLevel={headingLevel}
          />
          <WishlistButton productId={product._id} />
        </li>
      ))}
    </ul>
  );
}
