import type { ReactNode } from 'react';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

export type SummaryAmounts = { itemsPrice: number; taxPrice: number; totalPrice: number };

/**
 * How the GST splits (issue 15), in the summary's currency (major units): CGST + SGST for lines whose
 * seller is in the delivery state, IGST for the others. 'by-state' when the delivery state is not known
 * yet, so no split is shown that could turn out wrong.
 */
export type GstSplit = { cgst: number; sgst: number; igst: number } | 'by-state';

/** The split rows under a GST figure: only the components that apply (a cart from two sellers may have all three). */
export function GstSplitRows({ split, currency }: { split: GstSplit; currency: string }) {
  const t = useT();
  if (split === 'by-state') {
    return (
      <p className="haat-gst-split small text-body-secondary mb-0">{t('orders.summary.splitByState')}</p>
    );
  }
  const parts: [string, number][] = [
    ...(split.cgst + split.sgst !== 0
      ? ([
          ['CGST', split.cgst],
          ['SGST', split.sgst],
        ] as [string, number][])
      : []),
    ...(split.igst !== 0 ? ([['IGST', split.igst]] as [string, number][]) : []),
  ];
  if (parts.length === 0) return null;
  return (
    <ul
      className="haat-gst-split list-unstyled small text-body-secondary mb-0"
      aria-label={t('orders.summary.gstSplit')}
    >
      {parts.map(([label, amount]) => (
        <li key={label} className="d-flex justify-content-between ps-3">
          <span>{label}</span> <Money amount={amount} currency={currency} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The order summary card of Place Order and the order page (docs/product/screens.md): Items, Shipping '(Free Shipping)',
 * Estimated GST (with its CGST/SGST or IGST split) and Total, in one currency (major units). `children` go
 * under the rows (buttons, alerts).
 */
export function OrderSummary({
  amounts,
  currency,
  gst,
  placeOfSupply,
  note,
  children,
}: {
  amounts: SummaryAmounts;
  currency: string;
  gst?: GstSplit | undefined;
  /** 'Maharashtra (27)'. */
  placeOfSupply?: string | null | undefined;
  note?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <section className="card shadow-sm border-0" aria-labelledby="order-summary-heading">
      <div className="card-body">
        <h2 id="order-summary-heading" className="h5 mb-3">
          {t('orders.summary.heading')}
        </h2>
        <dl className="mb-0">
          <div className="d-flex justify-content-between py-2 border-bottom">
            <dt className="fw-normal">{t('orders.summary.items')}</dt>
            <dd className="mb-0">
              <Money amount={amounts.itemsPrice} currency={currency} />
            </dd>
          </div>
          <div className="d-flex justify-content-between py-2 border-bottom">
            <dt className="fw-normal">{t('orders.summary.shipping')}</dt>
            <dd className="mb-0 text-success">{t('orders.summary.freeShipping')}</dd>
          </div>
          <div className="d-flex flex-wrap justify-content-between py-2 border-bottom">
            <dt className="fw-normal">{t('orders.summary.estimatedGst')}</dt>
            <dd className="mb-0">
              <Money amount={amounts.taxPrice} currency={currency} />
            </dd>
            {gst ? (
              <dd className="w-100 mb-0 mt-1">
                <GstSplitRows split={gst} currency={currency} />
              </dd>
            ) : null}
            {placeOfSupply ? (
              <dd className="w-100 small text-body-secondary mb-0 mt-1">
                {t('orders.summary.placeOfSupply', { place: placeOfSupply })}
              </dd>
            ) : null}
          </div>
          <div className="d-flex justify-content-between py-2 fs-5">
            <dt>{t('orders.summary.total')}</dt>
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
