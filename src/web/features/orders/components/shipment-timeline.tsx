import type { Shipment } from '#shared/schemas/fulfilment.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { istDateTime } from '../lib/dates.ts';
import { cancelledDetailText, shipmentStateLabel } from '../lib/labels.ts';
import { shipmentSteps, type ShipmentStep } from '../lib/shipment-steps.ts';
import '../orders.css';

/**
 * A parcel's journey as a vertical list (docs/decisions/0114-buyer-order-page.md): the steps it went
 * through with their dates in India's time, the one it is at marked as current, the steps ahead greyed.
 */
export function ShipmentTimeline({ shipment, label }: { shipment: Shipment; label: string }) {
  const t = useT();
  // The steps' words in the page's language: their English ones come with shipmentSteps.
  const steps = shipmentSteps(shipment).map((step) => ({
    ...step,
    label: shipmentStateLabel(t, step.key as Shipment['state'] | 'out_for_delivery'),
    detail:
      step.key === 'cancelled'
        ? cancelledDetailText(t, shipment)
        : step.key === 'returned_to_origin'
          ? t('orders.timeline.returnedDetail')
          : step.detail,
  }));
  return (
    <ol className="haat-timeline" aria-label={label}>
      {steps.map((step) => (
        <TimelineStep key={step.key} step={step} />
      ))}
    </ol>
  );
}

function TimelineStep({ step }: { step: ShipmentStep }) {
  const t = useT();
  const classes = ['haat-timeline-step', `is-${step.kind}`, step.current ? 'is-current' : ''].join(' ');
  return (
    <li className={classes} aria-current={step.current ? 'step' : undefined}>
      <span className="haat-timeline-dot" aria-hidden="true" />
      <div className="d-flex flex-wrap column-gap-2 align-items-baseline">
        <span className={step.kind === 'ahead' ? 'text-body-secondary' : 'fw-semibold'}>
          {step.label}
          {step.kind === 'ahead' ? (
            <span className="visually-hidden"> {t('orders.timeline.notYet')}</span>
          ) : null}
        </span>
        {step.at ? (
          <span className="small text-body-secondary">{istDateTime(step.at, t.language.intl)}</span>
        ) : null}
      </div>
      {step.tracking ? (
        <div className="small">
          {step.tracking.courier ? <span>{step.tracking.courier} · </span> : null}
          {step.tracking.url ? (
            <a href={step.tracking.url} target="_blank" rel="noopener noreferrer">
              {t('orders.timeline.track', { number: step.tracking.number })}
              <span className="visually-hidden"> {t('orders.timeline.opensCourier')}</span>
            </a>
          ) : (
            <span>
              {t.rich('orders.timeline.trackingNumber', {
                number: step.tracking.number,
                mono: (chunks) => <span className="font-monospace">{chunks}</span>,
              })}
            </span>
          )}
        </div>
      ) : null}
      {step.detail ? <div className="small text-body-secondary">{step.detail}</div> : null}
    </li>
  );
}
