import type { ReactNode } from 'react';
import { Money } from '#web/components/price.tsx';

export type SummaryAmounts = { itemsPrice: number; taxPrice: number; totalPrice: number };

/**
 * The order summary card of Place Order and the order page (docs/product/screens.md): Items, Shipping '(Free Shipping)',
 * Estimated GST and Total, in one currency (major units). `children` go under the rows (buttons, alerts).
 */
export function OrderSummary({
  amounts,
  currency,
  note,
  children,
}: {
  amounts: SummaryAmounts;
  currency: string;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="card shadow-sm border-0" aria-labelledby="order-summary-heading">
      <div className="card-body">
        <h2 id="order-summary-heading" className="h5 mb-3">
          Order Summary
        </h2>
        <dl className="mb-0">
          <div className="d-flex justify-content-between py-2 border-bottom">
            <dt className="fw-normal">Items</dt>
            <dd className="mb-0">
              <Money amount={amounts.itemsPrice} currency={currency} />
            </dd>
          </div>
          <div className="d-flex justify-content-between py-2 border-bottom">
            <dt className="fw-normal">Shipping</dt>
            <dd className="mb-0 text-success">(Free Shipping)</dd>
          </div>
          <div className="d-flex justify-content-between py-2 border-bottom">
            <dt className="fw-normal">Estimated GST</dt>
            <dd className="mb-0">
              <Money amount={amounts.taxPrice} currency={currency} />
            </dd>
          </div>
          <div className="d-flex justify-content-between py-2 fs-5">
            <dt>Total</dt>
            <dd className="mb-0 fw-bold">
              <Money amount={amounts.totalPrice} currency={currency} />
            </dd>
          </div>
        </dl>
        {note ? <p className="small text-body-secondary mt-2 mb-0">{note}</p> : null}
        {children ? <div className="mt-3">{children}</div> : null}
      </div>
    </section>
  );
}
