import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isSameAsShipping } from '#shared/checkout.ts';
import { MSG } from '#shared/messages.ts';
import { multiplyMoney, parseMoney, toWireNumber } from '#shared/money.ts';
import { canManageOrders, isBuyerOf, type Actor } from '#shared/permissions.ts';
import type { Order } from '#shared/schemas/order.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Money } from '#web/components/price.tsx';
import { actorOf, useSignedInUser } from '#web/lib/session.ts';
import { currencySpec } from '#web/lib/currency/display-currency.tsx';
import { hasErrorCode } from '#web/lib/api-client.ts';
import { istDateTime } from '../lib/dates.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useDeliverOrder } from '../api/deliver-order.ts';
import { useOrder } from '../api/get-order.ts';
import { usePayOrderCashOnDelivery } from '../api/pay-order-cod.ts';
import { AddressText } from '../components/address-text.tsx';
import { OrderItemList, type ItemRow } from '../components/order-item-list.tsx';
import { OrderParcels } from '../components/order-parcels.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { PaymentArea } from '../components/payment-area.tsx';
import { paymentMethodLabel } from '../components/payment-method-label.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { Said } from '#web/components/said.tsx';

/** /order/:id and /order/:id/edit (docs/product/screens.md "Order detail"). Signed-out visitors are sent to sign in. */
export function OrderPage() {
  const { id = '' } = useParams();
  return <OrderDetail id={id} actor={actorOf(useSignedInUser())} />;
}

function OrderDetail({ id, actor }: { id: string; actor: Actor }) {
  const t = useT();
  const order = useOrder(id);
  if (order.isPending) return <Loader label={t('orders.page.loading')} />;
  if (order.error) {
    return (
      <>
        <PageHead title={t('orders.page.headTitle')} />
        <h1 className="h3 mb-3">{t('orders.page.heading')}</h1>
        {hasErrorCode(order.error, ERROR_CODES.not_found, ERROR_CODES.invalid_input) ? (
          <Message variant="danger">
            {t.rich('orders.page.notFound', {
              link: (chunks) => <Link to="/profile#my-purchases">{chunks}</Link>,
            })}
          </Message>
        ) : (
          <ErrorAlert error={order.error} />
        )}
      </>
    );
  }
  return <OrderView order={order.data} actor={actor} />;
}

/** The SKU helps the seller and Admin pick the item; the buyer sees size and colour only. */
function itemRows(order: Order, showSku: boolean): ItemRow[] {
  const digits = currencySpec(order.orderCurrency).decimalDigits;
  return order.orderItems.map((item) => ({
    key: item._id,
    product: item.product,
    name: item.name,
    image: item.image[0],
    size: item.size,
    colour: item.colour,
    sku: showSku ? item.sku : null,
    qty: item.qty,
    price: item.price,
    discountedPrice: item.discountedPrice,
    lineTotal: toWireNumber(multiplyMoney(parseMoney(item.discountedPrice, digits), item.qty), digits),
    currency: item.currency,
  }));
}

/**
 * The order is shown by its number (HAAT-2026-000123, docs/product/after-the-order.md#order-numbers); its
 * UUID stays in the address only. While an online order waits for its buyer's payment, the payment comes
 * first (docs/decisions/0133-payment-attempt-wording-and-cart.md): at the top on a phone, at the top of
 * the side column on a wide screen, with the amount due. Everyone else, and every other order, sees the
 * payment area at the foot of the summary.
 */
function OrderView({ order, actor }: { order: Order; actor: Actor }) {
  const cancelled = order.status === 'cancelled';
  const awaitingPayment = !cancelled && !order.isPaid && order.paymentMethod !== 'CashOnDelivery';
  const payFirst = awaitingPayment && isBuyerOf(actor, order.user._id);
  const t = useT();
  const locale = t.language.intl;
  return (
    <>
      <PageHead title={t('orders.page.numberTitle', { number: order.orderNumber })} />
      <h1 className="h4 mb-1 text-break">{t('orders.page.numberHeading', { number: order.orderNumber })}</h1>
      <p className="text-body-secondary small mb-4">
        {t('orders.page.placed', { date: istDateTime(order.createdAt, locale) })}
      </p>
      {cancelled ? (
        <Message variant="secondary">
          {order.cancelledAt
            ? t('orders.page.cancelledOn', { date: istDateTime(order.cancelledAt, locale) })
            : t('orders.page.cancelled')}
        </Message>
      ) : null}
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <OrderParcels order={order} actor={actor} />
          <section className="mb-4" aria-labelledby="order-shipping-heading">
            <h2 id="order-shipping-heading" className="h5">
              {t('orders.page.shipping')}
            </h2>
            <p className="mb-1">
              <strong>{t('orders.page.name')}</strong>
              {order.user.name}
            </p>
            <p className="mb-1">
              <strong>{t('orders.page.email')}</strong>
              <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
            </p>
            <p className="mb-1">
              <strong>{t('orders.page.address')}</strong>
              <AddressText address={order.shippingAddress} />
            </p>
            <p className="mb-3">
              <strong>{t('orders.page.billingAddress')}</strong>
              {isSameAsShipping(order.billingAddress, order.shippingAddress) &&
              order.billingAddress.name === order.user.name ? (
                t('orders.page.sameAsShipping')
              ) : (
                <AddressText address={order.billingAddress} name={order.billingAddress.name} />
              )}
            </p>
            {order.buyerGstin ? (
              <p className="mb-3">
                <strong>{t('orders.page.gstInvoiceTo')}</strong>
                {t.rich('orders.page.gstBuyer', {
                  name: order.buyerBusinessName ?? '',
                  gstin: order.buyerGstin,
                  mono: (chunks) => <span className="font-monospace">{chunks}</span>,
                })}
              </p>
            ) : null}
            {order.isDelivered ? (
              <Message variant="success">
                {t('orders.page.deliveredOn', { date: istDateTime(order.deliveredAt, locale) })}
              </Message>
            ) : (
              // Grey, not red: the parcels above say when each should arrive.
              <Message variant="secondary">{t('orders.page.notDelivered')}</Message>
            )}
          </section>
          <section className="mb-4" aria-labelledby="order-payment-heading">
            <h2 id="order-payment-heading" className="h5">
              {t('orders.page.paymentMethod')}
            </h2>
            <p className="mb-3">
              <strong>{t('orders.page.method')}</strong>
              {paymentMethodLabel(order.paymentMethod, t)}
            </p>
            {order.isPaid ? (
              <Message variant="success">
                {t('orders.page.paidOn', { date: istDateTime(order.paidAt, locale) })}
              </Message>
            ) : (
              <Message variant="danger">{t('orders.page.notPaid')}</Message>
            )}
          </section>
          <section aria-labelledby="order-items-heading">
            <h2 id="order-items-heading" className="h5">
              {t('orders.page.orderItems')}
            </h2>
            {order.orderItems.length === 0 ? (
              <Message>
                <Said text={MSG.orderEmpty} />
              </Message>
            ) : (
              <OrderItemList items={itemRows(order, order.user._id !== actor.id)} />
            )}
          </section>
        </div>
        <div className={`col-12 col-lg-4${payFirst ? ' order-first order-lg-last' : ''}`}>
          {payFirst ? <PayFirst order={order} /> : null}
          <OrderSummary
            amounts={order}
            currency={order.orderCurrency}
            gst={{ cgst: order.cgstPrice, sgst: order.sgstPrice, igst: order.igstPrice }}
            placeOfSupply={
              order.placeOfSupply
                ? `${order.placeOfSupply.stateName} (${order.placeOfSupply.stateCode})`
                : null
            }
          >
            <div className="d-grid gap-2">
              {payFirst ? null : <PaymentArea order={order} />}
              {canManageOrders(actor) && !cancelled ? <OrderControls order={order} /> : null}
            </div>
          </OrderSummary>
        </div>
      </div>
    </>
  );
}

/** The buyer's unpaid online order: what is due and the provider's button, before anything else. */
function PayFirst({ order }: { order: Order }) {
  const t = useT();
  return (
    <section className="card border-primary mb-3" aria-labelledby="pay-order-heading">
      <div className="card-body d-grid gap-2 p-3">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
          <h2 id="pay-order-heading" className="h5 mb-0">
            {t('orders.page.payForOrder')}
          </h2>
          <p className="mb-0">
            <span className="small text-body-secondary">{t('orders.page.amountDue')}</span>
            <strong className="fs-5">
              <Money amount={order.totalPrice} currency={order.orderCurrency} />
            </strong>
          </p>
        </div>
        <PaymentArea order={order} />
      </div>
    </section>
  );
}

/** Admin and Distributor (docs/product/roles-and-accounts.md#permissions): mark delivered, and mark an unpaid cash-on-delivery order paid. */
function OrderControls({ order }: { order: Order }) {
  const t = useT();
  const deliver = useDeliverOrder();
  const pay = usePayOrderCashOnDelivery();
  const canPay = !order.isPaid && order.paymentMethod === 'CashOnDelivery';
  if (order.isDelivered && !canPay) return null;
  return (
    <>
      <ErrorAlert error={deliver.error ?? pay.error} className="mb-0" />
      {canPay ? (
        <ActionButton
          className="btn btn-outline-primary"
          pending={pay.isPending}
          onClick={() => pay.mutate(order._id)}
        >
          {t('orders.page.markPaid')}
        </ActionButton>
      ) : null}
      {!order.isDelivered ? (
        <ActionButton
          className="btn btn-primary"
          pending={deliver.isPending}
          onClick={() => deliver.mutate(order._id)}
        >
          {t('orders.page.markDelivered')}
        </ActionButton>
      ) : null}
    </>
  );
}

/** An order control button: blocked, with a spinner, while its request runs. */
function ActionButton({
  className,
  pending,
  onClick,
  children,
}: {
  className: string;
  pending: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} disabled={pending} aria-busy={pending} onClick={onClick}>
      {pending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
