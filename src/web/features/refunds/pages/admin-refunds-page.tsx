import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { REFUND_STATES, type RefundState } from '#shared/fulfilment.ts';
import type { Refund, RefundListQuery } from '#shared/schemas/fulfilment.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useRefunds } from '../api/refunds.ts';
import { RecordTransferDialog } from '../components/record-transfer-dialog.tsx';
import { RefundFilters, type RefundFilterValues } from '../components/refund-filters.tsx';
import {
  REFUND_METHOD_LABELS,
  REFUND_STATE_BADGES,
  canRecordTransfer,
  formatDate,
  isOverdue,
  refundMethodLabel,
  refundStateLabel,
} from '../lib/format.ts';
import { PageHead } from '#web/components/page-head.tsx';

const METHODS = Object.keys(REFUND_METHOD_LABELS) as Refund['method'][];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the URL holds them; anything malformed is dropped rather than sent. */
function queryOf(params: URLSearchParams): RefundListQuery {
  const state = params.get('state');
  const method = params.get('method');
  const from = params.get('from');
  const to = params.get('to');
  const order = params.get('order')?.trim().slice(0, 40);
  return {
    pageNumber: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    state: REFUND_STATES.includes(state as RefundState) ? (state as RefundState) : undefined,
    method: METHODS.includes(method as Refund['method']) ? (method as Refund['method']) : undefined,
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
    order: order || undefined,
  };
}

function searchOf(values: RefundFilterValues, page = 1): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, String(v));
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '?';
}

/**
 * /admin/refunds (docs/decisions/0111-refunds.md): every refund with its state in words, how it goes back
 * and by when it is due; a cash on delivery refund (or an online one its provider failed) is paid by bank
 * transfer or UPI and recorded here with its reference. On a phone each refund is a card.
 */
export function AdminRefundsPage() {
  const t = useT();
  const locale = t.language.intl;
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const { pageNumber: _page, ...filters } = query;
  const list = useRefunds(query);
  const [recording, setRecording] = useState<Refund | null>(null);

  return (
    <section>
      <PageHead title={t('refunds.admin.headTitle')} />
      <h1 className="h3 mb-2">{t('refunds.admin.heading')}</h1>
      <p className="small text-body-secondary">{t('refunds.admin.intro')}</p>
      <p className="small text-body-secondary">{t('refunds.admin.failedHelp')}</p>
      <RefundFilters values={filters} onApply={(v) => setParams(new URLSearchParams(searchOf(v)))} />
      {list.isPending ? (
        <Loader label={t('refunds.admin.loading')} />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.refunds.length === 0 ? (
        <Message variant="secondary">{t('refunds.admin.empty')}</Message>
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <ul className="list-unstyled d-md-none" aria-label={t('refunds.list.label')}>
            {list.data.refunds.map((r) => (
              <li key={r._id} className="card mb-2">
                <div className="card-body p-3">
                  <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
                    <Link to={`/order/${r.orderId}`} className="fw-semibold">
                      {r.orderNumber}
                    </Link>
                    <span className={`badge ${REFUND_STATE_BADGES[r.state]}`}>
                      {refundStateLabel(r.state, t)}
                    </span>
                  </div>
                  <div className="fs-5">
                    <Money amount={r.amount} currency={r.currency} />{' '}
                    <span className="small text-body-secondary">{refundMethodLabel(t, r.method)}</span>
                  </div>
                  <div className="small">{r.reason}</div>
                  <div className="small text-body-secondary text-break">
                    {r.buyer.name} · {r.buyer.email}
                  </div>
                  <div className="small">
                    {t('refunds.admin.askedOn', { date: formatDate(r.createdAt, locale) })} ·{' '}
                    {r.state === 'processed' ? (
                      t('refunds.admin.paid', { date: formatDate(r.processedAt, locale) })
                    ) : (
                      <>
                        {t('refunds.list.dueBy', { date: formatDate(r.dueBy, locale) })}
                        {isOverdue(r) ? (
                          <span className="badge text-bg-danger ms-1">{t('refunds.admin.overdue')}</span>
                        ) : null}
                      </>
                    )}
                  </div>
                  {r.reference || r.providerRefundId ? (
                    <div className="small text-break">
                      {t('refunds.list.reference', { reference: r.reference ?? r.providerRefundId })}
                    </div>
                  ) : null}
                  {canRecordTransfer(r) ? (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="mt-2"
                      onClick={() => setRecording(r)}
                      aria-label={t('refunds.record.titleFor', { number: r.orderNumber })}
                    >
                      {t('refunds.record.submit')}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <div className="table-responsive position-relative mb-3 d-none d-md-block">
            <Table striped hover size="sm" className="align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('refunds.table.order')}</th>
                  <th scope="col">{t('refunds.table.buyer')}</th>
                  <th scope="col" className="text-end">
                    {t('refunds.table.amount')}
                  </th>
                  <th scope="col">{t('refunds.table.method')}</th>
                  <th scope="col">{t('refunds.table.state')}</th>
                  <th scope="col">{t('refunds.table.askedOn')}</th>
                  <th scope="col">{t('refunds.table.dueBy')}</th>
                  <th scope="col">{t('refunds.table.reference')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('refunds.table.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.refunds.map((r) => (
                  <tr key={r._id}>
                    <td className="text-nowrap">
                      <Link to={`/order/${r.orderId}`}>{r.orderNumber}</Link>
                      <div className="small text-body-secondary">{r.reason}</div>
                    </td>
                    <td>
                      {r.buyer.name}
                      <div className="small text-body-secondary">{r.buyer.email}</div>
                    </td>
                    <td className="text-end text-nowrap">
                      <Money amount={r.amount} currency={r.currency} />
                      {r.currency !== 'INR' ? (
                        <div className="small text-body-secondary">
                          <Money amount={r.amountInr} currency="INR" />
                        </div>
                      ) : null}
                    </td>
                    <td className="text-nowrap">{refundMethodLabel(t, r.method)}</td>
                    <td>
                      <span className={`badge ${REFUND_STATE_BADGES[r.state]}`}>
                        {refundStateLabel(r.state, t)}
                      </span>
                    </td>
                    <td className="text-nowrap">{formatDate(r.createdAt, locale)}</td>
                    <td className="text-nowrap">
                      {r.state === 'processed' ? (
                        <span className="text-body-secondary">
                          {t('refunds.admin.paid', { date: formatDate(r.processedAt, locale) })}
                        </span>
                      ) : (
                        <>
                          {formatDate(r.dueBy, locale)}
                          {isOverdue(r) ? (
                            <span className="badge text-bg-danger ms-1">{t('refunds.admin.overdue')}</span>
                          ) : null}
                        </>
                      )}
                    </td>
                    <td className="small text-break">{r.reference ?? r.providerRefundId ?? ''}</td>
                    <td className="text-nowrap">
                      {canRecordTransfer(r) ? (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          onClick={() => setRecording(r)}
                          aria-label={t('refunds.record.titleFor', { number: r.orderNumber })}
                        >
                          {t('refunds.record.submit')}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Pagination
            page={list.data.page}
            pages={list.data.pages}
            hrefFor={(n) => searchOf(filters, n)}
            label={t('refunds.admin.pages')}
          />
        </div>
      )}
      {recording ? <RecordTransferDialog refund={recording} onClose={() => setRecording(null)} /> : null}
    </section>
  );
}
