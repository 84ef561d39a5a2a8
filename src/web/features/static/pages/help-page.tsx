import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** Where shoppers and sellers write (an address, the same in every language). */
const SUPPORT_EMAIL = 'support@haat.test';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export function HelpPage() {
  const t = useT();
  return (
    <section className="haat-prose">
      <PageHead title={t('static.help.pageTitle')} />
      <h1 className="h2 mb-3">{t('static.help.heading')}</h1>
      <p className="lead">{t('static.help.lead')}</p>

      <div className="row g-3 mb-4">
        <div className="col-12 col-md-4">
          <div className="card h-100 border-0 shadow-sm">
            <div className="card-body">
              <h2 className="h5">{t('static.help.email')}</h2>
              <p className="mb-1">
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              </p>
              <p className="small text-body-secondary mb-0">{t('static.help.emailNote')}</p>
            </div>
          </div>
        </div>
        <div className="col-12 col-md-4">
          <div className="card h-100 border-0 shadow-sm">
            <div className="card-body">
              <h2 className="h5">{t('static.help.phone')}</h2>
              <p className="mb-1">
                <a href="tel:+911140000000">+91 11 4000 0000</a>
              </p>
              <p className="small text-body-secondary mb-0">{t('static.help.phoneNote')}</p>
            </div>
          </div>
        </div>
        <div className="col-12 col-md-4">
          <div className="card h-100 border-0 shadow-sm">
            <div className="card-body">
              <h2 className="h5">{t('static.help.hours')}</h2>
              <p className="mb-1">{t('static.help.hoursText')}</p>
              <p className="small text-body-secondary mb-0">{t('static.help.hoursNote')}</p>
            </div>
          </div>
        </div>
      </div>

      <h2 className="h4 mt-2">{t('static.help.beforeYouWrite')}</h2>
      <ul>
        <li>
          {t.rich('static.help.whereIsMyOrder', {
            strong,
            link: (chunks) => <Link to="/profile">{chunks}</Link>,
          })}
        </li>
        <li>
          {t.rich('static.help.returns', {
            strong,
            link: (chunks) => <Link to="/terms-conditions#refunds">{chunks}</Link>,
          })}
        </li>
        <li>
          {t.rich('static.help.selling', {
            strong,
            link: (chunks) => <Link to="/registration_choice">{chunks}</Link>,
          })}
        </li>
        <li>
          {t.rich('static.help.forgotten', {
            strong,
            link: (chunks) => <Link to="/forgot-password">{chunks}</Link>,
          })}
        </li>
      </ul>
      <p>{t('static.help.orderNumber')}</p>
    </section>
  );
}
