import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { usePrepareBatch, type PayoutRail, type PrepareBatchResult } from '../api/payouts.ts';
import { rupees } from '../lib/labels.ts';
import { RAIL_LABELS, SKIP_REASON_LABELS, plural } from './payout-batch-words.ts';

const RAILS: readonly PayoutRail[] = ['razorpayx', 'bank_file'];

/** What preparing gave: the new batch (below, awaiting approval) or nothing to pay, and who was left out. */
function Outcome({ result }: { result: PrepareBatchResult }) {
  const id = useId();
  const { batch, skipped } = result;
  return (
    <>
      {batch ? (
        <Message variant="success">
          Batch {batch.number} prepared: {plural(batch.count, 'payout')}, {rupees(batch.total)} in all. It is
          listed below; nothing is paid until it is approved.
        </Message>
      ) : (
        <Message variant="secondary">No seller has an amount to pay now.</Message>
      )}
      {skipped.length > 0 ? (
        <div className="mb-3">
          <h3 className="h6" id={`${id}-skipped`}>
            Not in this batch
          </h3>
          <ul className="small mb-0" aria-labelledby={`${id}-skipped`}>
            {skipped.map((s) => (
              <li key={s.sellerId}>
                <Link to={`/admin/sellers/${encodeURIComponent(s.sellerId)}/ledger`}>{s.sellerName}</Link>:{' '}
                {rupees(s.amount)} · {SKIP_REASON_LABELS[s.reason]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/**
 * 'Prepare payout batch': every seller's payable balance now becomes one payout of a draft batch, paid
 * through the chosen rail once approved. Sellers without a verified account or below the minimum payout
 * are left out and listed, with a link to their statement.
 */
export function PayoutBatchPrepare({ onPrepared }: { onPrepared: (batchId: string) => void }) {
  const id = useId();
  const [rail, setRail] = useState<PayoutRail>('razorpayx');
  const prepare = usePrepareBatch();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    prepare.mutate(rail, {
      onSuccess: (result) => {
        if (result.batch) onPrepared(result.batch._id);
      },
    });
  };

  return (
    <section aria-labelledby={`${id}-h`} className="mb-4">
      <h2 id={`${id}-h`} className="h4">
        Prepare a payout batch
      </h2>
      <p className="small text-body-secondary">
        Puts every seller’s payable balance into one batch awaiting your approval. Nothing is paid until you
        approve it.
      </p>
      <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-h`}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Pay through</legend>
          {RAILS.map((r) => (
            <Form.Check
              key={r}
              type="radio"
              inline
              id={`${id}-${r}`}
              name={`${id}-rail`}
              label={RAIL_LABELS[r]}
              checked={rail === r}
              onChange={() => setRail(r)}
            />
          ))}
        </fieldset>
        <Button type="submit" disabled={prepare.isPending} aria-busy={prepare.isPending || undefined}>
          Prepare payout batch
        </Button>
      </Form>
      <div className="mt-3">
        <ErrorAlert error={prepare.error} />
        {prepare.data ? <Outcome result={prepare.data} /> : null}
      </div>
    </section>
  );
}
