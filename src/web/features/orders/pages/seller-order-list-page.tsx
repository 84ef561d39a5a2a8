import { Link, useSearchParams } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { istDay } from '../lib/dates.ts';
import { useSellerOrders } from '../api/get-seller-orders.ts';
import { PaidDeliveredCells } from '../components/status-cell.tsx';
import { ScrollTable } from '../components/scroll-table.tsx';
import { OrderIdCell } from '../components/order-cells.tsx';
import { VariantLine } from '../components/order-item-list.tsx';
import { useSignedInUser } from '#web/lib/session.ts';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * /seller/orderlist (docs/product/screens.md "Seller order list"): the order lines whose seller is the signed-in person,
 * and only those (the server scopes them, docs/product/roles-and-accounts.md). Amounts are INR, the listing currency; the
 * payout is what the marketplace owes the seller for the line.
 */
export function SellerOrderListPage() {
  const user = useSignedInUser();
  return <SellerOrderList userId={user._id} />;
}

function SellerOrderList({ userId }: { userId: string }) {
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const lines = useSellerOrders(userId, page);
  const t = useT();
  const paymentStatus = { Pending: t('orders.seller.payoutPending'), Paid: t('orders.seller.payoutPaid') };

  return (
    <>
      <PageHead title={t('orders.seller.headTitle')} />
      <h1 className="h3 mb-3">{t('orders.seller.heading')}</h1>
      <p className="text-body-secondary">{t('orders.seller.intro')}</p>
      {lines.isPending ? (
        <Loader label={t('orders.seller.loading')} />
      ) : lines.error ? (
        <ErrorAlert error={lines.error} />
      ) : lines.data.orderLines.length === 0 ? (
        <Message>{t('orders.seller.empty')}</Message>
      ) : (
        <>
          <ScrollTable busy={lines.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t('orders.table.order')}</th>
                <th scope="col">{t('orders.table.date')}</th>
                <th scope="col">{t('orders.seller.buyer')}</th>
                <th scope="col">{t('orders.seller.product')}</th>
                <th scope="col">{t('orders.seller.qty')}</th>
                <th scope="col">{t('orders.seller.unitPrice')}</th>
                <th scope="col">{t('orders.seller.payout')}</th>
                <th scope="col">{t('orders.table.paid')}</th>
                <th scope="col">{t('orders.table.delivered')}</th>
                <th scope="col">{t('orders.seller.payoutStatus')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.data.orderLines.map((line) => (
                <tr key={line._id}>
                  <OrderIdCell
                    id={line.orderId}
                    number={line.orderNumber}
                    cancelled={line.status === 'cancelled'}
                    link
                  />
                  <td className="text-nowrap">{istDay(line.createdAt, t.language.intl)}</td>
                  <td>{line.buyer.name}</td>
                  <td>
                    {line.product ? <Link to={`/product/${line.product}`}>{line.name}</Link> : line.name}
                    <VariantLine size={line.size} colour={line.colour} sku={line.sku} />
                  </td>
                  <td>{line.qty}</td>
                  <td className="text-nowrap">
                    {line.discount > 0 ? (
                      <>
                        <del className="text-body-secondary me-1">
                          <Money amount={line.price} currency={line.currency} />
                        </del>
                        <span className="text-danger">
                          <Money amount={line.discountedPrice} currency={line.currency} />
                        </span>
                      </>
                    ) : (
                      <Money amount={line.price} currency={line.currency} />
                    )}
                  </td>
                  <td className="text-nowrap">
                    <Money amount={line.itemTotalPrice} currency={line.currency} />
                  </td>
                  <PaidDeliveredCells row={line} />
                  <td>
                    <span
                      className={`badge ${line.paymentStatus === 'Paid' ? 'text-bg-success' : 'text-bg-warning'}`}
                    >
                      {paymentStatus[line.paymentStatus] ?? line.paymentStatus}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <Pagination
            page={lines.data.page}
            pages={lines.data.pages}
            hrefFor={(n) => `?page=${n}`}
            label={t('orders.seller.pages')}
          />
        </>
      )}
    </>
  );
}
