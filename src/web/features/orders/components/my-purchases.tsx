import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { OrderListRow } from '#shared/schemas/order.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Money } from '#web/components/price.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { useMyOrders } from '../api/get-my-orders.ts';
import { istDay } from '../lib/dates.ts';
import { ProgressBadge } from './progress-badge.tsx';

/** How many product names a purchase shows before "and N more". */
const NAMES_SHOWN = 2;

/** "Kurta (size M), Steel Mug and 2 more" */
export function itemsSummary(t: Translate, items: readonly string[]): string {
  if (items.length <= NAMES_SHOWN) return items.join(', ');
  return t('orders.purchases.andMore', {
    names: items.slice(0, NAMES_SHOWN).join(', '),
    more: items.length - NAMES_SHOWN,
  });
}

/**
 * The 'My Purchases' list of /profile (docs/decisions/0114-buyer-order-page.md): each order by its number,
 * with its date, what was bought, its total in the order's currency and where it stands in words. A list
 * of cards rather than a table, so a phone shows it without scrolling sideways; each card opens the order.
 */
export function MyPurchases() {
  const t = useT();
  const orders = useMyOrders();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // /order without an order to show sends here as /profile#my-purchases: bring the list into view.
  useEffect(() => {
    if (hash === '#my-purchases' && !orders.isPending) section.current?.scrollIntoView();
  }, [hash, orders.isPending]);
  return (
    <section ref={section} id="my-purchases" aria-labelledby="my-purchases-heading" className="mt-5">
      <h2 id="my-purchases-heading" className="h4 mb-3">
        {t('orders.purchases.heading')}
      </h2>
      {orders.isPending ? (
        <Loader label={t('orders.purchases.loading')} />
      ) : orders.error ? (
        <ErrorAlert error={orders.error} />
      ) : orders.data.length === 0 ? (
        <Message>
          {t.rich('orders.purchases.empty', { link: (chunks) => <Link to="/">{chunks}</Link> })}
        </Message>
      ) : (
        <ul className="list-group">
          {orders.data.map((order) => (
            <Purchase key={order._id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Purchase({ order }: { order: OrderListRow }) {
  const t = useT();
  const items = itemsSummary(t, order.items);
  return (
    <li className="list-group-item list-group-item-action position-relative py-3">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline column-gap-3">
        <Link to={`/order/${order._id}`} className="stretched-link fw-semibold font-monospace">
          {order.orderNumber}
        </Link>
        <Money amount={order.totalPrice} currency={order.orderCurrency} className="fw-semibold text-nowrap" />
      </div>
      <div className="small text-body-secondary">
        {t('orders.purchases.placed', { date: istDay(order.createdAt, t.language.intl) })}
        {order.items.length > 1 ? ` · ${t('orders.purchases.items', { count: order.items.length })}` : null}
      </div>
      {items ? (
        <div className="text-truncate" title={order.items.join(', ')}>
          {items}
        </div>
      ) : null}
      <div className="mt-1">
        <ProgressBadge progress={order.progress} />
      </div>
    </li>
  );
}
