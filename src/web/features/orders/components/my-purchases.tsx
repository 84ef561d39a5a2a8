import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Money } from '#web/components/price.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { StatusCell } from './status-cell.tsx';
import { ScrollTable } from './scroll-table.tsx';
import { OrderDetailsCell, OrderIdCell } from './order-cells.tsx';

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
        <ScrollTable>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Date</th>
              <th scope="col">Total</th>
              <th scope="col">Paid</th>
              <th scope="col">Delivered</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((order) => (
              <tr key={order._id}>
                <OrderIdCell id={order._id} cancelled={order.status === 'cancelled'} />
                <td className="text-nowrap">{formatDate(order.createdAt)}</td>
                <td className="text-nowrap">
                  <Money amount={order.totalPrice} currency={order.orderCurrency} />
                </td>
                <td>
                  <StatusCell done={order.isPaid} at={order.paidAt} label="Paid" />
                </td>
                <td>
                  <StatusCell done={order.isDelivered} at={order.deliveredAt} label="Delivered" />
                </td>
                <OrderDetailsCell id={order._id} />
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
