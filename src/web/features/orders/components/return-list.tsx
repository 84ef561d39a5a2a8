import { RETURN_STATE_LABELS, type ReturnState } from '#shared/fulfilment.ts';
import { variantUrl } from '#shared/images.ts';
import type { ReturnRequest } from '#shared/schemas/fulfilment.ts';
import { NO_SIZE } from '#shared/schemas/product-form.ts';
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
              <div className="small text-body-secondary">
                {r.media.length === 1 ? '1 photo or video sent' : `${r.media.length} photos sent`}
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
