import type { OrderProgressState } from '#shared/order-progress.ts';
import type { OrderListRow } from '#shared/schemas/order.ts';

const TONE: Record<OrderProgressState, string> = {
  awaiting_payment: 'text-bg-warning',
  placed: 'text-bg-light border',
  preparing: 'text-bg-primary',
  partly_shipped: 'text-bg-info',
  shipped: 'text-bg-info',
  partly_delivered: 'text-bg-info',
  delivered: 'text-bg-success',
  cancelled: 'text-bg-secondary',
  returned_to_seller: 'text-bg-secondary',
  return_in_progress: 'text-bg-warning',
  exchange_in_progress: 'text-bg-warning',
  refund_in_progress: 'text-bg-warning',
};

/** Where an order stands in words (src/shared/order-progress.ts), with its note beside it. */
export function ProgressBadge({ progress }: { progress: OrderListRow['progress'] }) {
  return (
    <span>
      <span className={`badge ${TONE[progress.state]}`}>{progress.label}</span>
      {progress.note ? <span className="small text-body-secondary ms-1">{progress.note}</span> : null}
    </span>
  );
}
