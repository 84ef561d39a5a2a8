import { useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { PayoutBatchWire, PayoutWire } from '#shared/schemas/settlements.ts';
import { formatDate } from '#web/lib/format.ts';
import {
  IN_FLIGHT,
  bankFileUrl,
  useApproveBatch,
  useFailPayout,
  useRecordPayout,
  useRejectBatch,
} from '../api/payouts.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { PAYOUT_STATE_BADGES, payoutStateLabels, rupees } from '../lib/labels.ts';
import { ApproveBatchDialog, ReasonDialog, RecordUtrDialog } from './payout-batch-dialogs.tsx';
import { BATCH_STATE_BADGES, batchStateLabels, railLabels } from './payout-batch-words.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

const ledgerPath = (sellerId: string) => `/admin/sellers/${encodeURIComponent(sellerId)}/ledger`;

/** A payout of an approved batch still on its way: an Admin may mark it failed (its money is owed again). */
const canFail = (batch: PayoutBatchWire, p: PayoutWire) =>
  batch.state === 'approved' && batch.rail === 'bank_file' && p.state === 'processing';

/** A bank-file payout of an approved batch the bank has not confirmed yet: its UTR can be recorded. */
const canRecordUtr = (batch: PayoutBatchWire, p: PayoutWire) =>
  batch.state === 'approved' && batch.rail === 'bank_file' && IN_FLIGHT.includes(p.state);

function StateBadge({ state }: { state: PayoutWire['state'] }) {
  const t = useT();
  return <span className={`badge ${PAYOUT_STATE_BADGES[state]}`}>{payoutStateLabels(t)[state]}</span>;
}

/** The provider's payout id, the UTR and why it failed, whichever there are. */
function References({ p }: { p: PayoutWire }) {
  const t = useT();
  return (
    <>
      {p.providerPayoutId ? (
        <div className="text-break">
          <span className="text-body-secondary">{t('settlements.batch.payoutId')}</span>{' '}
          <span className="font-monospace">{p.providerPayoutId}</span>
        </div>
      ) : null}
      {p.utr ? (
        <div className="text-break">
          <span className="text-body-secondary">{t('settlements.utr.label')}</span>{' '}
          <span className="font-monospace">{p.utr}</span>
        </div>
      ) : null}
      {p.failureReason ? <div className="text-danger-emphasis">{p.failureReason}</div> : null}
    </>
  );
}

/**
 * One payout batch: its number, date, rail, state, count, total and how many are paid; it opens to its
 * payouts (a table on wide screens, a card each on a phone). A draft batch can be approved (a dialog
 * states the total first) or rejected with a reason; an approved bank-file batch offers its file and a
 * 'Record UTR' per payout; a payout still on its way can be marked failed with a reason.
 */
export function PayoutBatchCard({
  batch,
  initiallyOpen,
}: {
  batch: PayoutBatchWire;
  initiallyOpen: boolean;
}) {
  const t = useT();
  const locale = t.language.intl;
  const id = useUniqueId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState(initiallyOpen);
  const [dialog, setDialog] = useState<'approve' | 'reject' | PayoutWire | null>(null);
  const approve = useApproveBatch();
  const reject = useRejectBatch();
  const record = useRecordPayout();
  const fail = useFailPayout();
  const [failing, setFailing] = useState<PayoutWire | null>(null);
  const close = () => {
    setDialog(null);
    setFailing(null);
    approve.reset();
    reject.reset();
    record.reset();
    fail.reset();
  };
  const number = String(batch.number);

  return (
    <li className="card mb-3" aria-labelledby={`${id}-h`}>
      <div className="card-body p-3">
        <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
          <h3 id={`${id}-h`} ref={heading} tabIndex={-1} className="h5 mb-0">
            {t('settlements.payouts.batchNumber', { batch: number })}
          </h3>
          <span className={`badge ${BATCH_STATE_BADGES[batch.state]}`}>
            {batchStateLabels(t)[batch.state]}
          </span>
        </div>
        <dl className="d-flex flex-wrap column-gap-3 row-gap-1 small mb-2">
          <div>
            <dt className="d-inline fw-normal text-body-secondary me-1">
              {t('settlements.batch.preparedOn')}
            </dt>
            <dd className="d-inline mb-0">{formatDate(batch.createdAt, locale)}</dd>
          </div>
          <div>
            <dt className="d-inline fw-normal text-body-secondary me-1">{t('settlements.batch.rail')}</dt>
            <dd className="d-inline mb-0">{railLabels(t)[batch.rail]}</dd>
          </div>
          <div>
            <dt className="d-inline fw-normal text-body-secondary me-1">{t('settlements.batch.payouts')}</dt>
            <dd className="d-inline mb-0">{batch.count}</dd>
          </div>
          <div>
            <dt className="d-inline fw-normal text-body-secondary me-1">{t('settlements.batch.total')}</dt>
            <dd className="d-inline mb-0 fw-semibold">{rupees(batch.total)}</dd>
          </div>
          <div>
            <dt className="d-inline fw-normal text-body-secondary me-1">{t('settlements.batch.paid')}</dt>
            <dd className="d-inline mb-0">
              {t('settlements.batch.processedOf', {
                processed: String(batch.processed),
                count: String(batch.count),
              })}
            </dd>
          </div>
          {batch.decidedAt ? (
            <div>
              <dt className="d-inline fw-normal text-body-secondary me-1">
                {batch.state === 'rejected'
                  ? t('settlements.batch.rejectedOn')
                  : t('settlements.batch.approvedOn')}
              </dt>
              <dd className="d-inline mb-0">{formatDate(batch.decidedAt, locale)}</dd>
            </div>
          ) : null}
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline-secondary"
            aria-expanded={open}
            aria-controls={`${id}-payouts`}
            onClick={() => setOpen((o) => !o)}
          >
            {open
              ? t.rich('settlements.batch.hidePayouts', { number, hidden })
              : t.rich('settlements.batch.showPayouts', { number, hidden })}
          </Button>
          {batch.state === 'draft' ? (
            <>
              <Button size="sm" onClick={() => setDialog('approve')}>
                {t.rich('settlements.batch.approveAndPay', { number, hidden })}
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => setDialog('reject')}>
                {t.rich('settlements.batch.reject', { number, hidden })}
              </Button>
            </>
          ) : null}
          {batch.state === 'approved' && batch.rail === 'bank_file' ? (
            <a className="btn btn-sm btn-outline-primary" href={bankFileUrl(batch._id)} download>
              {t.rich('settlements.batch.downloadBankFile', { number, hidden })}
            </a>
          ) : null}
        </div>

        <div id={`${id}-payouts`} hidden={!open} className="mt-3">
          {batch.payouts.length === 0 ? (
            <p className="small text-body-secondary mb-0">{t('settlements.batch.noPayouts')}</p>
          ) : (
            <>
              <ul
                className="list-unstyled d-md-none mb-0"
                aria-label={t('settlements.batch.payoutsOf', { number })}
              >
                {batch.payouts.map((p) => (
                  <li key={p._id} className="border rounded p-2 mb-2 small">
                    <div className="d-flex flex-wrap justify-content-between gap-2">
                      <Link to={ledgerPath(p.sellerId)} className="fw-semibold">
                        {p.sellerName}
                      </Link>
                      <StateBadge state={p.state} />
                    </div>
                    <div className="fs-6 fw-semibold">{rupees(p.amount)}</div>
                    <div className="text-break text-body-secondary">{p.destination}</div>
                    <References p={p} />
                    <div className="d-flex flex-wrap gap-2">
                      {canRecordUtr(batch, p) ? (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          className="mt-2"
                          onClick={() => setDialog(p)}
                        >
                          {t.rich('settlements.batch.recordUtrFor', { seller: p.sellerName, hidden })}
                        </Button>
                      ) : null}
                      {canFail(batch, p) ? (
                        <Button
                          size="sm"
                          variant="outline-danger"
                          className="mt-2"
                          onClick={() => setFailing(p)}
                        >
                          {t.rich('settlements.batch.markFailedFor', { seller: p.sellerName, hidden })}
                        </Button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
              <div className="table-responsive d-none d-md-block">
                <Table size="sm" striped className="align-middle mb-0" style={{ tableLayout: 'fixed' }}>
                  <caption className="visually-hidden">
                    {t('settlements.batch.payoutsOf', { number })}
                  </caption>
                  {/* The same columns in every batch, so batches read as one list. */}
                  <colgroup>
                    <col style={{ width: '22%' }} />
                    <col style={{ width: '12%' }} />
                    <col style={{ width: '26%' }} />
                    <col style={{ width: '12%' }} />
                    <col style={{ width: '18%' }} />
                    <col style={{ width: '10%' }} />
                  </colgroup>
                  <thead>
                    <tr>
                      <th scope="col">{t('settlements.batch.seller')}</th>
                      <th scope="col" className="text-end">
                        {t('settlements.payouts.amount')}
                      </th>
                      <th scope="col" className="ps-3">
                        {t('settlements.batch.to')}
                      </th>
                      <th scope="col">{t('settlements.payouts.state')}</th>
                      <th scope="col">{t('settlements.batch.references')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('settlements.batch.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {batch.payouts.map((p) => (
                      <tr key={p._id}>
                        <td>
                          <Link to={ledgerPath(p.sellerId)}>{p.sellerName}</Link>
                        </td>
                        <td className="text-end text-nowrap">{rupees(p.amount)}</td>
                        <td className="small text-break ps-3">{p.destination}</td>
                        <td>
                          <StateBadge state={p.state} />
                        </td>
                        <td className="small">
                          <References p={p} />
                        </td>
                        <td className="text-end">
                          <div className="d-flex flex-wrap justify-content-end gap-1">
                            {canRecordUtr(batch, p) ? (
                              <Button size="sm" variant="outline-primary" onClick={() => setDialog(p)}>
                                {t.rich('settlements.batch.recordUtrFor', { seller: p.sellerName, hidden })}
                              </Button>
                            ) : null}
                            {canFail(batch, p) ? (
                              <Button size="sm" variant="outline-danger" onClick={() => setFailing(p)}>
                                {t.rich('settlements.batch.markFailedFor', { seller: p.sellerName, hidden })}
                              </Button>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            </>
          )}
        </div>
      </div>

      {failing ? (
        <ReasonDialog
          title={t('settlements.batch.failTitle', { seller: failing.sellerName })}
          intro={t('settlements.batch.failIntro', { amount: rupees(failing.amount) })}
          confirmLabel={t('settlements.batch.markFailed')}
          pending={fail.isPending}
          error={fail.error}
          fallbackFocus={heading}
          onClose={close}
          onConfirm={(reason) => fail.mutate({ id: failing._id, reason }, { onSuccess: close })}
        />
      ) : dialog === 'approve' ? (
        <ApproveBatchDialog
          batch={batch}
          pending={approve.isPending}
          error={approve.error}
          fallbackFocus={heading}
          onClose={close}
          onApprove={() =>
            approve.mutate(batch._id, {
              onSuccess: () => {
                setOpen(true);
                close();
              },
            })
          }
        />
      ) : dialog === 'reject' ? (
        <ReasonDialog
          title={t('settlements.batch.rejectTitle', { number })}
          intro={t('settlements.batch.rejectIntro')}
          confirmLabel={t('settlements.batch.rejectConfirm')}
          pending={reject.isPending}
          error={reject.error}
          fallbackFocus={heading}
          onClose={close}
          onConfirm={(reason) => reject.mutate({ id: batch._id, reason }, { onSuccess: close })}
        />
      ) : dialog ? (
        <RecordUtrDialog
          payout={dialog}
          pending={record.isPending}
          error={record.error}
          fallbackFocus={heading}
          onClose={close}
          onRecord={(utr) => record.mutate({ id: dialog._id, utr }, { onSuccess: close })}
        />
      ) : null}
    </li>
  );
}
