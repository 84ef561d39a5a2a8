import Alert from 'react-bootstrap/Alert';
import { DELIVERY_MSG } from '#shared/delivery.ts';
import type { DeliveryQuote } from '#shared/schemas/delivery.ts';

/**
 * Checkout's delivery dates (docs/decisions/0113-delivery-promise.md): one line per seller's shipment,
 * "Arrives by …", and the line that cannot reach the address named in an alert.
 */
export function DeliveryQuoteSummary({ quote }: { quote: DeliveryQuote }) {
  if (!quote.applies) return null;
  return (
    <>
      {quote.deliverable ? null : (
        <Alert variant="danger" role="alert" className="small">
          {quote.reason}
        </Alert>
      )}
      <ul className="list-unstyled mb-0" aria-label="Delivery dates">
        {quote.shipments.map((s) => (
          <li key={s.sellerId} className="d-flex flex-wrap justify-content-between gap-1 py-1">
            <span className="fw-semibold">{s.shop}</span>
            {s.deliveryBy ? (
              <span className="text-success">{DELIVERY_MSG.arrivesBy(s.deliveryBy)}</span>
            ) : (
              <span className="text-danger">Cannot deliver to {quote.pincode}</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
