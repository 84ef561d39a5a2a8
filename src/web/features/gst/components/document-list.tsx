import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { TaxDocumentSummary } from '#shared/schemas/gst.ts';
import { taxDocumentPdfUrl } from '../api/gst.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { formatIndiaDate, kindLabels, rupees } from '../lib/format.ts';

function Actions({ doc, small }: { doc: TaxDocumentSummary; small?: boolean }) {
  const t = useT();
  const size = small ? 'btn-sm' : '';
  return (
    <div className="d-flex gap-2 justify-content-end">
      <Link to={`/tax-documents/${doc._id}`} className={`btn btn-outline-primary ${size}`}>
        {t('gst.list.view')}
        <span className="visually-hidden"> {doc.number}</span>
      </Link>
      <a className={`btn btn-outline-primary ${size}`} href={taxDocumentPdfUrl(doc._id)} download>
        {t('gst.list.pdf')}
        <span className="visually-hidden"> {t('gst.list.pdfOf', { number: doc.number })}</span>
      </a>
    </div>
  );
}

function OrderLink({ doc }: { doc: TaxDocumentSummary }) {
  if (!doc.orderId || !doc.orderNumber) return <span className="text-body-secondary">—</span>;
  return <Link to={`/order/${doc.orderId}`}>{doc.orderNumber}</Link>;
}

/**
 * Tax documents as a table from tablet width up and as cards on a phone: number and kind, date (India
 * calendar), order, taxable value, tax and total in INR, with View (the page) and PDF.
 */
export function DocumentList({
  documents,
  showSeller = false,
  label,
}: {
  documents: TaxDocumentSummary[];
  showSeller?: boolean;
  label: string;
}) {
  const t = useT();
  const kinds = kindLabels(t);
  const date = (iso: string) => formatIndiaDate(iso, t.language.intl);
  return (
    <>
      <ul className="list-unstyled d-md-none" aria-label={label}>
        {documents.map((d) => (
          <li key={d._id} className="card mb-2">
            <div className="card-body p-3">
              <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
                <span className="fw-semibold text-break">{d.number}</span>
                <span className="small text-body-secondary">{date(d.issuedAt)}</span>
              </div>
              <div className="small">
                {kinds[d.kind]}
                {d.orderNumber ? (
                  <>
                    {' · '}
                    {t('gst.list.orderPrefix')} <OrderLink doc={d} />
                  </>
                ) : null}
              </div>
              {showSeller ? <div className="small text-body-secondary">{d.sellerName}</div> : null}
              <dl className="row small mb-2 mt-2 g-0">
                <dt className="col-6 fw-normal text-body-secondary">{t('gst.list.taxableValue')}</dt>
                <dd className="col-6 text-end mb-0">{rupees(d.taxableValue)}</dd>
                <dt className="col-6 fw-normal text-body-secondary">{t('gst.list.tax')}</dt>
                <dd className="col-6 text-end mb-0">{rupees(d.tax)}</dd>
                <dt className="col-6">{t('gst.list.total')}</dt>
                <dd className="col-6 text-end mb-0 fw-semibold">{rupees(d.total)}</dd>
              </dl>
              <Actions doc={d} small />
            </div>
          </li>
        ))}
      </ul>
      <div className="table-responsive d-none d-md-block mb-3">
        <Table striped hover size="sm" className="align-middle mb-0" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">{t('gst.list.number')}</th>
              <th scope="col">{t('gst.list.date')}</th>
              {showSeller ? <th scope="col">{t('gst.list.seller')}</th> : null}
              <th scope="col">{t('gst.list.order')}</th>
              <th scope="col" className="text-end">
                {t('gst.list.taxableValue')}
              </th>
              <th scope="col" className="text-end">
                {t('gst.list.tax')}
              </th>
              <th scope="col" className="text-end">
                {t('gst.list.total')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('gst.list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((d) => (
              <tr key={d._id}>
                <td>
                  <span className="fw-semibold text-nowrap">{d.number}</span>
                  <div className="small text-body-secondary">{kinds[d.kind]}</div>
                </td>
                <td className="text-nowrap">{date(d.issuedAt)}</td>

                {showSeller ? <td>{d.sellerName}</td> : null}
                <td className="text-nowrap">
                  <OrderLink doc={d} />
                </td>
                <td className="text-end text-nowrap">{rupees(d.taxableValue)}</td>
                <td className="text-end text-nowrap">{rupees(d.tax)}</td>
                <td className="text-end text-nowrap fw-semibold">{rupees(d.total)}</td>
                <td>
                  <Actions doc={d} small />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
