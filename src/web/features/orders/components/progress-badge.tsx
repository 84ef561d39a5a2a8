import type { OrderProgressState } from '#shared/order-progress.ts';
import type { OrderListRow } from '#shared/schemas/order.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';

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

/** The words of each state, in the page's language (English: ORDER_PROGRESS_LABELS). */
function stateLabels(t: Translate): Record<OrderProgressState, string> {
  return {
    awaiting_payment: t('orders.progress.awaiting_payment'),
    placed: t('orders.progress.placed'),
    preparing: t('orders.progress.preparing'),
    partly_shipped: t('orders.progress.partly_shipped'),
    shipped: t('orders.progress.shipped'),
    partly_delivered: t('orders.progress.partly_delivered'),
    delivered: t('orders.progress.delivered'),
    cancelled: t('orders.progress.cancelled'),
    returned_to_seller: t('orders.progress.returned_to_seller'),
    return_in_progress: t('orders.progress.return_in_progress'),
    exchange_in_progress: t('orders.progress.exchange_in_progress'),
    refund_in_progress: t('orders.progress.refund_in_progress'),
  };
}

/**
 * The note's parts (src/shared/order-progress.ts joins them with ' · '), in the page's language; a part
 * this list does not know stays as it came.
 */
function noteText(t: Translate, note: string): string {
  const parts: Record<string, string> = {
    'Partly cancelled': t('orders.progress.note.partlyCancelled'),
    'Part returned to seller': t('orders.progress.note.partReturned'),
    Exchanged: t('orders.progress.note.exchanged'),
    'Refund in progress': t('orders.progress.note.refundInProgress'),
    Refunded: t('orders.progress.note.refunded'),
  };
  return note
    .split(' · ')
    .map((part) => parts[part] ?? part)
    .join(' · ');
}

/** Where an order stands in words (src/shared/order-progress.ts), with its note beside it. */
export function ProgressBadge({ progress }: { progress: OrderListRow['progress'] }) {
  const t = useT();
  return (
    <span>
      <span className={`badge ${TONE[progress.state]}`}>
        {stateLabels(t)[progress.state] ?? progress.label}
      </span>
      {progress.note ? (
        <span className="small text-body-secondary ms-1">{noteText(t, progress.note)}</span>
      ) : null}
    </span>
  );
}
