import { SellerPayoutAccountCard } from '../components/payout-account-form.tsx';
import { Statement } from '../components/statement.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * /seller/statement (sellers): 'Payments': the shop's balance, every ledger entry with the order, item and
 * invoice it comes from, the payouts with their statements, the payout account and the TCS/TDS figures.
 */
export function SellerStatementPage() {
  const t = useT();
  return (
    <section>
      <PageHead title={t('settlements.sellerStatement.headTitle')} />
      <h1 className="h3 mb-3">{t('settlements.sellerStatement.heading')}</h1>
      <Statement owner="own" account={() => <SellerPayoutAccountCard />} />
    </section>
  );
}
