import { useParams } from 'react-router';
import { Breadcrumbs } from '#web/components/breadcrumbs.tsx';
import { AdjustmentForm } from '../components/adjustment-form.tsx';
import { AdminPayoutAccountCard } from '../components/payout-account-form.tsx';
import { Statement } from '../components/statement.tsx';
import { useSellerLedger } from '../api/ledger.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * /admin/sellers/:id/ledger (Admin): any seller's statement as the seller sees it, plus an adjustment
 * form and Verify/Reject of its payout account.
 */
export function AdminSellerLedgerPage() {
  const t = useT();
  const { id = '' } = useParams();
  const owner = { sellerId: id };
  const first = useSellerLedger(owner, 1, '');
  const name = first.data
    ? (first.data.seller.shopName ?? first.data.seller.name)
    : t('settlements.batch.seller');
  return (
    <section>
      <PageHead title={t('settlements.sellerLedger.headTitle', { name })} />
      <Breadcrumbs
        items={[{ label: t('settlements.adminPayouts.heading'), to: '/admin/payouts' }, { label: name }]}
        className="mb-2"
      />
      <h1 className="h3 mb-3">{t('settlements.sellerLedger.heading', { name })}</h1>
      <Statement
        owner={owner}
        account={(data) => <AdminPayoutAccountCard sellerId={data.seller._id} account={data.account} />}
      >
        <AdjustmentForm sellerId={id} />
      </Statement>
    </section>
  );
}
