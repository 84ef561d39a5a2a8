import { ErrorAlert } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { OnThisPage } from '#web/components/on-this-page.tsx';
import { useSettlementSettings } from '../api/settlements-admin.ts';
import { CommissionRuleFormCard } from '../components/commission-rule-form.tsx';
import { CommissionRules } from '../components/commission-rules.tsx';
import { SettlementSettingsFormCard } from '../components/settlement-settings-form.tsx';
import { SettlementTotals } from '../components/settlement-totals.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * /admin/settlements (Admin): the operator's books per month of a financial year, the commission rules
 * with their dates and a form for a new one, and the settlement settings (when a sale is recorded, the
 * cycle, TCS and TDS, the COD fee, the payout rail and the minimum payout).
 */
export function AdminSettlementsPage() {
  const t = useT();
  const settings = useSettlementSettings();
  const sections = [
    ['settlement-totals', t('settlements.admin.totals')],
    ['commission-rules', t('settlements.admin.commissionRules')],
    ['settlement-settings', t('settlements.admin.settings')],
  ] as const;
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-xxl-10">
        <PageHead title={t('settlements.admin.headTitle')} />
        <h1 className="h3 mb-2">{t('settlements.admin.heading')}</h1>
        <OnThisPage sections={sections} />
        <section id="settlement-totals" aria-labelledby="settlement-totals-heading" className="mb-5">
          <h2 id="settlement-totals-heading" className="h5">
            {t('settlements.admin.totals')}
          </h2>
          <SettlementTotals />
        </section>
        <section id="commission-rules" aria-labelledby="commission-rules-heading" className="mb-5">
          <h2 id="commission-rules-heading" className="h5">
            {t('settlements.admin.commissionRules')}
          </h2>
          <p className="small text-body-secondary">{t('settlements.admin.rulesIntro')}</p>
          <CommissionRules />
          <div className="mt-3">
            <CommissionRuleFormCard />
          </div>
        </section>
        <section id="settlement-settings" className="mb-5">
          {settings.isPending || settings.error ? (
            <>
              <h2 className="h5">{t('settlements.admin.settings')}</h2>
              {settings.error ? (
                <ErrorAlert error={settings.error} />
              ) : (
                <Loader label={t('settlements.admin.loadingSettings')} />
              )}
            </>
          ) : (
            <SettlementSettingsFormCard settings={settings.data} />
          )}
        </section>
      </div>
    </div>
  );
}
