import { Link } from 'react-router';
import type { TaxDocumentSummary } from '#shared/schemas/gst.ts';
import { taxDocumentPath, taxDocumentPdfUrl } from '../api/tax-documents.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { documentDate, inr, kindLabel } from '../lib/format.ts';

/**
 * A parcel's tax documents on the order page (issue 15): its seller's tax invoice and any credit notes,
 * each with its number, date and total (always INR), a link to view it and one to download its PDF.
 */
export function TaxDocumentList({
  documents,
  className = '',
}: {
  documents: readonly TaxDocumentSummary[];
  className?: string;
}) {
  const t = useT();
  if (documents.length === 0) return null;
  return (
    <div className={className}>
      <h4 className="h6 small text-uppercase text-body-secondary mb-1">{t('taxDocuments.list.heading')}</h4>
      <ul className="list-unstyled mb-0">
        {documents.map((d) => (
          <li
            key={d._id}
            className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-2 border-top"
          >
            <div className="small">
              <span className="fw-semibold">{kindLabel(t, d.kind)}</span>{' '}
              <span className="font-monospace text-break">{d.number}</span>
              <div className="text-body-secondary">
                {documentDate(d.issuedAt, t.language.intl)} · {inr(d.total)}
              </div>
            </div>
            <div className="d-flex gap-2">
              <Link
                to={taxDocumentPath(d._id)}
                className="btn btn-sm btn-outline-secondary"
                aria-label={t('taxDocuments.list.viewLabel', { kind: d.kind, number: d.number })}
              >
                {t('taxDocuments.list.view')}
              </Link>
              <a
                href={taxDocumentPdfUrl(d._id)}
                className="btn btn-sm btn-outline-primary"
                download
                aria-label={t('taxDocuments.list.downloadLabel', { kind: d.kind, number: d.number })}
              >
                {t('taxDocuments.downloadPdf')}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
