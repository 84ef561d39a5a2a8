import { useSearchParams } from 'react-router';
import Form from 'react-bootstrap/Form';
import { RETURN_STATE_LABELS, RETURN_STATES, type ReturnState } from '#shared/fulfilment.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { useReturns, type ReturnScope } from '../api/returns.ts';
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
  const [params, setParams] = useSearchParams();
  const state = isState(params.get('state')) ? (params.get('state') as ReturnState) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useReturns(scope, { ...(state ? { state } : {}), pageNumber: page });

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    return `${base}?${next.toString()}`;
  };

  return (
    <>
      <PageHead title="Returns · Haat" />
      <h1 className="h3 mb-3">Returns and exchanges</h1>
      <Form.Group controlId="returns-state" className="mb-3" style={{ maxWidth: 320 }}>
        <Form.Label>Show</Form.Label>
        <Form.Select
          value={state ?? ''}
          onChange={(e) => {
            const next = new URLSearchParams();
            if (e.target.value) next.set('state', e.target.value);
            setParams(next);
          }}
        >
          <option value="">All requests</option>
          {RETURN_STATES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATE_LABELS[s]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {list.isPending ? (
        <Loader label="Loading return requests…" />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.returns.length === 0 ? (
        <Message>
          {state
            ? `No requests are ${RETURN_STATE_LABELS[state].toLowerCase()}.`
            : 'No return or exchange requests yet.'}
        </Message>
      ) : (
        <>
          {list.data.returns.map((r) => (
            <ReturnCard key={r._id} request={r} showSeller={scope === 'all'} />
          ))}
          <Pagination page={list.data.page} pages={list.data.pages} hrefFor={hrefFor} label="Return pages" />
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
