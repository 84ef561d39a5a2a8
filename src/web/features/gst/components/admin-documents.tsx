import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { gstr8Url, useAllTaxDocuments, useIssueCommissionInvoices } from '../api/gst.ts';
import {
  isKind,
  isMonth,
  kindOptions,
  monthName,
  previousMonth,
  thisMonth,
  type KindFilterValue,
} from '../lib/format.ts';
import { DocumentFilters } from './document-filters.tsx';
import { DocumentList } from './document-list.tsx';
import { Gstr1Downloads } from './gstr1-downloads.tsx';

/** 'Issue commission invoices for <last month>': idempotent, the monthly timer does the same on its own. */
function CommissionInvoices() {
  const t = useT();
  const issue = useIssueCommissionInvoices();
  const lastMonth = previousMonth(thisMonth());
  const lastMonthName = monthName(lastMonth, t.language.intl);
  return (
    <div className="card mb-3">
      <div className="card-body">
        <h3 className="h6 mb-1">{t('gst.commission.heading')}</h3>
        <p className="small text-body-secondary mb-2">{t('gst.commission.intro')}</p>
        <ErrorAlert error={issue.error} />
        {issue.isSuccess ? (
          <Message variant="success">
            {t('gst.commission.issued', { count: issue.data.documents.length, month: lastMonthName })}
          </Message>
        ) : null}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={issue.isPending}
          aria-busy={issue.isPending}
          onClick={() => issue.mutate(lastMonth)}
        >
          {t('gst.commission.issue', { month: lastMonthName })}
        </button>
      </div>
    </div>
  );
}

/**
 * Every seller's documents of a month (Admin), by kind and seller, with the month's GSTR-8 file and the
 * chosen seller's GSTR-1 files. The seller filter offers the sellers that have documents that month.
 */
export function AdminDocuments() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const rawMonth = params.get('month');
  const month = isMonth(rawMonth) ? rawMonth : thisMonth();
  const rawKind = params.get('kind');
  const kind: KindFilterValue = isKind(rawKind) ? rawKind : '';
  const seller = params.get('seller') ?? '';
  const list = useAllTaxDocuments(month, seller, kind);
  const everyone = useAllTaxDocuments(month, '', '');
  const sellers = new Map<string, string>();
  for (const d of everyone.data?.documents ?? []) sellers.set(d.sellerId, d.sellerName);
  const sellerName = sellers.get(seller) ?? list.data?.documents[0]?.sellerName;
  if (seller && sellerName && !sellers.has(seller)) sellers.set(seller, sellerName);
  const sellerOptions = [...sellers].sort((a, b) => a[1].localeCompare(b[1]));

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const kindLabel = kindOptions(t).find((o) => o.value === kind)?.label ?? t('gst.kindFilter.all');
  const name = monthName(month, t.language.intl);

  return (
    <>
      <DocumentFilters
        month={month}
        kind={kind}
        onMonth={(m) => set('month', m)}
        onKind={(k) => set('kind', k)}
      >
        <Form.Group className="col-12 col-sm-auto" controlId="documents-seller">
          <Form.Label className="small mb-1">{t('gst.admin.seller')}</Form.Label>
          <Form.Select size="sm" value={seller} onChange={(e) => set('seller', e.target.value)}>
            <option value="">{t('gst.admin.everySeller')}</option>
            {sellerOptions.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </DocumentFilters>
      <h3 className="h6">
        {t('gst.admin.kindOfMonth', { kind: kindLabel, month: name })}
        {seller && sellerName ? ` · ${sellerName}` : ''}
      </h3>
      {list.isPending ? (
        <Loader label={t('gst.loadingDocuments')} />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.documents.length === 0 ? (
        <Message variant="secondary">{t('gst.admin.noMatch')}</Message>
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <DocumentList
            documents={list.data.documents}
            showSeller={!seller}
            label={t('gst.documentsOf', { month: name })}
          />
        </div>
      )}
      <div className="card mb-3 mt-4">
        <div className="card-body d-flex flex-wrap align-items-center justify-content-between gap-2">
          <div>
            <h3 className="h6 mb-0">{t('gst.admin.gstr8For', { month: name })}</h3>
            <p className="small text-body-secondary mb-0">{t('gst.admin.gstr8Help')}</p>
          </div>
          <a className="btn btn-outline-primary btn-sm" href={gstr8Url(month)} download>
            {t('gst.admin.gstr8Download')}
          </a>
        </div>
      </div>
      {seller ? (
        <Gstr1Downloads
          month={month}
          seller={seller}
          title={t('gst.admin.gstr1Of', { seller: sellerName ?? t('gst.admin.thisSeller') })}
        />
      ) : (
        <p className="small text-body-secondary">{t('gst.admin.chooseSeller', { month: name })}</p>
      )}
      <CommissionInvoices />
    </>
  );
}
