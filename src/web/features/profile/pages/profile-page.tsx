import { isSeller } from '#shared/permissions.ts';
import { MyPurchases } from '#web/features/orders/index.ts';
import { SellerPayoutAccountCard } from '#web/features/settlements/index.ts';
import { ProfileForm } from '../components/profile-form.tsx';
import { ShopSettings } from '../components/shop-settings.tsx';
import { actorOf, useSignedInUser } from '#web/lib/session.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

export function ProfilePage() {
  const t = useT();
  const user = useSignedInUser();
  return (
    <div className="row justify-content-center">
      <PageHead title={t('profile.pageTitle')} />
      <div className="col-12 col-lg-9 col-xl-8">
        <h1 id="profile-heading" className="h3 mb-4">
          {t('profile.heading')}
        </h1>
        <div className="card shadow-sm border-0 haat-form-card">
          <div className="card-body p-3 p-sm-4">
            <ProfileForm user={user} />
          </div>
        </div>
        <ShopSettings user={user} />
        {isSeller(actorOf(user)) ? (
          <SellerPayoutAccountCard className="shadow-sm border-0 haat-form-card mt-4" />
        ) : null}
        <MyPurchases />
      </div>
    </div>
  );
}
