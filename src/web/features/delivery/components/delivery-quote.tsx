import Alert from 'react-bootstrap/Alert';
import type { DeliveryQuote } from '#shared/schemas/delivery.ts';
import { formatDay } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { Said } from '#web/components/said.tsx';

/**
 * Checkout's delivery dates (docs/decisions/0113-delivery-promise.md): one line per seller's shipment,
 * "Arrives by …", and the line that cannot reach the address named in an alert.
 */
export function DeliveryQuoteSummary({ quote }: { quote: DeliveryQuote }) {
  const t = useT();
  if (!quote.applies) return null;
  return (
    <>
      {quote.deliverable ? null : (
        <Alert variant="danger" role="alert" className="small">
          {quote.reason ? <Said text={quote.reason} /> : null}
        </Alert>
      )}
      <ul className="list-unstyled mb-0" aria-label={t('delivery.quote.label')}>
        {quote.shipments.map((s) => (
          <li key={s.sellerId} className="d-flex flex-wrap justify-content-between gap-1 py-1">
            <span className="fw-semibold">{s.shop}</span>
            {s.deliveryBy ? (
              <span className="text-success">
                {t('delivery.quote.arrivesBy', { date: formatDay(s.deliveryBy, t.language.intl) })}
              </span>
            ) : (
              <span className="text-danger">
                {t('delivery.quote.cannotDeliver', { pincode: quote.pincode })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
