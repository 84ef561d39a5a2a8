import { gstr1Url, type Gstr1Section } from '../api/gst.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { monthName } from '../lib/format.ts';

/** The four GSTR-1 CSV files of one month (a seller's own, or one seller's for Admin). */
export function Gstr1Downloads({ month, seller, title }: { month: string; seller?: string; title?: string }) {
  const t = useT();
  const sections: { section: Gstr1Section; label: string; help: string }[] = [
    { section: 'b2b', label: t('gst.gstr1.b2b'), help: t('gst.gstr1.b2bHelp') },
    { section: 'b2cs', label: t('gst.gstr1.b2cs'), help: t('gst.gstr1.b2csHelp') },
    { section: 'hsn', label: t('gst.gstr1.hsn'), help: t('gst.gstr1.hsnHelp') },
    { section: 'cdnr', label: t('gst.gstr1.cdnr'), help: t('gst.gstr1.cdnrHelp') },
  ];
  return (
    <section className="card mb-4" aria-labelledby="gstr1-heading">
      <div className="card-body">
        <h2 id="gstr1-heading" className="h6 mb-1">
          {title ?? t('gst.gstr1.title')}
        </h2>
        <p className="small text-body-secondary mb-3">
          {t('gst.gstr1.intro', { month: monthName(month, t.language.intl) })}
        </p>
        <ul className="list-unstyled row g-2 mb-0">
          {sections.map((s) => (
            <li key={s.section} className="col-12 col-sm-6 col-lg-3">
              <a
                className="btn btn-outline-primary btn-sm w-100 text-start"
                href={gstr1Url(month, s.section, seller)}
                download
              >
                <span className="d-block fw-semibold">{t('gst.gstr1.file', { label: s.label })}</span>

                <span className="d-block small">{s.help}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
