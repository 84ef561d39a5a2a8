import { ErrorAlert } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { OnThisPage } from '#web/components/on-this-page.tsx';
import { useGstSettings } from '../api/gst.ts';
import { AdminDocuments } from '../components/admin-documents.tsx';
import { RateChangeForm } from '../components/rate-change-form.tsx';
import { RateTable } from '../components/rate-table.tsx';
import { SettingsForm } from '../components/settings-form.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * /admin/gst (Admin): the dated GST rate table and its future changes, the operator's tax settings, every
 * seller's tax documents, commission invoices, and the GSTR-1 and GSTR-8 files.
 */
export function AdminGstPage() {
  const t = useT();
  const settings = useGstSettings();
  const sections = [
    ['gst-rates', t('gst.admin.sections.rates')],
    ['gst-rate-change', t('gst.rateChange.heading')],
    ['gst-settings', t('gst.settings.heading')],
    ['gst-documents', t('gst.admin.sections.documents')],
  ] as const;
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-xxl-10">
        <PageHead title={t('gst.admin.pageTitle')} />
        <h1 className="h3 mb-2">{t('gst.admin.heading')}</h1>
        <OnThisPage sections={sections} />
        <section id="gst-rates" aria-labelledby="gst-rates-heading" className="mb-5">
          <h2 id="gst-rates-heading" className="h5">
            {t('gst.admin.sections.rates')}
          </h2>
          <RateTable />
        </section>
        <section id="gst-rate-change" className="mb-5">
          <RateChangeForm />
        </section>
        <section id="gst-settings" className="mb-5">
          {settings.isPending ? (
            <Loader label={t('gst.admin.loadingSettings')} />
          ) : settings.error ? (
            <ErrorAlert error={settings.error} />
          ) : (
            <SettingsForm settings={settings.data} />
          )}
        </section>
        <section id="gst-documents" aria-labelledby="gst-documents-heading" className="mb-5">
          <h2 id="gst-documents-heading" className="h5">
            {t('gst.admin.sections.documents')}
          </h2>

          <AdminDocuments />
        </section>
      </div>
    </div>
  );
}
