import { Link, useParams } from 'react-router';
import type { TaxDocument } from '#shared/schemas/gst.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { hasErrorCode } from '#web/lib/api-client.ts';
import { taxDocumentPdfUrl, useTaxDocument } from '../api/tax-documents.ts';
import { documentDate, inr, ratePercent } from '../lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import '../tax-documents.css';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * `/tax-documents/:id` (issue 15): an issued tax invoice, credit note or commission invoice shown as it is
 * printed (the contents CGST Rule 46 asks for), with its PDF to download. The buyer of the order, its
 * seller and Admin may open it; anyone else gets 'not found'.
 */
export function TaxDocumentPage() {
  const t = useT();
  const { id = '' } = useParams();
  const doc = useTaxDocument(id);
  if (doc.isPending) return <Loader label={t('taxDocuments.page.loading')} />;
  if (doc.error) {
    return (
      <>
        <PageHead title={t('taxDocuments.page.headTitle')} />
        <h1 className="h3 mb-3">{t('taxDocuments.page.heading')}</h1>
        {hasErrorCode(doc.error, ERROR_CODES.not_found, ERROR_CODES.invalid_input) ? (
          <Message variant="danger">
            {t.rich('taxDocuments.page.notFound', {
              link: (chunks) => <Link to="/profile#my-purchases">{chunks}</Link>,
            })}
          </Message>
        ) : (
          <ErrorAlert error={doc.error} />
        )}
      </>
    );
  }
  return <TaxDocumentView doc={doc.data} />;
}

function Party({ heading, party }: { heading: string; party: TaxDocument['supplier'] }) {
  const t = useT();
  return (
    <div>
      <h2 className="h6 text-uppercase small text-body-secondary mb-1">{heading}</h2>
      <p className="fw-semibold mb-0">{party.businessName ?? party.name}</p>
      {party.businessName && party.businessName !== party.name ? (
        <p className="mb-0 small">{party.name}</p>
      ) : null}
      <p className="mb-0 small haat-doc-address">{party.address}</p>
      <p className="mb-0 small">
        {t('taxDocuments.party.state', { state: party.stateName })}
        {party.stateCode ? ` (${party.stateCode})` : ''}
      </p>
      <p className="mb-0 small">
        {t('taxDocuments.party.gstin')}{' '}
        <span className="font-monospace">{party.gstin ?? t('taxDocuments.party.unregistered')}</span>
      </p>
    </div>
  );
}

export function TaxDocumentView({ doc }: { doc: TaxDocument }) {
  const t = useT();
  const locale = t.language.intl;
  const intra = doc.intraState;
  const headingId = 'tax-document-heading';
  return (
    <>
      <PageHead title={t('taxDocuments.page.documentHeadTitle', { title: doc.title, number: doc.number })} />
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3 d-print-none">
        {doc.orderId ? (
          <Link to={`/order/${doc.orderId}`} className="small">
            {t('taxDocuments.page.backToOrder', { number: doc.orderNumber })}
          </Link>
        ) : (
          <span />
        )}
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => window.print()}>
            {t('taxDocuments.page.print')}
          </button>
          <a href={taxDocumentPdfUrl(doc._id)} className="btn btn-primary btn-sm" download>
            {t('taxDocuments.downloadPdf')}
          </a>
        </div>
      </div>
      <article className="card shadow-sm border-0 haat-doc" aria-labelledby={headingId}>
        <div className="card-body">
          <header className="d-flex flex-wrap justify-content-between gap-3 border-bottom pb-3 mb-3">
            <div>
              <h1 id={headingId} className="h4 mb-1">
                {doc.title}
              </h1>
              <p className="mb-0">
                {t('taxDocuments.page.number')}{' '}
                <span className="font-monospace fw-semibold">{doc.number}</span>
              </p>
            </div>
            <dl className="haat-doc-facts small mb-0">
              <dt>{t('taxDocuments.page.date')}</dt>
              <dd>{documentDate(doc.issuedAt, locale)}</dd>
              {doc.orderNumber ? (
                <>
                  <dt>{t('taxDocuments.page.order')}</dt>
                  <dd>{doc.orderNumber}</dd>
                </>
              ) : null}
              {doc.period ? (
                <>
                  <dt>{t('taxDocuments.page.period')}</dt>
                  <dd>{doc.period}</dd>
                </>
              ) : null}
              <dt>{t('taxDocuments.page.placeOfSupply')}</dt>
              <dd>
                {doc.placeOfSupply
                  ? `${doc.placeOfSupply.stateName} (${doc.placeOfSupply.stateCode})`
                  : t('taxDocuments.page.outsideIndia')}
              </dd>
            </dl>
          </header>
          {doc.refersTo ? (
            <p className="small">
              {doc.reason
                ? t.rich('taxDocuments.page.issuedAgainstWithReason', {
                    mono: (chunks) => <span className="font-monospace">{chunks}</span>,
                    number: doc.refersTo.number,
                    date: documentDate(doc.refersTo.issuedAt, locale),
                    reason: doc.reason,
                  })
                : t.rich('taxDocuments.page.issuedAgainst', {
                    mono: (chunks) => <span className="font-monospace">{chunks}</span>,
                    number: doc.refersTo.number,
                    date: documentDate(doc.refersTo.issuedAt, locale),
                  })}
            </p>
          ) : null}
          <div className="row g-3 mb-3">
            <div className="col-12 col-md-6">
              <Party heading={t('taxDocuments.page.supplier')} party={doc.supplier} />
            </div>
            <div className="col-12 col-md-6">
              <Party
                heading={
                  doc.kind === 'credit_note'
                    ? t('taxDocuments.page.recipient')
                    : t('taxDocuments.page.billTo')
                }
                party={doc.recipient}
              />
            </div>
          </div>
          <LineCards doc={doc} />
          <div
            className="table-responsive mb-3 d-none d-md-block"
            tabIndex={0}
            role="region"
            aria-label={t('taxDocuments.lines.label')}
          >
            <table className="table table-sm align-top haat-doc-lines mb-0">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('taxDocuments.lines.description')}</th>
                  <th scope="col">{t('taxDocuments.lines.hsn')}</th>
                  <th scope="col" className="text-end">
                    {t('taxDocuments.lines.qty')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('taxDocuments.lines.unitPrice')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('taxDocuments.lines.discount')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('taxDocuments.lines.taxableValue')}
                  </th>
                  {intra ? (
                    <>
                      <th scope="col" className="text-end">
                        {t('taxDocuments.tax.cgst')}
                      </th>
                      <th scope="col" className="text-end">
                        {t('taxDocuments.tax.sgst')}
                      </th>
                    </>
                  ) : (
                    <th scope="col" className="text-end">
                      {t('taxDocuments.tax.igst')}
                    </th>
                  )}
                  <th scope="col" className="text-end">
                    {t('taxDocuments.lines.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {doc.lines.map((l, i) => (
                  <tr key={`${String(i)}-${l.description}`}>
                    <td>{i + 1}</td>
                    <td className="haat-doc-description">{l.description}</td>
                    <td className="font-monospace">{l.hsn}</td>
                    <td className="text-end text-nowrap">
                      {l.qty} {l.unit}
                    </td>
                    <td className="text-end text-nowrap">{inr(l.unitPrice)}</td>
                    <td className="text-end text-nowrap">{l.discount > 0 ? `−${inr(l.discount)}` : '—'}</td>
                    <td className="text-end text-nowrap">{inr(l.taxableValue)}</td>
                    {intra ? (
                      <>
                        <TaxCell rate={l.cgstRate} amount={l.cgst} />
                        <TaxCell rate={l.sgstRate} amount={l.sgst} />
                      </>
                    ) : (
                      <TaxCell rate={l.igstRate} amount={l.igst} />
                    )}
                    <td className="text-end text-nowrap fw-semibold">{inr(l.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="row g-3">
            <div className="col-12 col-md-6 order-md-last">
              <dl className="haat-doc-totals mb-0">
                <dt>{t('taxDocuments.lines.taxableValue')}</dt>
                <dd>{inr(doc.totals.taxableValue)}</dd>
                {doc.totals.discount > 0 ? (
                  <>
                    <dt>{t('taxDocuments.totals.discountIncluded')}</dt>
                    <dd>{inr(doc.totals.discount)}</dd>
                  </>
                ) : null}
                {intra ? (
                  <>
                    <dt>{t('taxDocuments.tax.cgst')}</dt>
                    <dd>{inr(doc.totals.cgst)}</dd>
                    <dt>{t('taxDocuments.tax.sgst')}</dt>
                    <dd>{inr(doc.totals.sgst)}</dd>
                  </>
                ) : (
                  <>
                    <dt>{t('taxDocuments.tax.igst')}</dt>
                    <dd>{inr(doc.totals.igst)}</dd>
                  </>
                )}
                <dt className="haat-doc-grand">{t('taxDocuments.lines.total')}</dt>
                <dd className="haat-doc-grand">{inr(doc.totals.total)}</dd>
              </dl>
            </div>
            <div className="col-12 col-md-6 small">
              <p className="mb-2">
                <span className="text-body-secondary">{t('taxDocuments.totals.amountInWords')} </span>
                <span className="fw-semibold">{doc.totals.totalInWords}</span>
              </p>
              <p className="mb-2">{t('taxDocuments.totals.reverseCharge')}</p>
              {doc.ecommerceOperator ? (
                <p className="mb-2">
                  {t.rich('taxDocuments.totals.ecommerceOperator', {
                    name: doc.ecommerceOperator.legalName,
                    gstin: doc.ecommerceOperator.gstin,
                    mono: (chunks) => <span className="font-monospace">{chunks}</span>,
                  })}
                </p>
              ) : null}
              <p className="text-body-secondary mb-0">{t('taxDocuments.totals.allInInr')}</p>
            </div>
          </div>
        </div>
      </article>
    </>
  );
}

function TaxCell({ rate, amount }: { rate: string; amount: number }) {
  return (
    <td className="text-end text-nowrap">
      {inr(amount)}
      {ratePercent(rate) ? <div className="small text-body-secondary">@ {ratePercent(rate)}</div> : null}
    </td>
  );
}

/** On a phone the lines table would need sideways scrolling: each line is a short block instead. */
function LineCards({ doc }: { doc: TaxDocument }) {
  const t = useT();
  return (
    <ol className="list-unstyled d-md-none border-top mb-3" aria-label={t('taxDocuments.lines.label')}>
      {doc.lines.map((l, i) => (
        <li key={`${String(i)}-${l.description}`} className="border-bottom py-2 small">
          <div className="d-flex justify-content-between gap-2">
            <span className="fw-semibold">
              {i + 1}. {l.description}
            </span>
            <span className="fw-semibold text-nowrap">{inr(l.total)}</span>
          </div>
          <div className="text-body-secondary">
            {t.rich('taxDocuments.lines.hsnQty', {
              mono: (chunks) => <span className="font-monospace">{chunks}</span>,
              hsn: l.hsn,
              qty: String(l.qty),
              unit: l.unit,
              unitPrice: inr(l.unitPrice),
            })}
            {l.discount > 0 ? ` ${t('taxDocuments.lines.lessDiscount', { amount: inr(l.discount) })}` : ''}
          </div>
          <div className="text-body-secondary">
            {t('taxDocuments.lines.taxableAmount', { amount: inr(l.taxableValue) })} ·{' '}
            {doc.intraState
              ? t('taxDocuments.lines.intraTax', {
                  cgstRate: ratePercent(l.cgstRate),
                  cgst: inr(l.cgst),
                  sgstRate: ratePercent(l.sgstRate),
                  sgst: inr(l.sgst),
                })
              : t('taxDocuments.lines.interTax', { igstRate: ratePercent(l.igstRate), igst: inr(l.igst) })}
          </div>
        </li>
      ))}
    </ol>
  );
}
