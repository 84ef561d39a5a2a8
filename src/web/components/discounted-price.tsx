import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Price } from './price.tsx';

/**
 * What the buyer pays, with the original struck through beside it when a discount applies (docs/product/screens.md).
 * `price` and `finalPrice` are catalogue amounts (INR, major units) shown through <Price>; pass `format`
 * to show amounts that are already in the display currency (the cart's priced lines).
 */
export function DiscountedPrice({
  price,
  finalPrice,
  percentOff = 0,
  className,
  format = (amount) => <Price amount={amount} />,
}: {
  price: number;
  finalPrice: number;
  percentOff?: number;
  className?: string;
  format?: (amount: number) => ReactNode;
}) {
  const t = useT();
  const discounted = finalPrice < price;
  return (
    <span className={`haat-price ${className ?? ''}`.trim()}>
      <span className="haat-price-final">
        {discounted ? <span className="visually-hidden">{t('common.price.afterDiscount')} </span> : null}
        {format(finalPrice)}
      </span>
      {discounted ? (
        <>
          {' '}
          <del className="haat-price-original">
            <span className="visually-hidden">{t('common.price.original')} </span>
            {format(price)}
          </del>
          {percentOff > 0 ? (
            <>
              {' '}
              <span className="haat-price-off">
                {t('common.product.percentOff', { percent: percentOff })}
              </span>
            </>
          ) : null}
        </>
      ) : null}
    </span>
  );
}
