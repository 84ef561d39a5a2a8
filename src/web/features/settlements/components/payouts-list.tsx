import Table from 'react-bootstrap/Table';
import type { PayoutWire } from '#shared/schemas/settlements.ts';
import { payoutStatementUrl } from '../api/ledger.ts';
import { formatIndiaDate, PAYOUT_STATE_BADGES, PAYOUT_STATE_LABELS, rupees } from '../lib/labels.ts';

function StatementLinks({ p }: { p: PayoutWire }) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <a className="btn btn-outline-primary btn-sm" href={payoutStatementUrl(p._id, 'csv')} download>
        Statement (CSV)<span className="visually-hidden"> of payout {p.batchNumber}</span>
      </a>
      <a className="btn btn-outline-primary btn-sm" href={payoutStatementUrl(p._id, 'pdf')} download>
        Statement (PDF)<span className="visually-hidden"> of payout {p.batchNumber}</span>
      </a>
    </div>
  );
}

function State({ p }: { p: PayoutWire }) {
  return (
    <>
      <span className={`badge ${PAYOUT_STATE_BADGES[p.state]}`}>{PAYOUT_STATE_LABELS[p.state]}</span>
      {p.failureReason ? <div className="small text-body-secondary">{p.failureReason}</div> : null}
    </>
  );
}

/** The day a payout reached the account, else the day it was prepared. */
const payoutDate = (p: PayoutWire) => formatIndiaDate(p.processedAt ?? p.createdAt);

/**
 * A seller's payouts, newest first: batch number, date, amount, state in words, where the money went
 * (masked), the bank's UTR, and each payout's statement as CSV and PDF. Cards on a phone.
 */
export function PayoutsList({ payouts, label = 'Payouts' }: { payouts: PayoutWire[]; label?: string }) {
  return (
    <>
      <ul className="list-unstyled d-md-none" aria-label={label}>
        {payouts.map((p) => (
          <li key={p._id} className="card mb-2">
            <div className="card-body p-3">
              <div className="d-flex justify-content-between align-items-baseline gap-2">
                <span className="fw-semibold">Batch {p.batchNumber}</span>
                <span className="fw-semibold">{rupees(p.amount)}</span>
              </div>
              <div className="small text-body-secondary">{payoutDate(p)}</div>
              <div className="my-1">
                <State p={p} />
              </div>
              <div className="small text-break">To {p.destination}</div>
              {p.utr ? <div className="small">UTR {p.utr}</div> : null}
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
              <th scope="col">Batch</th>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col">State</th>
              <th scope="col">Paid to</th>
              <th scope="col">UTR</th>
              <th scope="col">
                <span className="visually-hidden">Statements</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((p) => (
              <tr key={p._id}>
                <td>{p.batchNumber}</td>
                <td className="text-nowrap">{payoutDate(p)}</td>
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
