import { ErrorAlert } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { OnThisPage } from '#web/components/on-this-page.tsx';
import { useSettlementSettings } from '../api/settlements-admin.ts';
import { CommissionRuleFormCard } from '../components/commission-rule-form.tsx';
import { CommissionRules } from '../components/commission-rules.tsx';
import { SettlementSettingsFormCard } from '../components/settlement-settings-form.tsx';
import { SettlementTotals } from '../components/settlement-totals.tsx';
import { PageHead } from '#web/components/page-head.tsx';

const SECTIONS = [
  ['settlement-totals', 'Totals'],
  ['commission-rules', 'Commission rules'],
  ['settlement-settings', 'Settings'],
] as const;

/**
 * /admin/settlements (Admin): the operator's books per month of a financial year, the commission rules
 * with their dates and a form for a new one, and the settlement settings (when a sale is recorded, the
 * cycle, TCS and TDS, the COD fee, the payout rail and the minimum payout).
 */
export function AdminSettlementsPage() {
  const settings = useSettlementSettings();
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-xxl-10">
        <PageHead title="Settlements · Haat" />
        <h1 className="h3 mb-2">Settlements</h1>
        <OnThisPage sections={SECTIONS} />
        <section id="settlement-totals" aria-labelledby="settlement-totals-heading" className="mb-5">
          <h2 id="settlement-totals-heading" className="h5">
            Totals
          </h2>
          <SettlementTotals />
        </section>
        <section id="commission-rules" aria-labelledby="commission-rules-heading" className="mb-5">
          <h2 id="commission-rules-heading" className="h5">
            Commission rules
          </h2>
          <p className="small text-body-secondary">
            Each sale takes the most specific rule in force on its day: a product&apos;s rule first, then the
            seller&apos;s rule for that category, then the seller&apos;s own rule, then the category&apos;s
            rule; with none of these, the category markup. The rule used is written on each ledger entry.
          </p>
          <CommissionRules />
          <div className="mt-3">
            <CommissionRuleFormCard />
          </div>
        </section>
        <section id="settlement-settings" className="mb-5">
          {settings.isPending || settings.error ? (
            <>
              <h2 className="h5">Settings</h2>
              {settings.error ? <ErrorAlert error={settings.error} /> : <Loader label="Loading settings…" />}
            </>
          ) : (
            <SettlementSettingsFormCard settings={settings.data} />
          )}
        </section>
      </div>
    </div>
  );
}
