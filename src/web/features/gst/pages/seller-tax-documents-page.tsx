import { useSearchParams } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useSellerTaxDocuments } from '../api/gst.ts';
import { DocumentFilters } from '../components/document-filters.tsx';
import { DocumentList } from '../components/document-list.tsx';
import { Gstr1Downloads } from '../components/gstr1-downloads.tsx';
import { isKind, isMonth, monthName, thisMonth, type KindFilterValue } from '../lib/format.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * /seller/tax-documents (sellers): the shop's tax invoices, credit notes and Haat's commission invoices of
 * one month (this month on the India calendar unless chosen), each with its page and PDF, and the month's
 * GSTR-1 files.
 */
export function SellerTaxDocumentsPage() {
  const t = useT();
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
  const name = monthName(month, t.language.intl);
  // The heading and the empty list name the kind chosen (all documents unless one is).
  const heading = {
    '': t('gst.seller.headingAll', { month: name }),
    invoice: t('gst.seller.headingInvoices', { month: name }),
    credit_note: t('gst.seller.headingCreditNotes', { month: name }),
    commission_invoice: t('gst.seller.headingCommissionInvoices', { month: name }),
  }[kind];
  const empty = {
    '': t('gst.seller.noneAll', { month: name }),
    invoice: t('gst.seller.noneInvoices', { month: name }),
    credit_note: t('gst.seller.noneCreditNotes', { month: name }),
    commission_invoice: t('gst.seller.noneCommissionInvoices', { month: name }),
  }[kind];

  return (
    <section>
      <PageHead title={t('gst.seller.pageTitle')} />
      <h1 className="h3 mb-2">{t('gst.seller.heading')}</h1>
      <p className="small text-body-secondary">{t('gst.seller.intro')}</p>
      <DocumentFilters
        month={month}
        kind={kind}
        onMonth={(m) => set('month', m)}
        onKind={(k) => set('kind', k)}
      />
      <h2 className="h5">{heading}</h2>
      {list.isPending ? (
        <Loader label={t('gst.loadingDocuments')} />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.documents.length === 0 ? (
        <Message variant="secondary">{empty}</Message>
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <DocumentList documents={list.data.documents} label={t('gst.documentsOf', { month: name })} />
        </div>
      )}
      <Gstr1Downloads month={month} />
    </section>
  );
}
