import { gstr1Url, type Gstr1Section } from '../api/gst.ts';
import { monthName } from '../lib/format.ts';

const SECTIONS: { section: Gstr1Section; label: string; help: string }[] = [
  { section: 'b2b', label: 'B2B invoices', help: 'Sales to buyers who gave a GSTIN' },
  { section: 'b2cs', label: 'B2C summary', help: 'Other sales, by state and rate' },
  { section: 'hsn', label: 'HSN summary', help: 'Quantities and tax by HSN code' },
  { section: 'cdnr', label: 'Credit notes', help: 'Credit notes to registered buyers' },
];

/** The four GSTR-1 CSV files of one month (a seller's own, or one seller's for Admin). */
export function Gstr1Downloads({ month, seller, title }: { month: string; seller?: string; title?: string }) {
  return (
    <section className="card mb-4" aria-labelledby="gstr1-heading">
      <div className="card-body">
        <h2 id="gstr1-heading" className="h6 mb-1">
          {title ?? 'GST returns'}
        </h2>
        <p className="small text-body-secondary mb-3">
          GSTR-1 files for {monthName(month)} (CSV), ready to copy into the GST portal&apos;s offline tool.
        </p>
        <ul className="list-unstyled row g-2 mb-0">
          {SECTIONS.map((s) => (
            <li key={s.section} className="col-12 col-sm-6 col-lg-3">
              <a
                className="btn btn-outline-primary btn-sm w-100 text-start"
                href={gstr1Url(month, s.section, seller)}
                download
              >
                <span className="d-block fw-semibold">GSTR-1 {s.label} (CSV)</span>
                <span className="d-block small">{s.help}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
