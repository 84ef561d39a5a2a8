import type { ShipmentListQuery } from '#shared/schemas/fulfilment.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { useShipments, type ShipmentScope } from '../api/shipments.ts';
import { ShipmentCard } from './shipment-card.tsx';
import { StateTabs } from './state-tabs.tsx';
import type { ShipmentTab } from '../lib/tabs.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** The tabs, the cards of the current tab and its pages: shared by the seller's queue and the operator's list. */
export function ShipmentList({
  scope,
  query,
  tabHref,
  allHref,
  pageHref,
  empty,
  onSeller,
}: {
  scope: ShipmentScope;
  query: ShipmentListQuery;
  tabHref: (state: ShipmentTab) => string;
  allHref?: string;
  pageHref: (page: number) => string;
  empty: string;
  onSeller?: (sellerId: string, name: string) => void;
}) {
  const t = useT();
  const list = useShipments(scope, query);
  return (
    <>
      <StateTabs current={query.state} counts={list.data?.counts} hrefFor={tabHref} allHref={allHref} />
      {list.isPending ? (
        <Loader label={t('shipments.loading')} />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.shipments.length === 0 ? (
        <Message variant="secondary">{empty}</Message>
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          {list.data.shipments.map((s) => (
            <ShipmentCard key={s._id} shipment={s} scope={scope} onSeller={onSeller} />
          ))}
          <Pagination
            page={list.data.page}
            pages={list.data.pages}
            hrefFor={pageHref}
            label={t('shipments.pages')}
          />
        </div>
      )}
    </>
  );
}
