import { useId, useState } from 'react';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { IN_FLIGHT, awaitingProvider, usePayoutBatches } from '../api/payouts.ts';
import { AccountReview } from '../components/account-review.tsx';
import { PayoutBatchCard } from '../components/payout-batch-card.tsx';
import { PayoutBatchPrepare } from '../components/payout-batch-prepare.tsx';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * /admin/payouts (Admin; docs/product/settlements.md): verify sellers' payout accounts, prepare a batch of
 * what is payable, approve it (RazorpayX pays each payout once and its webhooks move them to Paid; a bank
 * file is downloaded and each payout's UTR recorded) or reject it. While RazorpayX payouts are on their
 * way the list is read again every few seconds.
 */
export function AdminPayoutsPage() {
  const id = useId();
  const batches = usePayoutBatches();
  const [prepared, setPrepared] = useState<string | null>(null);

  return (
    <>
      <PageHead title="Payouts · Haat" />
      <h1 className="h3 mb-2">Payouts</h1>
      <p className="small text-body-secondary">
        Sellers are paid what has become payable on their ledger: sales whose return window has closed, less
        commission, taxes withheld and corrections. A batch is paid only after you approve it.
      </p>

      <AccountReview />
      <PayoutBatchPrepare onPrepared={setPrepared} />

      <section aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} className="h4">
          Batches
        </h2>
        {batches.isPending ? (
          <Loader label="Loading payout batches…" />
        ) : batches.error ? (
          <ErrorAlert error={batches.error} />
        ) : batches.data.batches.length === 0 ? (
          <Message variant="secondary">No payout batch has been prepared yet.</Message>
        ) : (
          <>
            {awaitingProvider(batches.data.batches) ? (
              <p className="small text-body-secondary" role="status">
                Waiting for RazorpayX to confirm payouts; this list updates by itself.
              </p>
            ) : null}
            <ul className="list-unstyled" aria-label="Payout batches">
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
