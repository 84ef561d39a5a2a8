import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Money } from '#web/components/price.tsx';
import { usePendingPayments } from '../api/get-pending-payments.ts';
import { ScrollTable } from '../components/scroll-table.tsx';

/**
 * /admin/pending-payments (docs/product/screens.md "Pending Seller Payments"): per seller, the currency, the total owed
 * and each pending payout with its order. Admin only (docs/product/roles-and-accounts.md).
 */
export function PendingPaymentsPage() {
  return <PendingPayments />;
}

function PendingPayments() {
  const groups = usePendingPayments();
  return (
    <>
      <title>Pending Seller Payments · Haat</title>
      <h1 className="h3 mb-3">Pending Seller Payments</h1>
      {groups.isPending ? (
        <Loader label="Loading pending payments…" />
      ) : groups.error ? (
        <ErrorAlert error={groups.error} />
      ) : groups.data.length === 0 ? (
        <Message>No payments are pending.</Message>
      ) : (
        <ScrollTable hover={false}>
          <thead>
            <tr>
              <th scope="col">Seller</th>
              <th scope="col">Currency</th>
              <th scope="col">Total</th>
              <th scope="col">Payments</th>
            </tr>
          </thead>
          <tbody>
            {groups.data.map((group) => (
              <tr key={`${group.seller._id}-${group.currency}`}>
                <th scope="row" className="fw-medium">
                  {group.sellerName}
                </th>
                <td>{group.currency}</td>
                <td className="text-nowrap fw-semibold">
                  <Money amount={group.totalItemTotalPrice} currency={group.currency} />
                </td>
                <td>
                  <ul className="list-unstyled mb-0 small">
                    {group.payments.map((payment) => (
                      <li key={payment._id} className="text-nowrap">
                        <Link to={`/order/${payment.orderId}`}>
                          Order <span className="font-monospace">{payment.orderNumber}</span>
                        </Link>
                        {': '}
                        <Money amount={payment.itemTotalPrice} currency={group.currency} />
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </>
  );
}
