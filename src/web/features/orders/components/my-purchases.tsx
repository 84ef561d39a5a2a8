import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useMyOrders } from '../api/get-my-orders.ts';
import { OrderTable } from './order-table.tsx';

/** The 'My Purchases' table of /profile (docs/product/screens.md): each order with its total in the order's currency. */
export function MyPurchases() {
  const orders = useMyOrders();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // /order without an order to show sends here as /profile#my-purchases: bring the table into view.
  useEffect(() => {
    if (hash === '#my-purchases' && !orders.isPending) section.current?.scrollIntoView();
  }, [hash, orders.isPending]);
  return (
    <section ref={section} id="my-purchases" aria-labelledby="my-purchases-heading" className="mt-5">
      <h2 id="my-purchases-heading" className="h4 mb-3">
        My Purchases
      </h2>
      {orders.isPending ? (
        <Loader label="Loading your purchases…" />
      ) : orders.error ? (
        <ErrorAlert error={orders.error} />
      ) : orders.data.length === 0 ? (
        <Message>
          You have not bought anything yet. <Link to="/">Start shopping</Link>
        </Message>
      ) : (
        <OrderTable orders={orders.data} />
      )}
    </section>
  );
}
