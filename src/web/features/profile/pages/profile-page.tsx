import { RequireSignIn } from '#web/features/auth/components/require-sign-in.tsx';
import { MyPurchases } from '#web/features/orders/components/my-purchases.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { ShopSettings } from '../components/shop-settings.tsx';

export function ProfilePage() {
  return (
    <RequireSignIn>
      {(user) => (
        <div className="row justify-content-center">
          <title>Profile · Haat</title>
          <div className="col-12 col-lg-9 col-xl-8">
            <h1 id="profile-heading" className="h3 mb-4">
              User Profile
            </h1>
            <div className="card shadow-sm border-0 haat-form-card">
              <div className="card-body p-3 p-sm-4">
                <ProfileForm user={user} />
              </div>
            </div>
            <ShopSettings user={user} />
            <MyPurchases />
          </div>
        </div>
      )}
    </RequireSignIn>
  );
}
