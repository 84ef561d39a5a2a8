import { REFUND_STATE_LABELS, type RefundState } from '#shared/fulfilment.ts';
import type { Refund } from '#shared/schemas/fulfilment.ts';
import { Money } from '#web/components/price.tsx';
import { istDay } from '../lib/dates.ts';

const BADGE: Record<RefundState, string> = {
  pending: 'text-bg-warning',
  processing: 'text-bg-info',
  processed: 'text-bg-success',
  failed: 'text-bg-danger',
};

const HOW: Record<Refund['method'], string> = {
  RazorPay: 'to the way you paid with RazorPay',
  PayPal: 'to your PayPal account',
  CashOnDelivery: 'by bank transfer or UPI',
};

/** The order's refunds: amount, state, and when (docs/decisions/0114-buyer-order-page.md). */
export function RefundList({ refunds }: { refunds: readonly Refund[] }) {
  return (
    <ul className="list-group mb-3">
      {refunds.map((r) => (
        <li key={r._id} className="list-group-item">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <span className="fw-semibold">
              Refund of <Money amount={r.amount} currency={r.currency} />
            </span>
            <span className={`badge ${BADGE[r.state]}`}>{REFUND_STATE_LABELS[r.state]}</span>
          </div>
          <div className="small">{r.reason}</div>
          <div className="small text-body-secondary">
            {r.state === 'processed' && r.processedAt
              ? `Refunded ${HOW[r.method]} on ${istDay(r.processedAt)}`
              : `Goes back ${HOW[r.method]} by ${istDay(r.dueBy)}`}
            {r.reference ? ` · Reference ${r.reference}` : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
