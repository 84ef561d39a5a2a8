import type { OrderListRow } from '#shared/schemas/order.ts';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { istDay } from '../lib/dates.ts';
import { OrderDetailsCell, OrderIdCell } from './order-cells.tsx';
import { paymentMethodLabel } from './payment-method-label.ts';
import { ScrollTable } from './scroll-table.tsx';
import { ProgressBadge } from './progress-badge.tsx';
import { PaidDeliveredCells } from './status-cell.tsx';

/**
 * The order table of the admin order list (docs/product/screens.md): one row per order by its number, who
 * ordered, its total in the order's currency, how they pay, where it stands in words, paid and delivered.
 */
export function OrderTable({
  orders,
  busy,
  admin = false,
}: {
  orders: OrderListRow[];
  busy?: boolean;
  admin?: boolean;
}) {
  const t = useT();
  return (
    <ScrollTable busy={busy}>
      <thead>
        <tr>
          <th scope="col">{t('orders.table.order')}</th>
          {admin ? <th scope="col">{t('orders.table.user')}</th> : null}
          <th scope="col">{t('orders.table.date')}</th>
          <th scope="col">{t('orders.table.total')}</th>
          {admin ? <th scope="col">{t('orders.table.method')}</th> : null}
          <th scope="col">{t('orders.table.status')}</th>
          <th scope="col">{t('orders.table.paid')}</th>
          <th scope="col">{t('orders.table.delivered')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('orders.table.details')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <OrderIdCell id={order._id} number={order.orderNumber} cancelled={order.status === 'cancelled'} />
            {admin ? <td>{order.user.name}</td> : null}
            <td className="text-nowrap">{istDay(order.createdAt, t.language.intl)}</td>
            <td className="text-nowrap">
              <Money amount={order.totalPrice} currency={order.orderCurrency} />
            </td>
            {admin ? <td className="text-nowrap">{paymentMethodLabel(order.paymentMethod, t)}</td> : null}
            <td className="text-nowrap">
              <ProgressBadge progress={order.progress} />
            </td>
            <PaidDeliveredCells row={order} />
            <OrderDetailsCell id={order._id} number={order.orderNumber} />
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
