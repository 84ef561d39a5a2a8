import { useId, useState } from 'react';
import { formatPhone } from '#shared/phone.ts';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { SELLER_CANCEL_REASONS, SHIPMENT_STATE_LABELS, type ShipmentState } from '#shared/fulfilment.ts';
import type { ShipmentListRow } from '#shared/schemas/fulfilment.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { ConfirmDialog } from '#web/features/seller-products/index.ts';
import { Money } from '#web/components/price.tsx';
import { formatDateTime, formatDay } from '#web/lib/format.ts';
import { packingSlipUrl, useMoveShipment, type ShipmentScope } from '../api/shipments.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { ShipDialog } from './ship-dialog.tsx';

const STATE_BADGE: Record<ShipmentState, string> = {
  placed: 'warning',
  accepted: 'info',
  packed: 'info',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'secondary',
  returned_to_origin: 'dark',
};

const PAYMENT_WORDS = { RazorPay: 'RazorPay', PayPal: 'PayPal', CashOnDelivery: 'Cash on delivery' } as const;

const cancelReasonLabel = (code: string | null) =>
  code ? (SELLER_CANCEL_REASONS.find((r) => r.code === code)?.label ?? code) : null;

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
  const titleId = useId();
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
          Order {s.orderNumber}
        </h2>
        {s.late ? <Badge bg="danger">Late</Badge> : null}
        {s.awaitingPayment && live ? (
          <Badge bg="light" text="dark" className="border">
            Waiting for payment
          </Badge>
        ) : null}
        <Badge bg={STATE_BADGE[s.state]} text={s.state === 'placed' ? 'dark' : undefined}>
          {SHIPMENT_STATE_LABELS[s.state]}
        </Badge>
      </Card.Header>
      <Card.Body className="small">
        <p className="text-body-secondary mb-2">
          Placed {formatDateTime(s.createdAt)}
          {s.kind === 'exchange' ? ' · Exchange' : ''}
          {scope === 'all' ? (
            <>
              {' · Seller: '}
              {onSeller ? (
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 align-baseline"
                  onClick={() => onSeller(s.seller._id, s.seller.shopName ?? s.seller.name)}
                  aria-label={`Show only ${s.seller.shopName ?? s.seller.name}'s shipments`}
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
            <h3 className="h6 small text-uppercase text-body-secondary mb-1">Ship to</h3>
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
                  Phone: <a href={`tel:${s.shipTo.phone}`}>{formatPhone(s.shipTo.phone, s.shipTo.country)}</a>
                </>
              ) : null}
            </address>
          </div>
          <div className="col-12 col-md-7">
            <h3 className="h6 small text-uppercase text-body-secondary mb-1">
              In the parcel ({units} {units === 1 ? 'item' : 'items'})
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
                      l.size && l.size !== 'N/A' ? `Size ${l.size}` : null,
                      l.colour ? `Colour ${l.colour}` : null,
                      l.sku ? `SKU ${l.sku}` : null,
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
          <dt className="col-5 col-sm-3 fw-normal text-body-secondary">Payment</dt>
          <dd className="col-7 col-sm-9 mb-1">
            {cod && s.state === 'delivered' ? (
              'Cash on delivery, collected at delivery'
            ) : cod && !live ? (
              'Cash on delivery, nothing collected'
            ) : cod && !s.isPaid ? (
              <>
                <strong>Cash on delivery</strong>
                {typeof s.toCollect === 'number' ? (
                  <>
                    {': collect '}
                    <strong>
                      <Money amount={s.toCollect} currency="INR" />
                    </strong>
                  </>
                ) : (
                  ' (the courier collects it)'
                )}
              </>
            ) : s.isPaid ? (
              `Paid (${PAYMENT_WORDS[s.paymentMethod]})`
            ) : s.awaitingPayment && live ? (
              <strong>Waiting for the buyer&apos;s payment ({PAYMENT_WORDS[s.paymentMethod]})</strong>
            ) : (
              `Not paid yet (${PAYMENT_WORDS[s.paymentMethod]})`
            )}
          </dd>
          {s.expectedDeliveryDate && live && s.state !== 'delivered' ? (
            <>
              <dt className="col-5 col-sm-3 fw-normal text-body-secondary">Deliver by</dt>
              <dd className={`col-7 col-sm-9 mb-1 ${s.late ? 'text-danger fw-semibold' : ''}`}>
                {formatDay(s.expectedDeliveryDate)}
                {s.late ? ' (date passed)' : ''}
              </dd>
            </>
          ) : null}
          {s.courier ? (
            <>
              <dt className="col-5 col-sm-3 fw-normal text-body-secondary">Courier</dt>
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
              <dt className="col-5 col-sm-3 fw-normal text-body-secondary">Delivered</dt>
              <dd className="col-7 col-sm-9 mb-1">{formatDateTime(s.deliveredAt)}</dd>
            </>
          ) : null}
          {s.state === 'cancelled' ? (
            <>
              <dt className="col-5 col-sm-3 fw-normal text-body-secondary">Cancelled</dt>
              <dd className="col-7 col-sm-9 mb-1">
                {formatDateTime(s.cancelledAt)}
                {s.cancelledBy ? ` by the ${s.cancelledBy}` : ''}
                {cancelReasonLabel(s.cancelReason) ? `: ${cancelReasonLabel(s.cancelReason)}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
        {s.awaitingPayment && live ? (
          <p className="text-body-secondary mt-2 mb-0" role="note">
            Waiting for the buyer&apos;s payment: this order can be accepted once it is paid.
          </p>
        ) : null}
        {!dialog ? <ErrorAlert error={move.error} className="mt-2 mb-0 py-2" /> : null}
      </Card.Body>
      <Card.Footer className="bg-body d-grid gap-2 d-sm-flex flex-sm-wrap">
        {can('accept') ? (
          <Button onClick={() => run({ move: 'accept' })} disabled={move.isPending}>
            Accept order
          </Button>
        ) : null}
        {can('pack') ? (
          <Button onClick={() => run({ move: 'pack' })} disabled={move.isPending}>
            Mark packed
          </Button>
        ) : null}
        {can('ship') ? (
          <Button onClick={() => setDialog('ship')} disabled={move.isPending}>
            Ship…
          </Button>
        ) : null}
        {can('deliver') ? (
          <Button onClick={() => setDialog('deliver')} disabled={move.isPending}>
            Mark delivered
          </Button>
        ) : null}
        {live ? (
          <a className="btn btn-outline-primary" href={packingSlipUrl(s._id)} download>
            Download packing slip
          </a>
        ) : null}
        {can('return_to_origin') ? (
          <Button variant="outline-dark" onClick={() => setDialog('rto')} disabled={move.isPending}>
            Returned to origin…
          </Button>
        ) : null}
        {can('cancel') ? (
          <Button
            variant="outline-danger"
            className="ms-sm-auto"
            onClick={() => setDialog('cancel')}
            disabled={move.isPending}
          >
            Cancel…
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
        title={`Mark order ${s.orderNumber} delivered?`}
        message={
          cod && !s.isPaid
            ? 'Only when the buyer has the parcel. Cash on delivery is then counted as collected.'
            : 'Only when the buyer has the parcel. The return window of 7 days starts now.'
        }
        confirmLabel="Mark delivered"
        pending={move.isPending}
        onConfirm={() => run({ move: 'deliver' })}
        onCancel={close}
      />
      <ConfirmDialog
        show={dialog === 'rto'}
        title={`Order ${s.orderNumber} came back?`}
        message="Use this when the buyer refused the parcel or it could not be delivered and it is back with the seller. The items go back into stock and nothing is charged to the buyer."
        confirmLabel="Returned to origin"
        variant="warning"
        pending={move.isPending}
        onConfirm={() => run({ move: 'return-to-origin' })}
        onCancel={close}
      />
    </Card>
  );
}
