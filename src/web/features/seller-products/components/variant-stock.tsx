import type { Product } from '#shared/schemas/product.ts';
import { stockLevel } from '#shared/variants.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { rowName } from './variants-field.tsx';
import './variant-stock.css';

/**
 * A product's stock in the seller and admin tables (docs/decisions/0102-product-variants.md): the total,
 * each variant's count ("S: 4 · M: 0 · L: 3"), and badges naming the variants sold out or under
 * LOW_STOCK_THRESHOLD, so the warning is in words and not only in colour.
 */
export function VariantStock({ product, className }: { product: Product; className?: string }) {
  const t = useT();
  const variants = product.variants ?? [];
  const out = variants.filter((v) => stockLevel(v.countInStock) === 'out').map((v) => rowName(v, t));
  const low = variants.filter((v) => stockLevel(v.countInStock) === 'low').map((v) => rowName(v, t));
  // One variant without size or colour: the total says it all.
  const single = variants.length <= 1;
  const totalLevel = stockLevel(product.countInStock);
  return (
    <div className={className}>
      <span className={`fw-semibold ${totalLevel === 'out' ? 'text-danger' : ''}`}>
        {product.countInStock}
        <span className="fw-normal text-body-secondary small"> {t('sellerProducts.stock.inStock')}</span>
      </span>
      {!single ? (
        <ul
          className="haat-variant-stock list-unstyled mb-0"
          aria-label={t('sellerProducts.stock.ofEachVariant', { name: product.name })}
        >
          {variants.map((v) => {
            const level = stockLevel(v.countInStock);
            return (
              <li key={v._id} className={`haat-variant-stock-${level}`}>
                {rowName(v, t)}: <span className="fw-semibold">{v.countInStock}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="d-flex flex-wrap gap-1 mt-1">
        {single && totalLevel === 'out' ? (
          <span className="badge text-bg-secondary">{t('sellerProducts.stock.soldOut')}</span>
        ) : null}
        {single && totalLevel === 'low' ? (
          <span className="badge text-bg-warning">{t('sellerProducts.stock.lowStock')}</span>
        ) : null}
        {!single && out.length === variants.length ? (
          <span className="badge text-bg-secondary">{t('sellerProducts.stock.soldOut')}</span>
        ) : !single && out.length > 0 ? (
          <span className="badge text-bg-secondary text-wrap text-start">
            {t('sellerProducts.stock.soldOutOf', { list: out.join(', ') })}
          </span>
        ) : null}
        {!single && low.length > 0 ? (
          <span className="badge text-bg-warning text-wrap text-start">
            {t('sellerProducts.stock.lowStockOf', { list: low.join(', ') })}
          </span>
        ) : null}
      </div>
    </div>
  );
}
