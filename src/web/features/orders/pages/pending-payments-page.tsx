import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Money } from '#web/components/price.tsx';
import { usePendingPayments } from '../api/get-pending-payments.ts';
import { ScrollTable } from '../components/scroll-table.tsx';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * /admin/pending-payments (docs/product/screens.md "Pending Seller Payments"): per seller, the currency, the total owed
 * and each pending payout with its order. Admin only (docs/product/roles-and-accounts.md). Since issue 16 the
 * figures come from the sellers' ledgers (docs/product/settlements.md): per order, what the seller is owed and
 * not yet paid, net of commission, taxes withheld and reversals. Nothing is paid from here: payout batches
 * (/admin/payouts) pay sellers, and each seller's statement explains every amount.
 */
export function PendingPaymentsPage() {
  return <PendingPayments />;
}

function PendingPayments() {
  const groups = usePendingPayments();
  return (
    <>
      <PageHead title="Pending Seller Payments · Haat" />
      <h1 className="h3 mb-2">Pending Seller Payments</h1>
      <p className="small text-body-secondary">
        What each seller is owed and not yet paid, per order, from the seller’s ledger: sales less commission,
        GST on commission and taxes withheld, after cancellations and returns. These amounts are paid in{' '}
        <Link to="/admin/payouts">payout batches</Link> once they become payable; a seller’s statement
        explains every amount.
      </p>
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
                  <div className="small fw-normal">
                    <Link
                      to={`/admin/sellers/${encodeURIComponent(group.seller._id)}/ledger`}
                      aria-label={`Statement of ${group.sellerName}`}
                    >
                      Statement
                    </Link>
                  </div>
                </th>
                <td>{group.currency}</td>
                <td className="text-nowrap fw-semibold">
                  <Money amount={group.totalItemTotalPrice} currency={group.currency} />
                </td>
                <td>
                  <ul className="list-unstyled mb-0 small">
                    {group.payments.map((payment) => (
                      <li key={payment._id} className="text-nowrap">
                        {payment.orderId ? (
                          <Link to={`/order/${payment.orderId}`}>
                            Order <span className="font-monospace">{payment.orderNumber}</span>
                          </Link>
                        ) : (
                          payment.orderNumber
                        )}
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
