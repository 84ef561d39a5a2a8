import type { ReturnState } from '#shared/fulfilment.ts';
import { variantUrl } from '#shared/images.ts';
import { isVideoUrl, type ReturnRequest } from '#shared/schemas/fulfilment.ts';
import { NO_SIZE } from '#shared/schemas/product-form.ts';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { returnReasonText, returnStateLabel, useMoveReturn } from '#web/features/returns/index.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
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
function mediaSent(t: Translate, media: readonly string[]): string {
  if (media.some(isVideoUrl)) return t('orders.returns.videoSent');
  return t('orders.returns.photosSent', { count: media.length });
}

/** "Exchange 1 item for size L", "Return 2 items". */
function whatAsked(t: Translate, r: ReturnRequest): string {
  if (r.kind !== 'exchange') return t('orders.returns.return', { count: r.qty });
  return r.exchangeVariant && r.exchangeVariant.size !== NO_SIZE
    ? t('orders.returns.exchangeForSize', { count: r.qty, size: r.exchangeVariant.size })
    : t('orders.returns.exchange', { count: r.qty });
}

/** The order's return and exchange requests with where each stands (docs/decisions/0114-buyer-order-page.md). */
export function ReturnList({ returns }: { returns: readonly ReturnRequest[] }) {
  const t = useT();
  const locale = t.language.intl;
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
              <span className={`badge ${BADGE[r.state]}`}>{returnStateLabel(t, r.state)}</span>
            </div>
            <VariantLine size={r.size} colour={r.colour} />
            <div className="small">
              {whatAsked(t, r)}
              {' · '}
              {returnReasonText(t, r.reason, r.reasonLabel)}
            </div>
            <div className="small text-body-secondary">
              {t('orders.returns.askedOn', { date: istDay(r.createdAt, locale) })}
              {r.pickupScheduledFor && (r.state === 'approved' || r.state === 'requested')
                ? ` · ${t('orders.returns.pickupOn', { date: formatDay(r.pickupScheduledFor, locale) })}`
                : null}
              {r.receivedAt
                ? ` · ${t('orders.returns.receivedOn', { date: istDay(r.receivedAt, locale) })}`
                : null}
            </div>
            {r.state === 'rejected' && r.rejectReason ? (
              <div className="small text-danger-emphasis">
                {t('orders.returns.why', { reason: r.rejectReason })}
              </div>
            ) : null}
            {r.media.length > 0 ? (
              <div className="small text-body-secondary">{mediaSent(t, r.media)}</div>
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
  const t = useT();
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
        {t('orders.returns.withdraw')}
      </Button>
    </>
  );
}
