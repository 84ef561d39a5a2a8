import { useSearchParams } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useSellerTaxDocuments } from '../api/gst.ts';
import { DocumentFilters } from '../components/document-filters.tsx';
import { DocumentList } from '../components/document-list.tsx';
import { Gstr1Downloads } from '../components/gstr1-downloads.tsx';
import { isKind, isMonth, KIND_OPTIONS, monthName, thisMonth, type KindFilterValue } from '../lib/format.ts';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * /seller/tax-documents (sellers): the shop's tax invoices, credit notes and Haat's commission invoices of
 * one month (this month on the India calendar unless chosen), each with its page and PDF, and the month's
 * GSTR-1 files.
 */
export function SellerTaxDocumentsPage() {
  const [params, setParams] = useSearchParams();
  const rawMonth = params.get('month');
  const month = isMonth(rawMonth) ? rawMonth : thisMonth();
  const rawKind = params.get('kind');
  const kind: KindFilterValue = isKind(rawKind) ? rawKind : '';
  const list = useSellerTaxDocuments(month, kind);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const kindWords = (KIND_OPTIONS.find((o) => o.value === kind)?.label ?? 'documents').toLowerCase();

  return (
    <section>
      <PageHead title="Tax documents · Haat" />
      <h1 className="h3 mb-2">Tax documents</h1>
      <p className="small text-body-secondary">
        The tax invoices and credit notes Haat issued in your name, and Haat&apos;s monthly invoices to you
        for its commission (claim their GST as input tax credit). Amounts are in rupees.
      </p>
      <DocumentFilters
        month={month}
        kind={kind}
        onMonth={(m) => set('month', m)}
        onKind={(k) => set('kind', k)}
      />
      <h2 className="h5">
        {kind ? KIND_OPTIONS.find((o) => o.value === kind)?.label : 'Documents'} of {monthName(month)}
      </h2>
      {list.isPending ? (
        <Loader label="Loading documents…" />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.documents.length === 0 ? (
        <Message variant="secondary">
          No {kindWords === 'all documents' ? 'documents' : kindWords} in {monthName(month)}.
        </Message>
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <DocumentList documents={list.data.documents} label={`Tax documents of ${monthName(month)}`} />
        </div>
      )}
      <Gstr1Downloads month={month} />
    </section>
  );
}
