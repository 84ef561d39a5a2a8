import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { gstr8Url, useAllTaxDocuments, useIssueCommissionInvoices } from '../api/gst.ts';
import {
  isKind,
  isMonth,
  KIND_OPTIONS,
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
  const issue = useIssueCommissionInvoices();
  const lastMonth = previousMonth(thisMonth());
  return (
    <div className="card mb-3">
      <div className="card-body">
        <h3 className="h6 mb-1">Commission invoices</h3>
        <p className="small text-body-secondary mb-2">
          Haat&apos;s invoice to each seller for its commission and fees, with GST. They are issued by
          themselves on the first of each month; issuing again gives the same invoices.
        </p>
        <ErrorAlert error={issue.error} />
        {issue.isSuccess ? (
          <Message variant="success">
            {issue.data.documents.length === 0
              ? `No seller had commission in ${monthName(lastMonth)}.`
              : `${issue.data.documents.length} commission ${issue.data.documents.length === 1 ? 'invoice' : 'invoices'} for ${monthName(lastMonth)}.`}
          </Message>
        ) : null}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={issue.isPending}
          aria-busy={issue.isPending}
          onClick={() => issue.mutate(lastMonth)}
        >
          Issue commission invoices for {monthName(lastMonth)}
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
  const kindLabel = KIND_OPTIONS.find((o) => o.value === kind)?.label ?? 'All documents';

  return (
    <>
      <DocumentFilters
        month={month}
        kind={kind}
        onMonth={(m) => set('month', m)}
        onKind={(k) => set('kind', k)}
      >
        <Form.Group className="col-12 col-sm-auto" controlId="documents-seller">
          <Form.Label className="small mb-1">Seller</Form.Label>
          <Form.Select size="sm" value={seller} onChange={(e) => set('seller', e.target.value)}>
            <option value="">Every seller</option>
            {sellerOptions.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </DocumentFilters>
      <h3 className="h6">
        {kindLabel} of {monthName(month)}
        {seller && sellerName ? ` · ${sellerName}` : ''}
      </h3>
      {list.isPending ? (
        <Loader label="Loading documents…" />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.documents.length === 0 ? (
        <Message variant="secondary">No documents match these filters.</Message>
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <DocumentList
            documents={list.data.documents}
            showSeller={!seller}
            label={`Tax documents of ${monthName(month)}`}
          />
        </div>
      )}
      <div className="card mb-3 mt-4">
        <div className="card-body d-flex flex-wrap align-items-center justify-content-between gap-2">
          <div>
            <h3 className="h6 mb-0">GSTR-8 for {monthName(month)}</h3>
            <p className="small text-body-secondary mb-0">
              Per seller GSTIN: gross supplies, returns and net taxable value (CSV), for Haat&apos;s TCS
              return.
            </p>
          </div>
          <a className="btn btn-outline-primary btn-sm" href={gstr8Url(month)} download>
            Download GSTR-8 (CSV)
          </a>
        </div>
      </div>
      {seller ? (
        <Gstr1Downloads month={month} seller={seller} title={`GSTR-1 of ${sellerName ?? 'this seller'}`} />
      ) : (
        <p className="small text-body-secondary">
          Choose a seller above to download its GSTR-1 files for {monthName(month)}.
        </p>
      )}
      <CommissionInvoices />
    </>
  );
}
