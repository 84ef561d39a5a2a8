import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
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
  const t = useT();
  const groups = usePendingPayments();
  return (
    <>
      <PageHead title={t('orders.pending.headTitle')} />
      <h1 className="h3 mb-2">{t('orders.pending.heading')}</h1>
      <p className="small text-body-secondary">
        {t.rich('orders.pending.intro', {
          link: (chunks) => <Link to="/admin/payouts">{chunks}</Link>,
        })}
      </p>
      {groups.isPending ? (
        <Loader label={t('orders.pending.loading')} />
      ) : groups.error ? (
        <ErrorAlert error={groups.error} />
      ) : groups.data.length === 0 ? (
        <Message>{t('orders.pending.empty')}</Message>
      ) : (
        <ScrollTable hover={false}>
          <thead>
            <tr>
              <th scope="col">{t('orders.pending.seller')}</th>
              <th scope="col">{t('orders.pending.currency')}</th>
              <th scope="col">{t('orders.pending.total')}</th>
              <th scope="col">{t('orders.pending.payments')}</th>
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
                      aria-label={t('orders.pending.statementOf', { seller: group.sellerName })}
                    >
                      {t('orders.pending.statement')}
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
                            {t.rich('orders.pending.order', {
                              number: payment.orderNumber,
                              mono: (chunks) => <span className="font-monospace">{chunks}</span>,
                            })}
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
