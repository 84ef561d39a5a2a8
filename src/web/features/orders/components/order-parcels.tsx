import { useState } from 'react';
import { isAdmin, type Actor } from '#shared/permissions.ts';
import type { Shipment } from '#shared/schemas/fulfilment.ts';
import type { Order } from '#shared/schemas/order.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { RefundStatusList } from '#web/features/refunds/index.ts';
import { ReturnRequestDialog } from '#web/features/returns/index.ts';
import { TaxDocumentList, useOrderTaxDocuments } from '#web/features/tax-documents/index.ts';
import { useOrderFulfilment } from '../api/get-order-fulfilment.ts';
import { CancelButton } from './order-actions.tsx';
import { ReturnList } from './return-list.tsx';
import { sellerNameOf, ShipmentCard, type ShipmentLine } from './shipment-card.tsx';

/** What happens to the money when a paid order (or part of it) is cancelled. */
function refundNoteOf(t: Translate, order: Order, isBuyer: boolean): string | null {
  if (!order.isPaid) return null;
  if (order.paymentMethod === 'CashOnDelivery') {
    return isBuyer ? t('orders.parcels.refundNote.codBuyer') : t('orders.parcels.refundNote.codOther');
  }
  return isBuyer ? t('orders.parcels.refundNote.onlineBuyer') : t('orders.parcels.refundNote.onlineOther');
}

/** "Your parcels (2)" for the buyer; Admin, Distributor and a seller read "Parcels". */
function parcelsHeading(t: Translate, isBuyer: boolean, n: number): string {
  if (isBuyer) return n > 1 ? t('orders.parcels.yourParcels', { n }) : t('orders.parcels.yourParcel');
  return n > 1 ? t('orders.parcels.parcels', { n }) : t('orders.parcels.parcel');
}

const headingOf = (t: Translate, s: Shipment) =>
  s.kind === 'exchange'
    ? t('orders.parcels.exchangeFrom', { seller: sellerNameOf(s) })
    : t('orders.parcels.from', { seller: sellerNameOf(s) });

/**
 * The order's life after 'Place Order' on its page (docs/decisions/0114-buyer-order-page.md): one card per
 * seller's parcel with its timeline and the actions that apply now, then the return and exchange requests
 * and the refunds. Every action refetches the order (its mutation invalidates the order keys).
 */
export function OrderParcels({ order, actor }: { order: Order; actor: Actor }) {
  const t = useT();
  const fulfilment = useOrderFulfilment(order._id);
  // The invoices and credit notes the viewer may see; the parcels show without them if they fail to load.
  const documents = useOrderTaxDocuments(order._id).data?.documents ?? [];
  const [notice, setNotice] = useState<string | null>(null);
  const [returnFor, setReturnFor] = useState<ShipmentLine | null>(null);
  if (fulfilment.isPending) return <Loader label={t('orders.parcels.loading')} />;
  if (fulfilment.error) return <ErrorAlert error={fulfilment.error} />;
  const { shipments, returns, refunds, canCancelOrder } = fulfilment.data;
  if (shipments.length === 0 && returns.length === 0 && refunds.length === 0) return null;

  const isBuyer = order.user._id === actor.id;
  const refundNote = refundNoteOf(t, order, isBuyer);
  const ownParcels = shipments.filter((s) => s.kind === 'order');
  // One parcel and the whole order can go: one button says it all.
  const wholeOrderOnly = canCancelOrder && ownParcels.length === 1;
  const mayCancel = (s: Shipment) =>
    s.actions.includes('cancel') && (isBuyer || isAdmin(actor)) && s.seller._id !== actor.id;

  return (
    <>
      <section className="mb-4" aria-labelledby="order-parcels-heading">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <h2 id="order-parcels-heading" className="h5 mb-0">
            {parcelsHeading(t, isBuyer, ownParcels.length)}
          </h2>
          {canCancelOrder ? (
            <CancelButton
              target={{ kind: 'order', id: order._id }}
              label={t('orders.parcels.cancelOrder')}
              title={t('orders.parcels.cancelOrderTitle')}
              what={t('orders.parcels.everyItem')}
              refundNote={refundNote}
              onDone={setNotice}
            />
          ) : null}
        </div>
        {ownParcels.length > 1 ? (
          <p className="small text-body-secondary">{t('orders.parcels.separately')}</p>
        ) : null}
        {notice ? (
          <Message variant="success" className="py-2">
            {notice}
          </Message>
        ) : null}
        {shipments.map((s) => (
          <ShipmentCard
            key={s._id}
            shipment={s}
            heading={headingOf(t, s)}
            onReturn={isBuyer ? setReturnFor : undefined}
            documents={
              <TaxDocumentList documents={documents.filter((d) => d.shipmentId === s._id)} className="mt-3" />
            }
            actions={
              mayCancel(s) && !wholeOrderOnly ? (
                <CancelButton
                  target={{ kind: 'shipment', id: s._id }}
                  label={
                    ownParcels.length > 1
                      ? t('orders.parcels.cancelItemsFrom', { seller: sellerNameOf(s) })
                      : t('orders.parcels.cancel')
                  }
                  title={t('orders.parcels.cancelParcelTitle')}
                  what={t('orders.parcels.theItemsFrom', { seller: sellerNameOf(s) })}
                  refundNote={refundNote}
                  onDone={setNotice}
                />
              ) : null
            }
          />
        ))}
      </section>
      {returnFor ? (
        <ReturnRequestDialog
          orderId={order._id}
          orderNumber={order.orderNumber}
          line={{
            orderItemId: returnFor._id,
            name: returnFor.name,
            size: returnFor.size,
            colour: returnFor.colour,
            productId: returnFor.product,
            qtyLeft: returnFor.qty - returnFor.returnedQty,
          }}
          paymentMethod={order.paymentMethod}
          onDone={(created) => {
            setReturnFor(null);
            if (created) {
              setNotice(
                created.kind === 'exchange'
                  ? t('orders.parcels.exchangeSent')
                  : t('orders.parcels.returnSent'),
              );
            }
          }}
        />
      ) : null}
      {returns.length > 0 ? (
        <section className="mb-4" aria-labelledby="order-returns-heading">
          <h2 id="order-returns-heading" className="h5">
            {t('orders.parcels.returnsHeading')}
          </h2>
          <ReturnList returns={returns} />
        </section>
      ) : null}
      {refunds.length > 0 ? (
        <section className="mb-4" aria-labelledby="order-refunds-heading">
          <h2 id="order-refunds-heading" className="h5">
            {t('orders.parcels.refundsHeading')}
          </h2>
          <RefundStatusList refunds={refunds} />
        </section>
      ) : null}
    </>
  );
}
