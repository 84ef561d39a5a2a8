import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import type { OrderListQuery } from '#shared/schemas/order.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { Money } from '#web/components/price.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useOrders } from '../api/get-orders.ts';
import { paymentMethodLabel } from '../components/payment-method-label.ts';
import { StatusCell } from '../components/status-cell.tsx';
import { ScrollTable } from '../components/scroll-table.tsx';
import { OrderDetailsCell, OrderIdCell } from '../components/order-cells.tsx';

/** /admin/orderlist (docs/product/screens.md): every order, for Admin and Distributor; filter by paid and delivered. */
export function AdminOrderListPage() {
  return <AdminOrderList />;
}

type Flag = 'true' | 'false' | undefined;
const flag = (value: string | null): Flag => (value === 'true' || value === 'false' ? value : undefined);

function AdminOrderList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query: OrderListQuery = {
    pageNumber: page,
    paid: flag(params.get('paid')),
    delivered: flag(params.get('delivered')),
  };
  const orders = useOrders(query);

  const setFilter = (name: 'paid' | 'delivered', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page'); // a new filter starts at page 1
    setParams(next);
  };
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };

  return (
    <>
      <title>Orders · Haat</title>
      <h1 className="h3 mb-3">Orders</h1>
      <form className="row g-2 mb-3" aria-label="Filter orders" onSubmit={(e) => e.preventDefault()}>
        <div className="col-12 col-sm-auto">
          <Form.Label htmlFor="filter-paid" className="small mb-1">
            Paid
          </Form.Label>
          <Form.Select
            id="filter-paid"
            size="sm"
            value={query.paid ?? ''}
            onChange={(e) => setFilter('paid', e.target.value)}
          >
            <option value="">All</option>
            <option value="true">Paid</option>
            <option value="false">Not paid</option>
          </Form.Select>
        </div>
        <div className="col-12 col-sm-auto">
          <Form.Label htmlFor="filter-delivered" className="small mb-1">
            Delivered
          </Form.Label>
          <Form.Select
            id="filter-delivered"
            size="sm"
            value={query.delivered ?? ''}
            onChange={(e) => setFilter('delivered', e.target.value)}
          >
            <option value="">All</option>
            <option value="true">Delivered</option>
            <option value="false">Not delivered</option>
          </Form.Select>
        </div>
      </form>
      {orders.isPending ? (
        <Loader label="Loading orders…" />
      ) : orders.error ? (
        <ErrorAlert error={orders.error} />
      ) : orders.data.orders.length === 0 ? (
        <Message>No orders match.</Message>
      ) : (
        <>
          <ScrollTable busy={orders.isFetching}>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">User</th>
                <th scope="col">Date</th>
                <th scope="col">Total</th>
                <th scope="col">Method</th>
                <th scope="col">Paid</th>
                <th scope="col">Delivered</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order._id}>
                  <OrderIdCell id={order._id} cancelled={order.status === 'cancelled'} />
                  <td>{order.user.name}</td>
                  <td className="text-nowrap">{formatDate(order.createdAt)}</td>
                  <td className="text-nowrap">
                    <Money amount={order.totalPrice} currency={order.orderCurrency} />
                  </td>
                  <td className="text-nowrap">{paymentMethodLabel(order.paymentMethod)}</td>
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
          <Pagination
            page={orders.data.page}
            pages={orders.data.pages}
            hrefFor={pageHref}
            label="Order pages"
          />
        </>
      )}
    </>
  );
}
