import { useState, type ReactNode } from 'react';
import { formatPhone } from '#shared/phone.ts';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { ShipmentState } from '#shared/fulfilment.ts';
import type { ShipmentListRow } from '#shared/schemas/fulfilment.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { ConfirmDialog } from '#web/features/seller-products/index.ts';
import { Money } from '#web/components/price.tsx';
import { formatDateTime, formatDay } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { cancelledByWords, cancelReasonLabel, paymentWords, stateLabels } from '../lib/labels.ts';
import { packingSlipUrl, useMoveShipment, type ShipmentScope } from '../api/shipments.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { ShipDialog } from './ship-dialog.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const STATE_BADGE: Record<ShipmentState, string> = {
  placed: 'warning',
  accepted: 'info',
  packed: 'info',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'secondary',
  returned_to_origin: 'dark',
};

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * One shipment as a card (phones first): who gets it and where, what goes in the parcel, how it is paid,
 * by when it must arrive, and exactly the moves the server lists in `actions`
 * (docs/decisions/0115-seller-and-operator-views.md).
 */
export function ShipmentCard({
  shipment: s,
  scope,
  onSeller,
}: {
  shipment: ShipmentListRow;
  scope: ShipmentScope;
  /** The operator's list: narrow the list to this shipment's seller. */
  onSeller?: (sellerId: string, name: string) => void;
}) {
  const t = useT();
  const locale = t.language.intl;
  const PAYMENT_WORDS = paymentWords(t);
  const titleId = useUniqueId();
  const move = useMoveShipment(s._id);
  const [dialog, setDialog] = useState<null | 'ship' | 'cancel' | 'deliver' | 'rto'>(null);
  const can = (a: ShipmentListRow['actions'][number]) => s.actions.includes(a);
  const close = () => {
    setDialog(null);
    move.reset();
  };
  const run = (m: Parameters<typeof move.mutate>[0]) => move.mutate(m, { onSuccess: () => setDialog(null) });
  const cod = s.paymentMethod === 'CashOnDelivery';
  const live = s.state !== 'cancelled' && s.state !== 'returned_to_origin';
  const units = s.lines.reduce((n, l) => n + l.qty, 0);

  return (
    <Card as="article" aria-labelledby={titleId} className="mb-3 shadow-sm">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2 bg-body">
        <h2 id={titleId} className="h6 mb-0 me-auto">
          {t('shipments.card.order', { number: s.orderNumber })}
        </h2>
        {s.late ? <Badge bg="danger">{t('shipments.card.late')}</Badge> : null}
        {s.awaitingPayment && live ? (
          <Badge bg="light" text="dark" className="border">
            {t('shipments.card.waitingForPayment')}
          </Badge>
        ) : null}
        <Badge bg={STATE_BADGE[s.state]} text={s.state === 'placed' ? 'dark' : undefined}>
          {stateLabels(t)[s.state]}
        </Badge>
      </Card.Header>
      <Card.Body className="small">
        <p className="text-body-secondary mb-2">
          {t('shipments.card.placed', { date: formatDateTime(s.createdAt, locale) })}
          {s.kind === 'exchange' ? ` · ${t('shipments.card.exchange')}` : ''}
          {scope === 'all' ? (
            <>
              {` · ${t('shipments.card.seller')} `}
              {onSeller ? (
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 align-baseline"
                  onClick={() => onSeller(s.seller._id, s.seller.shopName ?? s.seller.name)}
                  aria-label={t('shipments.card.onlySeller', { name: s.seller.shopName ?? s.seller.name })}
                >
                  {s.seller.shopName ?? s.seller.name}
                </Button>
              ) : (
                (s.seller.shopName ?? s.seller.name)
              )}
            </>
          ) : null}
        </p>
        <div className="row g-3">
          <div className="col-12 col-md-5">
            <h3 className="h6 small text-uppercase text-body-secondary mb-1">{t('shipments.card.shipTo')}</h3>
            <address className="mb-0">
              <strong>{s.shipTo.name}</strong>
              <br />
              {s.shipTo.address}
              <br />
              {s.shipTo.city}, {s.shipTo.state} {s.shipTo.postalCode}
              {s.shipTo.country && s.shipTo.country !== 'India' ? (
                <>
                  <br />
                  {s.shipTo.country}
                </>
              ) : null}
              {s.shipTo.phone ? (
                <>
                  <br />
                  {t.rich('shipments.card.phone', {
                    phone: formatPhone(s.shipTo.phone, s.shipTo.country),
                    a: (chunks) => <a href={`tel:${s.shipTo.phone}`}>{chunks}</a>,
                  })}
                </>
              ) : null}
            </address>
          </div>
          <div className="col-12 col-md-7">
            <h3 className="h6 small text-uppercase text-body-secondary mb-1">
              {t('shipments.card.inTheParcel', { count: units })}
            </h3>
            <ul className="list-unstyled mb-0">
              {s.lines.map((l) => (
                <li key={l._id} className="mb-1">
                  <span className="fw-semibold">
                    {l.qty} × {l.name}
                  </span>
                  <br />
                  <span className="text-body-secondary">
                    {[
                      l.size && l.size !== 'N/A' ? t('shipments.card.size', { size: l.size }) : null,
                      l.colour ? t('shipments.card.colour', { colour: l.colour }) : null,
                      l.sku ? t('shipments.card.sku', { sku: l.sku }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <dl className="row mb-0 mt-2 gx-2">
          <dt className="col-5 col-sm-3 fw-normal text-body-secondary">{t('shipments.card.payment')}</dt>
          <dd className="col-7 col-sm-9 mb-1">
            {cod && s.state === 'delivered' ? (
              t('shipments.card.codCollected')
            ) : cod && !live ? (
              t('shipments.card.codNothingCollected')
            ) : cod && !s.isPaid ? (
              typeof s.toCollect === 'number' ? (
                t.rich('shipments.card.codCollect', {
                  strong,
                  amount: <Money amount={s.toCollect} currency="INR" />,
                })
              ) : (
                t.rich('shipments.card.codCourierCollects', { strong })
              )
            ) : s.isPaid ? (
              t('shipments.card.paid', { method: PAYMENT_WORDS[s.paymentMethod] })
            ) : s.awaitingPayment && live ? (
              <strong>
                {t('shipments.card.waitingForBuyer', { method: PAYMENT_WORDS[s.paymentMethod] })}
              </strong>
            ) : (
              t('shipments.card.notPaidYet', { method: PAYMENT_WORDS[s.paymentMethod] })
            )}
          </dd>
          {s.expectedDeliveryDate && live && s.state !== 'delivered' ? (
            <>
              <dt className="col-5 col-sm-3 fw-normal text-body-secondary">
                {t('shipments.card.deliverBy')}
              </dt>
              <dd className={`col-7 col-sm-9 mb-1 ${s.late ? 'text-danger fw-semibold' : ''}`}>
                {formatDay(s.expectedDeliveryDate, locale)}
                {s.late ? ` ${t('shipments.card.datePassed')}` : ''}
              </dd>
            </>
          ) : null}
          {s.courier ? (
            <>
              <dt className="col-5 col-sm-3 fw-normal text-body-secondary">{t('shipments.card.courier')}</dt>
              <dd className="col-7 col-sm-9 mb-1 text-break">
                {s.courier} ·{' '}
                {s.trackingUrl ? (
                  <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {s.trackingNumber}
                  </a>
                ) : (
                  s.trackingNumber
                )}
              </dd>
            </>
          ) : null}
          {s.deliveredAt ? (
            <>
              <dt className="col-5 col-sm-3 fw-normal text-body-secondary">
                {t('shipments.card.delivered')}
              </dt>
              <dd className="col-7 col-sm-9 mb-1">{formatDateTime(s.deliveredAt, locale)}</dd>
            </>
          ) : null}
          {s.state === 'cancelled' ? (
            <>
              <dt className="col-5 col-sm-3 fw-normal text-body-secondary">
                {t('shipments.card.cancelled')}
              </dt>
              <dd className="col-7 col-sm-9 mb-1">
                {formatDateTime(s.cancelledAt, locale)}
                {s.cancelledBy ? ` ${cancelledByWords(s.cancelledBy, t)}` : ''}
                {cancelReasonLabel(s.cancelReason, t) ? `: ${cancelReasonLabel(s.cancelReason, t)}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
        {s.awaitingPayment && live ? (
          <p className="text-body-secondary mt-2 mb-0" role="note">
            {t('shipments.card.waitingNote')}
          </p>
        ) : null}
        {!dialog ? <ErrorAlert error={move.error} className="mt-2 mb-0 py-2" /> : null}
      </Card.Body>
      <Card.Footer className="bg-body d-grid gap-2 d-sm-flex flex-sm-wrap">
        {can('accept') ? (
          <Button onClick={() => run({ move: 'accept' })} disabled={move.isPending}>
            {t('shipments.card.accept')}
          </Button>
        ) : null}
        {can('pack') ? (
          <Button onClick={() => run({ move: 'pack' })} disabled={move.isPending}>
            {t('shipments.card.pack')}
          </Button>
        ) : null}
        {can('ship') ? (
          <Button onClick={() => setDialog('ship')} disabled={move.isPending}>
            {t('shipments.card.ship')}
          </Button>
        ) : null}
        {can('deliver') ? (
          <Button onClick={() => setDialog('deliver')} disabled={move.isPending}>
            {t('shipments.card.deliver')}
          </Button>
        ) : null}
        {live ? (
          <a className="btn btn-outline-primary" href={packingSlipUrl(s._id)} download>
            {t('shipments.card.packingSlip')}
          </a>
        ) : null}
        {can('return_to_origin') ? (
          <Button variant="outline-dark" onClick={() => setDialog('rto')} disabled={move.isPending}>
            {t('shipments.card.returnedToOrigin')}
          </Button>
        ) : null}
        {can('cancel') ? (
          <Button
            variant="outline-danger"
            className="ms-sm-auto"
            onClick={() => setDialog('cancel')}
            disabled={move.isPending}
          >
            {t('shipments.card.cancel')}
          </Button>
        ) : null}
      </Card.Footer>

      {dialog === 'ship' ? (
        <ShipDialog
          show
          orderNumber={s.orderNumber}
          pending={move.isPending}
          error={move.error}
          onShip={(body) => run({ move: 'ship', body })}
          onClose={close}
        />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelDialog
          show
          orderNumber={s.orderNumber}
          reasonRequired={scope === 'seller' || s.kind === 'exchange'}
          pending={move.isPending}
          error={move.error}
          onCancel={(body) => run({ move: 'cancel', body })}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        show={dialog === 'deliver'}
        title={t('shipments.deliverDialog.title', { number: s.orderNumber })}
        message={
          cod && !s.isPaid ? t('shipments.deliverDialog.messageCod') : t('shipments.deliverDialog.message')
        }
        confirmLabel={t('shipments.deliverDialog.confirm')}
        pending={move.isPending}
        onConfirm={() => run({ move: 'deliver' })}
        onCancel={close}
      />
      <ConfirmDialog
        show={dialog === 'rto'}
        title={t('shipments.rtoDialog.title', { number: s.orderNumber })}
        message={t('shipments.rtoDialog.message')}
        confirmLabel={t('shipments.rtoDialog.confirm')}
        variant="warning"
        pending={move.isPending}
        onConfirm={() => run({ move: 'return-to-origin' })}
        onCancel={close}
      />
    </Card>
  );
}
