import { useSearchParams } from 'react-router';
import Form from 'react-bootstrap/Form';
import { RETURN_STATES, type ReturnState } from '#shared/fulfilment.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useReturns, type ReturnScope } from '../api/returns.ts';
import { returnStateLabel } from '../lib/labels.ts';
import { ReturnCard } from '../components/return-card.tsx';
import { PageHead } from '#web/components/page-head.tsx';

const isState = (s: string | null): s is ReturnState =>
  !!s && (RETURN_STATES as readonly string[]).includes(s);

/**
 * The Returns page (docs/decisions/0112-returns-and-exchanges.md): a seller's requests to handle
 * (/seller/returns), or every seller's for Admin (/admin/returns); newest first, by state, with the photos
 * and video, and Approve, Reject with a reason, Mark picked up and Mark received where they apply.
 */
function ReturnsPage({ scope, base }: { scope: ReturnScope; base: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const state = isState(params.get('state')) ? (params.get('state') as ReturnState) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useReturns(scope, { ...(state ? { state } : {}), pageNumber: page });

  const noneIn = (s: ReturnState) =>
    ({
      requested: t('returns.page.noneIn.requested'),
      approved: t('returns.page.noneIn.approved'),
      rejected: t('returns.page.noneIn.rejected'),
      picked_up: t('returns.page.noneIn.picked_up'),
      received: t('returns.page.noneIn.received'),
      refunded: t('returns.page.noneIn.refunded'),
      exchanged: t('returns.page.noneIn.exchanged'),
      cancelled: t('returns.page.noneIn.cancelled'),
    })[s];

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    return `${base}?${next.toString()}`;
  };

  return (
    <>
      <PageHead title={t('returns.page.headTitle')} />
      <h1 className="h3 mb-3">{t('returns.page.heading')}</h1>
      <Form.Group controlId="returns-state" className="mb-3" style={{ maxWidth: 320 }}>
        <Form.Label>{t('returns.page.show')}</Form.Label>
        <Form.Select
          value={state ?? ''}
          onChange={(e) => {
            const next = new URLSearchParams();
            if (e.target.value) next.set('state', e.target.value);
            setParams(next);
          }}
        >
          <option value="">{t('returns.page.all')}</option>
          {RETURN_STATES.map((s) => (
            <option key={s} value={s}>
              {returnStateLabel(t, s)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {list.isPending ? (
        <Loader label={t('returns.page.loading')} />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.returns.length === 0 ? (
        <Message>{state ? noneIn(state) : t('returns.page.empty')}</Message>
      ) : (
        <>
          {list.data.returns.map((r) => (
            <ReturnCard key={r._id} request={r} showSeller={scope === 'all'} />
          ))}
          <Pagination
            page={list.data.page}
            pages={list.data.pages}
            hrefFor={hrefFor}
            label={t('returns.page.pages')}
          />
        </>
      )}
    </>
  );
}

/** /seller/returns: the signed-in seller's own requests. */
export function SellerReturnsPage() {
  return <ReturnsPage scope="seller" base="/seller/returns" />;
}

/** /admin/returns: every seller's requests (Admin). */
export function AdminReturnsPage() {
  return <ReturnsPage scope="all" base="/admin/returns" />;
}
