import { Link, useParams } from 'react-router';
import type { TaxDocument } from '#shared/schemas/gst.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { hasErrorCode } from '#web/lib/api-client.ts';
import { taxDocumentPdfUrl, useTaxDocument } from '../api/tax-documents.ts';
import { documentDate, inr, ratePercent } from '../lib/format.ts';
import '../tax-documents.css';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * `/tax-documents/:id` (issue 15): an issued tax invoice, credit note or commission invoice shown as it is
 * printed (the contents CGST Rule 46 asks for), with its PDF to download. The buyer of the order, its
 * seller and Admin may open it; anyone else gets 'not found'.
 */
export function TaxDocumentPage() {
  const { id = '' } = useParams();
  const doc = useTaxDocument(id);
  if (doc.isPending) return <Loader label="Loading the document…" />;
  if (doc.error) {
    return (
      <>
        <PageHead title="Tax document · Haat" />
        <h1 className="h3 mb-3">Tax document</h1>
        {hasErrorCode(doc.error, ERROR_CODES.not_found, ERROR_CODES.invalid_input) ? (
          <Message variant="danger">
            Document not found. <Link to="/profile#my-purchases">See your purchases</Link>
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
  return (
    <div>
      <h2 className="h6 text-uppercase small text-body-secondary mb-1">{heading}</h2>
      <p className="fw-semibold mb-0">{party.businessName ?? party.name}</p>
      {party.businessName && party.businessName !== party.name ? (
        <p className="mb-0 small">{party.name}</p>
      ) : null}
      <p className="mb-0 small haat-doc-address">{party.address}</p>
      <p className="mb-0 small">
        State: {party.stateName}
        {party.stateCode ? ` (${party.stateCode})` : ''}
      </p>
      <p className="mb-0 small">
        GSTIN: <span className="font-monospace">{party.gstin ?? 'Unregistered'}</span>
      </p>
    </div>
  );
}

export function TaxDocumentView({ doc }: { doc: TaxDocument }) {
  const intra = doc.intraState;
  const headingId = 'tax-document-heading';
  return (
    <>
      <PageHead title={`${doc.title} ${doc.number} · Haat`} />
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3 d-print-none">
        {doc.orderId ? (
          <Link to={`/order/${doc.orderId}`} className="small">
            ← Back to order {doc.orderNumber}
          </Link>
        ) : (
          <span />
        )}
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => window.print()}>
            Print
          </button>
          <a href={taxDocumentPdfUrl(doc._id)} className="btn btn-primary btn-sm" download>
            Download PDF
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
                No. <span className="font-monospace fw-semibold">{doc.number}</span>
              </p>
            </div>
            <dl className="haat-doc-facts small mb-0">
              <dt>Date</dt>
              <dd>{documentDate(doc.issuedAt)}</dd>
              {doc.orderNumber ? (
                <>
                  <dt>Order</dt>
                  <dd>{doc.orderNumber}</dd>
                </>
              ) : null}
              {doc.period ? (
                <>
                  <dt>Period</dt>
                  <dd>{doc.period}</dd>
                </>
              ) : null}
              <dt>Place of supply</dt>
              <dd>
                {doc.placeOfSupply
                  ? `${doc.placeOfSupply.stateName} (${doc.placeOfSupply.stateCode})`
                  : 'Outside India'}
              </dd>
            </dl>
          </header>
          {doc.refersTo ? (
            <p className="small">
              Issued against tax invoice <span className="font-monospace">{doc.refersTo.number}</span> dated{' '}
              {documentDate(doc.refersTo.issuedAt)}
              {doc.reason ? `. Reason: ${doc.reason}` : ''}.
            </p>
          ) : null}
          <div className="row g-3 mb-3">
            <div className="col-12 col-md-6">
              <Party heading="Supplier" party={doc.supplier} />
            </div>
            <div className="col-12 col-md-6">
              <Party heading={doc.kind === 'credit_note' ? 'Recipient' : 'Bill to'} party={doc.recipient} />
            </div>
          </div>
          <LineCards doc={doc} />
          <div
            className="table-responsive mb-3 d-none d-md-block"
            tabIndex={0}
            role="region"
            aria-label="Lines"
          >
            <table className="table table-sm align-top haat-doc-lines mb-0">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Description</th>
                  <th scope="col">HSN</th>
                  <th scope="col" className="text-end">
                    Qty
                  </th>
                  <th scope="col" className="text-end">
                    Unit price
                  </th>
                  <th scope="col" className="text-end">
                    Discount
                  </th>
                  <th scope="col" className="text-end">
                    Taxable value
                  </th>
                  {intra ? (
                    <>
                      <th scope="col" className="text-end">
                        CGST
                      </th>
                      <th scope="col" className="text-end">
                        SGST
                      </th>
                    </>
                  ) : (
                    <th scope="col" className="text-end">
                      IGST
                    </th>
                  )}
                  <th scope="col" className="text-end">
                    Total
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
                <dt>Taxable value</dt>
                <dd>{inr(doc.totals.taxableValue)}</dd>
                {doc.totals.discount > 0 ? (
                  <>
                    <dt>Discount included</dt>
                    <dd>{inr(doc.totals.discount)}</dd>
                  </>
                ) : null}
                {intra ? (
                  <>
                    <dt>CGST</dt>
                    <dd>{inr(doc.totals.cgst)}</dd>
                    <dt>SGST</dt>
                    <dd>{inr(doc.totals.sgst)}</dd>
                  </>
                ) : (
                  <>
                    <dt>IGST</dt>
                    <dd>{inr(doc.totals.igst)}</dd>
                  </>
                )}
                <dt className="haat-doc-grand">Total</dt>
                <dd className="haat-doc-grand">{inr(doc.totals.total)}</dd>
              </dl>
            </div>
            <div className="col-12 col-md-6 small">
              <p className="mb-2">
                <span className="text-body-secondary">Amount in words: </span>
                <span className="fw-semibold">{doc.totals.totalInWords}</span>
              </p>
              <p className="mb-2">Tax is payable on reverse charge: No</p>
              {doc.ecommerceOperator ? (
                <p className="mb-2">
                  E-commerce operator: {doc.ecommerceOperator.legalName} (GSTIN{' '}
                  <span className="font-monospace">{doc.ecommerceOperator.gstin}</span>)
                </p>
              ) : null}
              <p className="text-body-secondary mb-0">All amounts in Indian rupees (INR).</p>
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
  return (
    <ol className="list-unstyled d-md-none border-top mb-3" aria-label="Lines">
      {doc.lines.map((l, i) => (
        <li key={`${String(i)}-${l.description}`} className="border-bottom py-2 small">
          <div className="d-flex justify-content-between gap-2">
            <span className="fw-semibold">
              {i + 1}. {l.description}
            </span>
            <span className="fw-semibold text-nowrap">{inr(l.total)}</span>
          </div>
          <div className="text-body-secondary">
            HSN <span className="font-monospace">{l.hsn}</span> · {l.qty} {l.unit} × {inr(l.unitPrice)}
            {l.discount > 0 ? ` − discount ${inr(l.discount)}` : ''}
          </div>
          <div className="text-body-secondary">
            Taxable value {inr(l.taxableValue)} ·{' '}
            {doc.intraState
              ? `CGST ${ratePercent(l.cgstRate)} ${inr(l.cgst)} · SGST ${ratePercent(l.sgstRate)} ${inr(l.sgst)}`
              : `IGST ${ratePercent(l.igstRate)} ${inr(l.igst)}`}
          </div>
        </li>
      ))}
    </ol>
  );
}
