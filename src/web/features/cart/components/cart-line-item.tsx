import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { variantUrl } from '#shared/images.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/variants.ts';
import type { PricedLine } from '#shared/pricing.ts';
import { DiscountedPrice } from '#web/components/discounted-price.tsx';
import { NO_IMAGE } from '#web/components/product-card.tsx';
import type { LineCheck } from '../lib/reprice.ts';
import { isBuyable } from '../lib/reprice.ts';
import { lineLabel, type CartLine } from '#web/lib/cart/cart-store.ts';
import { qtyCap } from '#shared/order-quantity.ts';
import { QuantityStepper } from '#web/components/quantity-stepper.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * One cart line (docs/product/screens.md): picture, name link, the variant ("M / Red"), unit price (discounted,
 * with the struck original), quantity stepper up to the variant's stock (at most the per-order limit), and remove. Lines that cannot be
 * bought any more say so and keep only Remove.
 */
export function CartLineItem({
  line,
  priced,
  check,
  format,
  qtyLimit,
  onQty,
  onRemove,
}: {
  line: CartLine;
  priced: PricedLine | undefined;
  check: LineCheck;
  format: (minor: number) => ReactNode;
  /** The per-order limit of one item (ORDER_QTY_LIMIT), as the server says. */
  qtyLimit: number;
  onQty: (qty: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const buyable = isBuyable(check);
  const label = lineLabel(line);
  const named = label ? `${line.name} (${label})` : line.name;
  return (
    <li className={`list-group-item haat-cart-line ${buyable ? '' : 'haat-cart-line-off'}`}>
      <img
        src={line.image ? variantUrl(line.image, 'thumbnail') : NO_IMAGE}
        alt={line.name}
        width={80}
        height={80}
        className="rounded haat-cart-thumb"
      />
      <div className="haat-cart-info">
        <Link to={`/product/${line.product}`} className="fw-semibold text-break">
          {line.name}
        </Link>
        {label ? (
          <div className="small text-body-secondary haat-cart-variant">
            {line.size && line.colour
              ? t('cart.line.sizeColour')
              : line.size
                ? t('cart.line.size')
                : t('cart.line.colour')}
            : <span className="fw-semibold text-body">{label}</span>
          </div>
        ) : null}
        {check.state === 'unavailable' ? (
          <div className="badge text-bg-secondary mt-1">{t('cart.line.unavailable')}</div>
        ) : check.state === 'soldOut' ? (
          <div className="badge text-bg-dark mt-1">
            {label ? t('cart.line.soldOutIn', { label }) : t('cart.line.soldOut')}
          </div>
        ) : check.state === 'variantGone' ? (
          <div className="badge text-bg-secondary mt-1">
            {label ? t('cart.line.variantGone', { label }) : t('cart.line.chooseSize')}
          </div>
        ) : buyable && line.countInStock > 0 && line.countInStock < LOW_STOCK_THRESHOLD ? (
          <div className="small text-danger fw-semibold mt-1">
            {t('cart.line.onlyLeft', { count: line.countInStock })}
          </div>
        ) : null}
        {priced && buyable ? (
          <div className="mt-1">
            <DiscountedPrice
              price={priced.display.unitPrice}
              finalPrice={priced.display.discountedUnitPrice}
              format={format}
            />
            {priced.qty > 1 ? (
              <span className="small text-body-secondary"> {t('cart.line.each')}</span>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="haat-cart-actions">
        {buyable ? (
          <QuantityStepper
            value={line.qty}
            max={Math.max(qtyCap(line.countInStock, qtyLimit), 1)}
            onChange={onQty}
            what={named}
            hint={line.countInStock > qtyLimit ? t('cart.line.atMost', { limit: String(qtyLimit) }) : null}
            small
          />
        ) : null}
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={onRemove}
          aria-label={t('cart.line.removeNamed', { name: named })}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="ms-1 d-none d-sm-inline">{t('cart.line.remove')}</span>
        </button>
      </div>
    </li>
  );
}
