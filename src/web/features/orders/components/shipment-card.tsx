import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { variantUrl } from '#shared/images.ts';
import type { Shipment } from '#shared/schemas/fulfilment.ts';
import { formatDay } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { shipmentStateLabel } from '../lib/labels.ts';
import { istDay, istToday } from '../lib/dates.ts';
import { VariantLine } from './order-item-list.tsx';
import { ShipmentTimeline } from './shipment-timeline.tsx';
import '../orders.css';

export type ShipmentLine = Shipment['lines'][number];

const BADGE: Record<Shipment['state'], string> = {
  placed: 'text-bg-light border',
  accepted: 'text-bg-primary',
  packed: 'text-bg-primary',
  shipped: 'text-bg-info',
  delivered: 'text-bg-success',
  cancelled: 'text-bg-secondary',
  returned_to_origin: 'text-bg-secondary',
};

/** Who the parcel comes from: the shop's name when it has one. */
export const sellerNameOf = (s: Shipment) => s.seller.shopName ?? s.seller.name;

/**
 * One seller's parcel on the order page (docs/decisions/0114-buyer-order-page.md): who sends it, the
 * date it should arrive (or arrived), its lines, its timeline, and the buttons that apply now.
 */
export function ShipmentCard({
  shipment,
  heading,
  actions,
  documents,
  onReturn,
  now = new Date(),
}: {
  shipment: Shipment;
  heading: string;
  /** Buttons for the whole parcel (cancel), shown under the timeline. */
  actions?: ReactNode;
  /** The parcel's tax invoice and credit notes (issue 15), under the timeline. */
  documents?: ReactNode;
  /** Opens the return or exchange dialog for a line; absent when returns cannot be asked here. */
  onReturn?: ((line: ShipmentLine) => void) | undefined;
  now?: Date;
}) {
  const t = useT();
  const locale = t.language.intl;
  const headingId = `parcel-${shipment._id}`;
  const windowEnds = shipment.returnWindowEndsAt ? new Date(shipment.returnWindowEndsAt) : null;
  const windowOpen = windowEnds !== null && now.getTime() <= windowEnds.getTime();
  const mayReturn = onReturn !== undefined && shipment.actions.includes('request_return') && windowOpen;
  return (
    <section className="card shadow-sm border-0 mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-1">
          <h3 id={headingId} className="h6 mb-0">
            {heading}
          </h3>
          <span className={`badge ${BADGE[shipment.state]}`}>{shipmentStateLabel(t, shipment.state)}</span>
        </div>
        <DeliveryPromise shipment={shipment} now={now} />
        {windowEnds && shipment.state === 'delivered' ? (
          <p className="small text-body-secondary mt-n1 mb-2">
            {windowOpen
              ? t('orders.parcel.windowCloses', { date: istDay(shipment.returnWindowEndsAt, locale) })
              : t('orders.parcel.windowClosed', { date: istDay(shipment.returnWindowEndsAt, locale) })}
          </p>
        ) : null}
        <ul className="list-unstyled mb-3">
          {shipment.lines.map((line) => (
            <li key={line._id} className="d-flex gap-2 align-items-start py-2 border-bottom">
              {line.image ? (
                <img
                  src={variantUrl(line.image, 'thumbnail')}
                  alt=""
                  className="haat-parcel-thumb rounded bg-body-tertiary"
                  loading="lazy"
                />
              ) : (
                <div className="haat-parcel-thumb rounded bg-body-tertiary" />
              )}
              <div className="flex-grow-1 min-w-0">
                <div className="text-break">
                  {line.product ? <Link to={`/product/${line.product}`}>{line.name}</Link> : line.name}
                </div>
                <VariantLine size={line.size} colour={line.colour} />
                <div className="small text-body-secondary">
                  {line.returnedQty > 0
                    ? t('orders.parcel.qtyReturned', { qty: line.qty, returned: line.returnedQty })
                    : t('orders.parcel.qty', { qty: line.qty })}
                </div>
                {mayReturn && line.qty > line.returnedQty ? (
                  <Button
                    variant="outline-primary"
                    size="sm"
                    className="mt-2"
                    onClick={() => onReturn(line)}
                    aria-label={t('orders.parcel.returnLine', { name: line.name })}
                  >
                    {t('orders.parcel.return')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <ShipmentTimeline shipment={shipment} label={t('orders.parcel.progressOf', { heading })} />
        {documents}
        {actions ? <div className="d-flex flex-wrap gap-2 mt-3">{actions}</div> : null}
      </div>
    </section>
  );
}

/** "Arriving by …" while on its way (late when the date passed), "Delivered on …" once there. */
function DeliveryPromise({ shipment, now }: { shipment: Shipment; now: Date }) {
  const t = useT();
  const locale = t.language.intl;
  if (shipment.state === 'delivered' && shipment.deliveredAt) {
    return (
      <p className="text-success fw-semibold mb-2">
        {t('orders.parcel.deliveredOn', { date: istDay(shipment.deliveredAt, locale) })}
      </p>
    );
  }
  if (shipment.state === 'cancelled' || shipment.state === 'returned_to_origin') return null;
  if (!shipment.expectedDeliveryDate) return null;
  const late = shipment.expectedDeliveryDate < istToday(now);
  return late ? (
    <p className="text-warning-emphasis fw-semibold mb-2">
      {t('orders.parcel.late', { date: formatDay(shipment.expectedDeliveryDate, locale) })}
    </p>
  ) : (
    <p className="fw-semibold mb-2">
      {t('orders.parcel.arriving', { date: formatDay(shipment.expectedDeliveryDate, locale) })}
    </p>
  );
}
