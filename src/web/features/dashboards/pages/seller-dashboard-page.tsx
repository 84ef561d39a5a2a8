import { useState, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LOW_STOCK_THRESHOLD } from '#shared/variants.ts';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { moneyLocaleFor } from '#shared/rates.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { currencySpec } from '#web/lib/currency/display-currency.tsx';
import { formatDay } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useSignedInUser } from '#web/lib/session.ts';
import { useSellerDashboard } from '../api/dashboards.ts';
import { FirstSteps } from '../components/first-steps.tsx';
import { SalesChart } from '../components/sales-chart.tsx';
import { PageHead } from '#web/components/page-head.tsx';

const INR = currencySpec('INR');
/** Low-stock rows shown before "Show more": the dashboard stays a dashboard on a phone. */
const LOW_ROWS = 8;
/** Seller figures are INR, whatever currency the storefront shows. */
const formatInr = (amount: number) => formatMoney(parseMoney(amount, 2), INR, moneyLocaleFor('INR'));

/**
 * /seller/dashboard: what waits for the seller now and how the last 30 days went, each number a link
 * to the list it counts (docs/decisions/0115-seller-and-operator-views.md).
 */
export function SellerDashboardPage() {
  const t = useT();
  const locale = t.language.intl;
  const me = useSignedInUser();
  const board = useSellerDashboard();
  const [allLow, setAllLow] = useState(false);

  return (
    <section>
      <PageHead title={t('dashboards.seller.headTitle')} />
      <h1 className="h3 mb-1">{t('dashboards.seller.heading')}</h1>
      <p className="text-body-secondary small mb-3">
        {me.shop?.shopName ?? me.name}
        {board.data ? ` · ${formatDay(board.data.today, locale)}` : ''}
      </p>
      <FirstSteps />
      {board.isPending ? (
        <Loader label={t('dashboards.seller.loading')} />
      ) : board.error ? (
        <ErrorAlert error={board.error} />
      ) : (
        <>
          <h2 className="h5">{t('dashboards.seller.toDoNow')}</h2>
          <p className="small text-body-secondary mb-2">
            {board.data.placedToday === 0
              ? t('dashboards.seller.noOrdersToday')
              : t('dashboards.seller.ordersToday', { count: board.data.placedToday })}
          </p>
          <div className="row row-cols-2 row-cols-md-3 row-cols-xl-6 g-2 mb-4">
            <Tile
              to="/seller/shipments?state=placed"
              n={board.data.toAccept}
              label={t('dashboards.seller.toAccept')}
              urgent
            />
            <Tile
              to="/seller/shipments?state=accepted"
              n={board.data.toPack}
              label={t('dashboards.seller.toPack')}
              urgent
            />
            <Tile
              to="/seller/shipments?state=packed"
              n={board.data.toShip}
              label={t('dashboards.seller.toShip')}
              urgent
            />
            <Tile
              to="/seller/shipments?state=late"
              n={board.data.late}
              label={t('dashboards.seller.late')}
              danger
            />
            <Tile
              to="/seller/returns?state=requested"
              n={board.data.returnsToHandle}
              label={t('dashboards.seller.returnsToAnswer', { count: board.data.returnsToHandle })}
              urgent
            />
            <Tile
              to="#low-stock"
              n={board.data.lowStock}
              label={t('dashboards.seller.lowOnStockTile', { count: board.data.lowStock })}
              anchor
            />
          </div>

          <h2 className="h5">{t('dashboards.seller.last30')}</h2>
          <div className="row row-cols-2 row-cols-md-4 g-2 mb-3">
            <Tile
              to="/seller/orderlist"
              n={formatInr(board.data.last30.sales)}
              label={t('dashboards.seller.sales')}
            />
            <Tile
              to="/seller/orderlist"
              n={board.data.last30.units}
              label={t('dashboards.seller.unitsSold')}
            />
            <Tile to="/seller/orderlist" n={board.data.last30.orders} label={t('dashboards.seller.orders')} />
            <Tile
              to="/seller/shipments?state=cancelled"
              n={board.data.last30.cancellations}
              label={t('dashboards.seller.cancelled')}
            />
          </div>
          <div className="card card-body mb-4">
            <SalesChart days={board.data.days} formatInr={formatInr} />
          </div>

          <h2 className="h5" id="low-stock">
            {t('dashboards.seller.lowOnStock')}
          </h2>
          <p className="small text-body-secondary">
            {t('dashboards.seller.lowOnStockHelp', { threshold: LOW_STOCK_THRESHOLD })}
          </p>
          {board.data.lowStockVariants.length === 0 ? (
            <p className="small">{t('dashboards.seller.enoughStock')}</p>
          ) : (
            <div className="table-responsive">
              <Table size="sm" className="small align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('dashboards.seller.product')}</th>
                    <th scope="col">{t('dashboards.seller.size')}</th>
                    <th scope="col" className="d-none d-sm-table-cell">
                      {t('dashboards.seller.sku')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('dashboards.seller.left')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {board.data.lowStockVariants.slice(0, allLow ? undefined : LOW_ROWS).map((v) => (
                    <tr key={v.variantId}>
                      <th scope="row" className="fw-normal">
                        <Link to={`/product/${v.productId}/edit`}>{v.name}</Link>
                      </th>
                      <td>{v.colour ? `${v.size} · ${v.colour}` : v.size}</td>
                      <td className="d-none d-sm-table-cell text-break">{v.sku}</td>
                      <td
                        className={`text-end text-nowrap ${v.countInStock === 0 ? 'text-danger fw-semibold' : ''}`}
                      >
                        {v.countInStock === 0 ? t('dashboards.seller.outOfStock') : v.countInStock}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {!allLow && board.data.lowStockVariants.length > LOW_ROWS ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary mb-2"
                  onClick={() => setAllLow(true)}
                >
                  {t('dashboards.seller.showMore', { n: board.data.lowStockVariants.length - LOW_ROWS })}
                </button>
              ) : null}
              {allLow && board.data.lowStock > board.data.lowStockVariants.length ? (
                <p className="small">
                  {t.rich('dashboards.seller.moreIn', {
                    n: board.data.lowStock - board.data.lowStockVariants.length,
                    link: (chunks) => <Link to="/seller/productlist">{chunks}</Link>,
                  })}
                </p>
              ) : null}
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** One number and what it counts, the whole tile a link to that list. */
function Tile({
  to,
  n,
  label,
  urgent = false,
  danger = false,
  anchor = false,
}: {
  /** The list it counts; without one the tile is plain text. */
  to?: string;
  n: ReactNode;
  label: string;
  /** Highlighted while there is something to do. */
  urgent?: boolean;
  danger?: boolean;
  /** A place on this page, not another page. */
  anchor?: boolean;
}) {
  const some = typeof n === 'number' ? n > 0 : true;
  const tone = some && danger ? 'border-danger text-danger' : some && urgent ? 'border-warning' : '';
  const body = (
    <>
      <span className="d-block fs-4 fw-semibold lh-sm">{n}</span>
      <span className="d-block small">{label}</span>
    </>
  );
  const className = `card card-body h-100 text-decoration-none text-body py-2 px-3 ${tone}`;
  return (
    <div className="col">
      {to === undefined ? (
        <div className={className}>{body}</div>
      ) : anchor ? (
        <a href={to} className={className}>
          {body}
        </a>
      ) : (
        <Link to={to} className={className}>
          {body}
        </Link>
      )}
    </div>
  );
}
