import { Link } from 'react-router';
import { variantUrl } from '#shared/images.ts';
import { NO_SIZE } from '#shared/schemas/product-form.ts';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** One line as shown on Place Order and the order page; amounts in major units of `currency`. */
export type ItemRow = {
  key: string;
  /** Product id for the link; null when the product no longer exists. */
  product: string | null;
  name: string;
  image: string | undefined;
  size?: string | null | undefined;
  colour?: string | null | undefined;
  /** The variant's SKU, shown to the seller and Admin. */
  sku?: string | null | undefined;
  qty: number;
  /** List unit price. */
  price: number;
  /** Unit price paid; lower than `price` when a discount applied. */
  discountedPrice: number;
  lineTotal: number;
  currency: string;
};

/** "Size: M", "Colour: Red", "Size / colour: M / Red" (docs/decisions/0102-product-variants.md); nothing for one size. */
export function VariantLine({
  size,
  colour,
  sku,
}: {
  size?: string | null | undefined;
  colour?: string | null | undefined;
  sku?: string | null | undefined;
}) {
  const t = useT();
  const realSize = size && size !== NO_SIZE ? size : null;
  const label = [realSize, colour].filter(Boolean).join(' / ');
  if (!label && !sku) return null;
  const what =
    realSize && colour
      ? t('orders.items.sizeColour')
      : realSize
        ? t('orders.items.size')
        : t('orders.items.colour');
  return (
    <span className="d-block small text-body-secondary">
      {label ? (
        <>
          {what}: <span className="fw-semibold text-body">{label}</span>
        </>
      ) : null}
      {sku ? <span className="ms-2">{t('orders.items.sku', { sku })}</span> : null}
    </span>
  );
}

/**
 * Order lines (docs/product/screens.md): image, name linking to /product/{id}, quantity × unit price = line total; a
 * discounted line shows the original unit price struck through and the price paid in red.
 */
export function OrderItemList({ items }: { items: readonly ItemRow[] }) {
  const t = useT();
  return (
    <ul className="list-group list-group-flush">
      {items.map((item) => {
        const discounted = item.discountedPrice < item.price;
        return (
          <li key={item.key} className="list-group-item px-0 bg-transparent position-relative">
            <div className="d-flex gap-3 align-items-start">
              {item.image ? (
                <img
                  src={variantUrl(item.image, 'thumbnail')}
                  alt={item.name}
                  width={56}
                  height={56}
                  className="rounded object-fit-cover flex-shrink-0 bg-body-tertiary"
                  loading="lazy"
                />
              ) : (
                <div className="rounded bg-body-tertiary flex-shrink-0" style={{ width: 56, height: 56 }} />
              )}
              <div className="flex-grow-1 d-flex flex-column flex-md-row gap-1 gap-md-3 justify-content-between min-w-0">
                <div className="text-break">
                  {item.product ? <Link to={`/product/${item.product}`}>{item.name}</Link> : item.name}
                  <VariantLine size={item.size} colour={item.colour} sku={item.sku} />
                </div>
                <div className="text-md-end">
                  <span className="text-nowrap">{item.qty} ×</span>{' '}
                  {discounted ? (
                    <>
                      <del className="text-body-secondary text-nowrap">
                        <span className="visually-hidden">{t('orders.items.was')}</span>
                        <Money amount={item.price} currency={item.currency} />
                      </del>{' '}
                      <span className="text-danger fw-semibold text-nowrap">
                        <span className="visually-hidden">{t('orders.items.now')}</span>
                        <Money amount={item.discountedPrice} currency={item.currency} />
                      </span>
                    </>
                  ) : (
                    <Money amount={item.price} currency={item.currency} className="text-nowrap" />
                  )}{' '}
                  <span className="text-nowrap">
                    = <Money amount={item.lineTotal} currency={item.currency} className="fw-semibold" />
                  </span>
                </div>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
