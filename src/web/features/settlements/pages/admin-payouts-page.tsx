import { useState } from 'react';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { IN_FLIGHT, awaitingProvider, usePayoutBatches } from '../api/payouts.ts';
import { AccountReview } from '../components/account-review.tsx';
import { PayoutBatchCard } from '../components/payout-batch-card.tsx';
import { PayoutBatchPrepare } from '../components/payout-batch-prepare.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * /admin/payouts (Admin; docs/product/settlements.md): verify sellers' payout accounts, prepare a batch of
 * what is payable, approve it (RazorpayX pays each payout once and its webhooks move them to Paid; a bank
 * file is downloaded and each payout's UTR recorded) or reject it. While RazorpayX payouts are on their
 * way the list is read again every few seconds.
 */
export function AdminPayoutsPage() {
  const t = useT();
  const id = useUniqueId();
  const batches = usePayoutBatches();
  const [prepared, setPrepared] = useState<string | null>(null);

  return (
    <>
      <PageHead title={t('settlements.adminPayouts.headTitle')} />
      <h1 className="h3 mb-2">{t('settlements.adminPayouts.heading')}</h1>
      <p className="small text-body-secondary">{t('settlements.adminPayouts.intro')}</p>

      <AccountReview />
      <PayoutBatchPrepare onPrepared={setPrepared} />

      <section aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} className="h4">
          {t('settlements.adminPayouts.batches')}
        </h2>
        {batches.isPending ? (
          <Loader label={t('settlements.adminPayouts.loading')} />
        ) : batches.error ? (
          <ErrorAlert error={batches.error} />
        ) : batches.data.batches.length === 0 ? (
          <Message variant="secondary">{t('settlements.adminPayouts.none')}</Message>
        ) : (
          <>
            {awaitingProvider(batches.data.batches) ? (
              <p className="small text-body-secondary" role="status">
                {t('settlements.adminPayouts.waiting')}
              </p>
            ) : null}
            <ul className="list-unstyled" aria-label={t('settlements.adminPayouts.batchesLabel')}>
              {batches.data.batches.map((b) => (
                <PayoutBatchCard
                  key={b._id}
                  batch={b}
                  initiallyOpen={
                    b._id === prepared ||
                    b.state === 'draft' ||
                    (b.state === 'approved' && b.payouts.some((p) => IN_FLIGHT.includes(p.state)))
                  }
                />
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
