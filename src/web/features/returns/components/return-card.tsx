import { lazy, useState, type FormEvent } from 'react';
import { LazyPart } from '#web/components/lazy-part.tsx';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { ReturnState } from '#shared/fulfilment.ts';
import { variantUrl } from '#shared/images.ts';
import { isVideoUrl, RETURN_MSG, type ReturnRequest } from '#shared/schemas/fulfilment.ts';
import { nameWithVariant } from '#shared/variants.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { formatDay } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useMoveReturn, type ReturnMove } from '../api/returns.ts';
import { returnReasonText, returnStateLabel } from '../lib/labels.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const MediaLightbox = lazy(() => import('./media-lightbox.tsx'));

/** The day a request was made, in India's calendar whatever the browser's zone, in the page's locale. */
const askedOn = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));

const BADGE: Record<ReturnState, string> = {
  requested: 'warning',
  approved: 'primary',
  rejected: 'danger',
  picked_up: 'info',
  received: 'info',
  refunded: 'success',
  exchanged: 'success',
  cancelled: 'secondary',
};

/** The photos (opening full size) and the video of a request. */
function RequestMedia({ media, title }: { media: readonly string[]; title: string }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const photos = media.filter((u) => !isVideoUrl(u));
  const videos = media.filter(isVideoUrl);
  if (media.length === 0)
    return <p className="small text-body-secondary mb-2">{t('returns.card.noMedia')}</p>;
  return (
    <div className="mb-2">
      {photos.length > 0 ? (
        <ul
          className="list-unstyled d-flex flex-wrap gap-2 mb-2"
          aria-label={t('returns.card.photosOf', { title })}
        >
          {photos.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                className="btn p-0 border-0"
                onClick={() => setOpen(i)}
                aria-label={t('returns.card.openPhoto', { n: i + 1, total: photos.length })}
              >
                <img
                  src={variantUrl(url, 'thumbnail')}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="rounded border object-fit-cover bg-white"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {videos.map((url) => (
        <video
          key={url}
          src={url}
          controls
          preload="metadata"
          playsInline
          className="rounded border bg-black w-100 mb-2"
          style={{ maxWidth: 360, maxHeight: 240 }}
          aria-label={t('returns.card.videoOf', { title })}
        />
      ))}
      {open !== null ? (
        <LazyPart>
          <MediaLightbox
            index={open}
            slides={photos.map((url, i) => ({
              src: url,
              alt: t('returns.card.photoOf', { n: i + 1, title }),
            }))}
            onClose={() => setOpen(null)}
          />
        </LazyPart>
      ) : null}
    </div>
  );
}

/** Reject with a reason: the buyer reads it in the mail. */
function RejectForm({
  pending,
  onReject,
  onCancel,
}: {
  pending: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useUniqueId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) return setError(RETURN_MSG.rejectReason);
    onReject(reason.trim());
  };
  return (
    <Form noValidate onSubmit={submit} className="mt-2" aria-label={t('returns.card.rejectForm')}>
      <Form.Group controlId={`${id}-reason`} className="mb-2">
        <Form.Label>{t('returns.card.whyRejected')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          isInvalid={!!error}
          aria-invalid={error ? true : undefined}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          {t('returns.card.reject')}
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={onCancel} disabled={pending}>
          {t('returns.card.keep')}
        </Button>
      </div>
    </Form>
  );
}

/** One request on the seller's or Admin's Returns page, with the actions the caller has now. */
export function ReturnCard({ request: r, showSeller }: { request: ReturnRequest; showSeller: boolean }) {
  const t = useT();
  const locale = t.language.intl;
  const move = useMoveReturn(r._id);
  const [rejecting, setRejecting] = useState(false);
  const title = nameWithVariant(r.name, { size: r.size, colour: r.colour });
  const run = (m: ReturnMove) => move.mutate(m, { onSuccess: () => setRejecting(false) });
  const can = (a: ReturnRequest['actions'][number]) => r.actions.includes(a);

  return (
    <Card
      as="article"
      className="mb-3"
      aria-label={
        r.kind === 'exchange'
          ? t('returns.card.exchangeOf', { title })
          : t('returns.card.returnOf', { title })
      }
    >
      <Card.Body>
        <div className="d-flex gap-3 align-items-start">
          {r.image ? (
            <img
              src={variantUrl(r.image, 'thumbnail')}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="rounded object-fit-cover bg-body-tertiary flex-shrink-0"
            />
          ) : null}
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <h2 className="h6 mb-1 text-break">
                {r.kind === 'exchange'
                  ? t('returns.card.exchangeHeading', { title, qty: r.qty })
                  : t('returns.card.returnHeading', { title, qty: r.qty })}
              </h2>
              <Badge bg={BADGE[r.state]} className="align-self-start">
                {returnStateLabel(t, r.state)}
              </Badge>
            </div>
            <p className="small mb-1">
              {t.rich(showSeller ? 'returns.card.metaWithSeller' : 'returns.card.meta', {
                number: r.orderNumber,
                buyer: r.buyer.name,
                date: askedOn(r.createdAt, locale),
                seller: r.seller.name,
                link: (chunks) => (
                  <Link to={`/order/${r.orderId}`} className="font-monospace">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
            {r.exchangeVariant ? (
              <p className="small mb-1">
                {t.rich('returns.card.wantsSize', {
                  size: r.exchangeVariant.size,
                  b: (chunks) => <strong>{chunks}</strong>,
                })}
                {r.exchangeVariant.colour ? `, ${r.exchangeVariant.colour}` : ''}
                {r.exchangeVariant.reserved ? ` ${t('returns.card.setAside')}` : ''}
              </p>
            ) : null}
          </div>
        </div>
        <dl className="small row mb-2 mt-2">
          <dt className="col-4 col-sm-3">{t('returns.card.reason')}</dt>
          <dd className="col-8 col-sm-9 mb-1">{returnReasonText(t, r.reason, r.reasonLabel)}</dd>
          {r.comment ? (
            <>
              <dt className="col-4 col-sm-3">{t('returns.card.buyerSays')}</dt>
              <dd className="col-8 col-sm-9 mb-1 text-break">{r.comment}</dd>
            </>
          ) : null}
          {r.pickupScheduledFor && (r.state === 'approved' || r.state === 'picked_up') ? (
            <>
              <dt className="col-4 col-sm-3">{t('returns.card.pickup')}</dt>
              <dd className="col-8 col-sm-9 mb-1">{formatDay(r.pickupScheduledFor, locale)}</dd>
            </>
          ) : null}
          {r.rejectReason ? (
            <>
              <dt className="col-4 col-sm-3">{t('returns.card.rejectedBecause')}</dt>
              <dd className="col-8 col-sm-9 mb-1 text-break">{r.rejectReason}</dd>
            </>
          ) : null}
          {r.refundAccount ? (
            <>
              <dt className="col-4 col-sm-3">{t('returns.card.refundTo')}</dt>
              <dd className="col-8 col-sm-9 mb-1 text-break">
                {r.refundAccount.kind === 'upi'
                  ? t('returns.card.upi', { upi: r.refundAccount.upi })
                  : t('returns.card.bank', {
                      name: r.refundAccount.name,
                      account: r.refundAccount.accountNumber,
                      ifsc: r.refundAccount.ifsc,
                    })}
              </dd>
            </>
          ) : null}
        </dl>
        <RequestMedia media={r.media} title={title} />
        <ErrorAlert error={move.error} />
        {r.actions.some((a) => a !== 'withdraw') && !rejecting ? (
          <div className="d-flex flex-wrap gap-2">
            {can('approve') ? (
              <Button size="sm" onClick={() => run({ move: 'approve' })} disabled={move.isPending}>
                {t('returns.card.approve')}
              </Button>
            ) : null}
            {can('reject') ? (
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => setRejecting(true)}
                disabled={move.isPending}
              >
                {t('returns.card.rejectOpen')}
              </Button>
            ) : null}
            {can('picked_up') ? (
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => run({ move: 'picked-up' })}
                disabled={move.isPending}
              >
                {t('returns.card.markPickedUp')}
              </Button>
            ) : null}
            {can('receive') ? (
              <Button
                size="sm"
                variant="success"
                onClick={() => run({ move: 'receive' })}
                disabled={move.isPending}
              >
                {t('returns.card.markReceived')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {rejecting ? (
          <RejectForm
            pending={move.isPending}
            onReject={(reason) => run({ move: 'reject', body: { reason } })}
            onCancel={() => setRejecting(false)}
          />
        ) : null}
      </Card.Body>
    </Card>
  );
}
