import { Link, useSearchParams } from 'react-router';
import { ShipmentList } from '../components/shipment-list.tsx';
import { emptyTabText, isShipmentTab, type ShipmentTab } from '../lib/tabs.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * /seller/shipments: the seller's own shipments by state, what to do next first
 * (docs/decisions/0115-seller-and-operator-views.md). Opens on "To accept".
 */
export function SellerShipmentsPage() {
  const t = useT();
  const [params] = useSearchParams();
  const raw = params.get('state');
  const state: ShipmentTab = isShipmentTab(raw) ? raw : 'placed';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  return (
    <section>
      <PageHead title={t('shipments.pageTitle')} />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h1 className="h3 mb-0">{t('shipments.heading')}</h1>
        <Link to="/seller/dashboard" className="small">
          {t('shipments.backToDashboard')}
        </Link>
      </div>
      <p className="small text-body-secondary">{t('shipments.sellerIntro')}</p>
      <ShipmentList
        scope="seller"
        query={{ state, pageNumber: page }}
        tabHref={(s) => `?state=${s}`}
        pageHref={(n) => `?state=${state}&page=${n}`}
        empty={emptyTabText(t)[state]}
      />
    </section>
  );
}
