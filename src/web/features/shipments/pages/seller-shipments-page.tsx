import { Link, useSearchParams } from 'react-router';
import { ShipmentList } from '../components/shipment-list.tsx';
import { EMPTY_TAB, isShipmentTab, type ShipmentTab } from '../lib/tabs.ts';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * /seller/shipments: the seller's own shipments by state, what to do next first
 * (docs/decisions/0115-seller-and-operator-views.md). Opens on "To accept".
 */
export function SellerShipmentsPage() {
  const [params] = useSearchParams();
  const raw = params.get('state');
  const state: ShipmentTab = isShipmentTab(raw) ? raw : 'placed';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  return (
    <section>
      <PageHead title="Shipments · Haat" />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h1 className="h3 mb-0">Shipments</h1>
        <Link to="/seller/dashboard" className="small">
          Back to dashboard
        </Link>
      </div>
      <p className="small text-body-secondary">
        Accept new orders, pack them, then ship them with the courier&apos;s tracking number.
      </p>
      <ShipmentList
        scope="seller"
        query={{ state, pageNumber: page }}
        tabHref={(s) => `?state=${s}`}
        pageHref={(n) => `?state=${state}&page=${n}`}
        empty={EMPTY_TAB[state]}
      />
    </section>
  );
}
