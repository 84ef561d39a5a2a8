import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import type { PayoutWire } from '#shared/schemas/settlements.ts';
import { payoutStatementUrl } from '../api/ledger.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { formatIndiaDate, PAYOUT_STATE_BADGES, payoutStateLabels, rupees } from '../lib/labels.ts';

function StatementLinks({ p }: { p: PayoutWire }) {
  const t = useT();
  const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;
  return (
    <div className="d-flex flex-wrap gap-2">
      <a className="btn btn-outline-primary btn-sm" href={payoutStatementUrl(p._id, 'csv')} download>
        {t.rich('settlements.payouts.statementCsv', { batch: String(p.batchNumber), hidden })}
      </a>
      <a className="btn btn-outline-primary btn-sm" href={payoutStatementUrl(p._id, 'pdf')} download>
        {t.rich('settlements.payouts.statementPdf', { batch: String(p.batchNumber), hidden })}
      </a>
    </div>
  );
}

function State({ p }: { p: PayoutWire }) {
  const t = useT();
  return (
    <>
      <span className={`badge ${PAYOUT_STATE_BADGES[p.state]}`}>{payoutStateLabels(t)[p.state]}</span>
      {p.failureReason ? <div className="small text-body-secondary">{p.failureReason}</div> : null}
    </>
  );
}

/** The day a payout reached the account, else the day it was prepared. */
const payoutDate = (t: Translate, p: PayoutWire) =>
  formatIndiaDate(p.processedAt ?? p.createdAt, t.language.intl);

/**
 * A seller's payouts, newest first: batch number, date, amount, state in words, where the money went
 * (masked), the bank's UTR, and each payout's statement as CSV and PDF. Cards on a phone.
 */
export function PayoutsList({ payouts, label: given }: { payouts: PayoutWire[]; label?: string }) {
  const t = useT();
  const label = given ?? t('settlements.payouts.label');
  return (
    <>
      <ul className="list-unstyled d-md-none" aria-label={label}>
        {payouts.map((p) => (
          <li key={p._id} className="card mb-2">
            <div className="card-body p-3">
              <div className="d-flex justify-content-between align-items-baseline gap-2">
                <span className="fw-semibold">
                  {t('settlements.payouts.batchNumber', { batch: String(p.batchNumber) })}
                </span>
                <span className="fw-semibold">{rupees(p.amount)}</span>
              </div>
              <div className="small text-body-secondary">{payoutDate(t, p)}</div>
              <div className="my-1">
                <State p={p} />
              </div>
              <div className="small text-break">
                {t('settlements.payouts.to', { destination: p.destination })}
              </div>
              {p.utr ? (
                <div className="small">{t('settlements.payouts.utrValue', { utr: p.utr })}</div>
              ) : null}
              <div className="mt-2">
                <StatementLinks p={p} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="table-responsive d-none d-md-block mb-3">
        <Table striped size="sm" className="align-middle mb-0" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">{t('settlements.payouts.batch')}</th>
              <th scope="col">{t('settlements.payouts.date')}</th>
              <th scope="col" className="text-end">
                {t('settlements.payouts.amount')}
              </th>
              <th scope="col">{t('settlements.payouts.state')}</th>
              <th scope="col">{t('settlements.payouts.paidTo')}</th>
              <th scope="col">{t('settlements.payouts.utr')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('settlements.payouts.statements')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((p) => (
              <tr key={p._id}>
                <td>{p.batchNumber}</td>
                <td className="text-nowrap">{payoutDate(t, p)}</td>
                <td className="text-end text-nowrap fw-semibold">{rupees(p.amount)}</td>
                <td>
                  <State p={p} />
                </td>
                <td className="small">{p.destination}</td>
                <td className="small text-nowrap">
                  {p.utr ?? <span className="text-body-secondary">—</span>}
                </td>
                <td>
                  <StatementLinks p={p} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
