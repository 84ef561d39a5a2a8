import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useCodCash } from '../api/cod-cash.ts';
import { CodDistributorCard, type CodDistributor } from '../components/cod-distributor.tsx';
import { CodRemittances } from '../components/cod-remittances.tsx';
import { sumRupees } from '../lib/books.ts';
import { rupees } from '../lib/labels.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

const NO_AGES = { d0to2: 0, d3to7: 0, d8to30: 0, over30: 0 };

/**
 * /admin/cod-cash (Admin): the cash each Distributor collected on delivery and still holds, by age and by
 * order, with 'Record remittance' per Distributor, and the recent remittances. A Distributor that has
 * handed everything over stays on the page at ₹0.00 while its remittances are recent.
 */
export function AdminCodCashPage() {
  const t = useT();
  const cash = useCodCash();
  let cards: CodDistributor[] = [];
  if (cash.data) {
    cards = [...cash.data.distributors];
    const shown = new Set(cards.map((d) => d.distributorId));
    for (const r of cash.data.remittances) {
      if (shown.has(r.distributorId)) continue;
      shown.add(r.distributorId);
      cards.push({
        distributorId: r.distributorId,
        distributorName: r.distributorName,
        outstanding: 0,
        ages: NO_AGES,
        orders: [],
      });
    }
  }
  const total = sumRupees(cash.data?.distributors.map((d) => d.outstanding) ?? []);

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-xxl-10">
        <PageHead title={t('settlements.cod.headTitle')} />
        <h1 className="h3 mb-2">{t('settlements.cod.heading')}</h1>
        <p className="text-body-secondary">{t('settlements.cod.intro')}</p>
        {cash.isPending ? (
          <Loader label={t('settlements.cod.loading')} />
        ) : cash.error ? (
          <ErrorAlert error={cash.error} />
        ) : (
          <>
            <p className="fs-5">
              {t.rich('settlements.cod.outstandingTotal', {
                amount: rupees(total),
                b: (chunks) => <span className="fw-semibold">{chunks}</span>,
              })}
            </p>
            {cards.length === 0 ? (
              <Message variant="secondary">{t('settlements.cod.none')}</Message>
            ) : (
              cards.map((d) => <CodDistributorCard key={d.distributorId} d={d} />)
            )}
            <section aria-labelledby="remittances-heading" className="mb-5">
              <h2 id="remittances-heading" className="h5">
                {t('settlements.cod.recentRemittances')}
              </h2>
              <CodRemittances remittances={cash.data.remittances} />
            </section>
          </>
        )}
      </div>
    </div>
  );
}
