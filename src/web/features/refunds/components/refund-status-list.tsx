import type { Refund } from '#shared/schemas/fulfilment.ts';
import { Money } from '#web/components/price.tsx';
import { REFUND_METHOD_LABELS, REFUND_STATE_BADGES, formatDate, refundStateLabel } from '../lib/format.ts';

/**
 * An order's refunds as its buyer (or the operator) reads them: amount, state in words, how it goes back,
 * and when it was paid or is due (docs/decisions/0111-refunds.md).
 */
export function RefundStatusList({ refunds }: { refunds: readonly Refund[] }) {
  if (refunds.length === 0) return null;
  return (
    <ul className="list-group mb-3" aria-label="Refunds">
      {refunds.map((r) => (
        <li key={r._id} className="list-group-item">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <span className="fw-semibold">
              Refund of <Money amount={r.amount} currency={r.currency} />
            </span>
            <span className={`badge ${REFUND_STATE_BADGES[r.state]}`}>{refundStateLabel(r.state)}</span>
          </div>
          <div className="small">{r.reason}</div>
          <div className="small text-body-secondary">
            {REFUND_METHOD_LABELS[r.method]}
            {' · '}
            {r.state === 'processed' && r.processedAt
              ? `Refunded on ${formatDate(r.processedAt)}`
              : `Due by ${formatDate(r.dueBy)}`}
            {r.reference ? ` · Reference ${r.reference}` : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
