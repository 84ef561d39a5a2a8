import { RETURN_STATE_LABELS, type ReturnState } from '#shared/fulfilment.ts';
import { variantUrl } from '#shared/images.ts';
import { isVideoUrl, type ReturnRequest } from '#shared/schemas/fulfilment.ts';
import { NO_SIZE } from '#shared/schemas/product-form.ts';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { useMoveReturn } from '#web/features/returns/index.ts';
import { formatDay } from '#web/lib/format.ts';
import { istDay } from '../lib/dates.ts';
import { VariantLine } from './order-item-list.tsx';
import '../orders.css';

const BADGE: Record<ReturnState, string> = {
  requested: 'text-bg-warning',
  approved: 'text-bg-primary',
  rejected: 'text-bg-danger',
  picked_up: 'text-bg-info',
  received: 'text-bg-info',
  refunded: 'text-bg-success',
  exchanged: 'text-bg-success',
  cancelled: 'text-bg-secondary',
};

/** "1 photo sent", "3 photos sent", "A video sent". */
function mediaSent(media: readonly string[]): string {
  if (media.some(isVideoUrl)) return 'A video sent';
  return media.length === 1 ? '1 photo sent' : `${media.length} photos sent`;
}

const units = (n: number) => (n === 1 ? '1 item' : `${n} items`);

/** The order's return and exchange requests with where each stands (docs/decisions/0114-buyer-order-page.md). */
export function ReturnList({ returns }: { returns: readonly ReturnRequest[] }) {
  return (
    <ul className="list-group mb-3">
      {returns.map((r) => (
        <li key={r._id} className="list-group-item d-flex gap-2 align-items-start">
          {r.image ? (
            <img
              src={variantUrl(r.image, 'thumbnail')}
              alt=""
              className="haat-parcel-thumb rounded bg-body-tertiary"
              loading="lazy"
            />
          ) : (
            <div className="haat-parcel-thumb rounded bg-body-tertiary" />
          )}
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <span className="text-break fw-medium">{r.name}</span>
              <span className={`badge ${BADGE[r.state]}`}>{RETURN_STATE_LABELS[r.state]}</span>
            </div>
            <VariantLine size={r.size} colour={r.colour} />
            <div className="small">
              {r.kind === 'exchange'
                ? `Exchange ${units(r.qty)}${
                    r.exchangeVariant && r.exchangeVariant.size !== NO_SIZE
                      ? ` for size ${r.exchangeVariant.size}`
                      : ''
                  }`
                : `Return ${units(r.qty)}`}
              {' · '}
              {r.reasonLabel}
            </div>
            <div className="small text-body-secondary">
              Asked on {istDay(r.createdAt)}
              {r.pickupScheduledFor && (r.state === 'approved' || r.state === 'requested')
                ? ` · Pickup on ${formatDay(r.pickupScheduledFor)}`
                : null}
              {r.receivedAt ? ` · Received by the seller on ${istDay(r.receivedAt)}` : null}
            </div>
            {r.state === 'rejected' && r.rejectReason ? (
              <div className="small text-danger-emphasis">Why: {r.rejectReason}</div>
            ) : null}
            {r.media.length > 0 ? (
              <div className="small text-body-secondary">{mediaSent(r.media)}</div>
            ) : null}
            {r.actions.includes('withdraw') ? <WithdrawButton id={r._id} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The buyer takes back a request nobody has decided on yet (the order's queries then refetch). */
function WithdrawButton({ id }: { id: string }) {
  const move = useMoveReturn(id);
  return (
    <>
      <ErrorAlert error={move.error} className="mt-2 mb-0 py-2" />
      <Button
        variant="outline-secondary"
        size="sm"
        className="mt-2"
        disabled={move.isPending}
        aria-busy={move.isPending}
        onClick={() => move.mutate({ move: 'withdraw' })}
      >
        Withdraw request
      </Button>
    </>
  );
}
