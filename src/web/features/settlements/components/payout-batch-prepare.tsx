import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { usePrepareBatch, type PayoutRail, type PrepareBatchResult } from '../api/payouts.ts';
import { rupees } from '../lib/labels.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { railLabels, skipReasonLabels } from './payout-batch-words.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const RAILS: readonly PayoutRail[] = ['razorpayx', 'bank_file'];

/** What preparing gave: the new batch (below, awaiting approval) or nothing to pay, and who was left out. */
function Outcome({ result }: { result: PrepareBatchResult }) {
  const t = useT();
  const id = useUniqueId();
  const { batch, skipped } = result;
  const reasons = skipReasonLabels(t);
  return (
    <>
      {batch ? (
        <Message variant="success">
          {t('settlements.prepare.prepared', {
            number: String(batch.number),
            count: batch.count,
            total: rupees(batch.total),
          })}
        </Message>
      ) : (
        <Message variant="secondary">{t('settlements.prepare.nothing')}</Message>
      )}
      {skipped.length > 0 ? (
        <div className="mb-3">
          <h3 className="h6" id={`${id}-skipped`}>
            {t('settlements.prepare.notInBatch')}
          </h3>
          <ul className="small mb-0" aria-labelledby={`${id}-skipped`}>
            {skipped.map((s) => (
              <li key={s.sellerId}>
                <Link to={`/admin/sellers/${encodeURIComponent(s.sellerId)}/ledger`}>{s.sellerName}</Link>:{' '}
                {rupees(s.amount)} · {reasons[s.reason]}
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
  const t = useT();
  const id = useUniqueId();
  const rails = railLabels(t);
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
        {t('settlements.prepare.heading')}
      </h2>
      <p className="small text-body-secondary">{t('settlements.prepare.intro')}</p>
      <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-h`}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">{t('settlements.prepare.payThrough')}</legend>
          {RAILS.map((r) => (
            <Form.Check
              key={r}
              type="radio"
              inline
              id={`${id}-${r}`}
              name={`${id}-rail`}
              label={rails[r]}
              checked={rail === r}
              onChange={() => setRail(r)}
            />
          ))}
        </fieldset>
        <Button type="submit" disabled={prepare.isPending} aria-busy={prepare.isPending || undefined}>
          {t('settlements.prepare.submit')}
        </Button>
      </Form>
      <div className="mt-3">
        <ErrorAlert error={prepare.error} />
        {prepare.data ? <Outcome result={prepare.data} /> : null}
      </div>
    </section>
  );
}
