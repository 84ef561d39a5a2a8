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
  const me = useSignedInUser();
  const board = useSellerDashboard();
  const [allLow, setAllLow] = useState(false);

  return (
    <section>
      <PageHead title="Dashboard · Haat" />
      <h1 className="h3 mb-1">Dashboard</h1>
      <p className="text-body-secondary small mb-3">
        {me.shop?.shopName ?? me.name}
        {board.data ? ` · ${formatDay(board.data.today)}` : ''}
      </p>
      <FirstSteps />
      {board.isPending ? (
        <Loader label="Loading your dashboard…" />
      ) : board.error ? (
        <ErrorAlert error={board.error} />
      ) : (
        <>
          <h2 className="h5">To do now</h2>
          <p className="small text-body-secondary mb-2">
            {board.data.placedToday === 0
              ? 'No new orders today yet.'
              : `${String(board.data.placedToday)} new ${board.data.placedToday === 1 ? 'order' : 'orders'} today.`}
          </p>
          <div className="row row-cols-2 row-cols-md-3 row-cols-xl-6 g-2 mb-4">
            <Tile to="/seller/shipments?state=placed" n={board.data.toAccept} label="to accept" urgent />
            <Tile to="/seller/shipments?state=accepted" n={board.data.toPack} label="to pack" urgent />
            <Tile to="/seller/shipments?state=packed" n={board.data.toShip} label="to ship" urgent />
            <Tile to="/seller/shipments?state=late" n={board.data.late} label="late" danger />
            <Tile
              to="/seller/returns?state=requested"
              n={board.data.returnsToHandle}
              label={board.data.returnsToHandle === 1 ? 'return to answer' : 'returns to answer'}
              urgent
            />
            <Tile
              to="#low-stock"
              n={board.data.lowStock}
              label={board.data.lowStock === 1 ? 'variant low on stock' : 'variants low on stock'}
              anchor
            />
          </div>

          <h2 className="h5">Last 30 days</h2>
          <div className="row row-cols-2 row-cols-md-4 g-2 mb-3">
            <Tile to="/seller/orderlist" n={formatInr(board.data.last30.sales)} label="sales (incl. GST)" />
            <Tile to="/seller/orderlist" n={board.data.last30.units} label="units sold" />
            <Tile to="/seller/orderlist" n={board.data.last30.orders} label="orders" />
            <Tile
              to="/seller/shipments?state=cancelled"
              n={board.data.last30.cancellations}
              label="cancelled"
            />
          </div>
          <div className="card card-body mb-4">
            <SalesChart days={board.data.days} formatInr={formatInr} />
          </div>

          <h2 className="h5" id="low-stock">
            Low on stock
          </h2>
          <p className="small text-body-secondary">
            Sizes and colours with fewer than {LOW_STOCK_THRESHOLD} units left, fewest first.
          </p>
          {board.data.lowStockVariants.length === 0 ? (
            <p className="small">Every size of your active products has enough stock.</p>
          ) : (
            <div className="table-responsive">
              <Table size="sm" className="small align-middle">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Size</th>
                    <th scope="col" className="d-none d-sm-table-cell">
                      SKU
                    </th>
                    <th scope="col" className="text-end">
                      Left
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
                        {v.countInStock === 0 ? 'Out of stock' : v.countInStock}
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
                  Show {board.data.lowStockVariants.length - LOW_ROWS} more
                </button>
              ) : null}
              {allLow && board.data.lowStock > board.data.lowStockVariants.length ? (
                <p className="small">
                  {board.data.lowStock - board.data.lowStockVariants.length} more in{' '}
                  <Link to="/seller/productlist">your products</Link>.
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
