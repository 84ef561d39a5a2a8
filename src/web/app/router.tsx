import { isValidElement, lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router';
import {
  canEditMarkups,
  canManageOrders,
  canManageProducts,
  canManageShipments,
  canManageUsers,
  canViewPendingPayments,
  canViewUserList,
  isAdmin,
  isSeller,
  type Actor,
} from '#shared/permissions.ts';
import { Layout } from './layout/layout.tsx';
import { RequireAccess } from './require-access.tsx';
import { RouteError } from '../components/route-error.tsx';
import { loadNeededMessages, neededMessagesReady } from '../lib/i18n/needed-messages.ts';
import { hydrationOver } from '../lib/use-hydrated.ts';

type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy for a named export, so each feature's pages load only when visited. `preload` loads it ahead:
 * a page mounted once its code is there renders it at once instead of suspending, which is how a
 * server-rendered page hydrates without its content being thrown away (preloadRoute, main.tsx).
 */
function page<M>(load: () => Promise<M>, name: keyof M): Page {
  let loaded: ComponentType | null = null;
  const preload = async () => {
    const Component = (await load())[name] as ComponentType;
    loaded = Component;
    return { default: Component };
  };
  // After a client-side navigation the page shows with its code and every message namespace that code
  // can say (needed-messages.ts): a part rendered later never suspends the shown page for its words.
  const Lazy = lazy(async () => {
    const mod = await preload();
    await loadNeededMessages();
    return mod;
  });
  function Page() {
    // Chosen once per mount, so a page never remounts when its code arrives. Hydration takes the code as
    // it is (the server sent the messages it rendered with).
    const [Component] = useState(() =>
      loaded && (!hydrationOver() || neededMessagesReady()) ? loaded : null,
    );
    return Component ? <Component /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}

const HomePage = page(() => import('../features/catalog/pages/home-page.tsx'), 'HomePage');
const SearchPage = page(() => import('../features/catalog/pages/search-page.tsx'), 'SearchPage');
const ProductPage = page(() => import('../features/catalog/pages/product-page.tsx'), 'ProductPage');
const CategoryPage = page(() => import('../features/catalog/pages/category-page.tsx'), 'CategoryPage');
const ShopPage = page(() => import('../features/catalog/pages/shop-page.tsx'), 'ShopPage');
const CartPage = page(() => import('../features/cart/pages/cart-page.tsx'), 'CartPage');
const WishlistPage = page(() => import('../features/wishlist/pages/wishlist-page.tsx'), 'WishlistPage');
const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/pages/register-page.tsx'), 'RegisterPage');
const RegistrationChoicePage = page(
  () => import('../features/auth/pages/registration-choice-page.tsx'),
  'RegistrationChoicePage',
);
const ProfilePage = page(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage');
const SellerRegisterPage = page(
  () => import('../features/auth/pages/seller-register-page.tsx'),
  'SellerRegisterPage',
);
const ProfileReviewPage = page(
  () => import('../features/auth/pages/profile-review-page.tsx'),
  'ProfileReviewPage',
);
const ForgotPasswordPage = page(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const UserListPage = page(() => import('../features/admin-users/pages/user-list-page.tsx'), 'UserListPage');
const UserEditPage = page(() => import('../features/admin-users/pages/user-edit-page.tsx'), 'UserEditPage');
const HelpPage = page(() => import('../features/static/pages/help-page.tsx'), 'HelpPage');
const TermsPage = page(() => import('../features/static/pages/terms-page.tsx'), 'TermsPage');
const ShippingPage = page(() => import('../features/checkout/pages/shipping-page.tsx'), 'ShippingPage');
const PaymentPage = page(() => import('../features/checkout/pages/payment-page.tsx'), 'PaymentPage');
const PlaceOrderPage = page(
  () => import('../features/checkout/pages/place-order-page.tsx'),
  'PlaceOrderPage',
);
const OrderPage = page(() => import('../features/orders/pages/order-page.tsx'), 'OrderPage');
const TaxDocumentPage = page(
  () => import('../features/tax-documents/pages/tax-document-page.tsx'),
  'TaxDocumentPage',
);
const LatestOrderPage = page(
  () => import('../features/orders/pages/latest-order-page.tsx'),
  'LatestOrderPage',
);
const AdminRefundsPage = page(
  () => import('../features/refunds/pages/admin-refunds-page.tsx'),
  'AdminRefundsPage',
);
const AdminOrderListPage = page(
  () => import('../features/orders/pages/admin-order-list-page.tsx'),
  'AdminOrderListPage',
);
const SellerOrderListPage = page(
  () => import('../features/orders/pages/seller-order-list-page.tsx'),
  'SellerOrderListPage',
);
const PendingPaymentsPage = page(
  () => import('../features/orders/pages/pending-payments-page.tsx'),
  'PendingPaymentsPage',
);
const SellerProductListPage = page(
  () => import('../features/seller-products/pages/seller-product-list-page.tsx'),
  'SellerProductListPage',
);
const CreateProductPage = page(
  () => import('../features/seller-products/pages/create-product-page.tsx'),
  'CreateProductPage',
);
const EditProductPage = page(
  () => import('../features/seller-products/pages/edit-product-page.tsx'),
  'EditProductPage',
);
const BulkUploadPage = page(
  () => import('../features/product-imports/pages/bulk-upload-page.tsx'),
  'BulkUploadPage',
);
const SizeChartsPage = page(
  () => import('../features/size-charts/pages/size-charts-page.tsx'),
  'SizeChartsPage',
);
const SizeChartCreatePage = page(
  () => import('../features/size-charts/pages/size-chart-edit-page.tsx'),
  'SizeChartCreatePage',
);
const AdminDeliveryPage = page(
  () => import('../features/delivery/pages/admin-delivery-page.tsx'),
  'AdminDeliveryPage',
);
const SellerDeliveryPage = page(
  () => import('../features/delivery/pages/seller-delivery-page.tsx'),
  'SellerDeliveryPage',
);
const SizeChartEditPage = page(
  () => import('../features/size-charts/pages/size-chart-edit-page.tsx'),
  'SizeChartEditPage',
);
const AdminProductListPage = page(
  () => import('../features/admin-catalog/pages/admin-product-list-page.tsx'),
  'AdminProductListPage',
);
const CategoryMarkupsPage = page(
  () => import('../features/admin-catalog/pages/category-markups-page.tsx'),
  'CategoryMarkupsPage',
);
const EditCategoryMarkupPage = page(
  () => import('../features/admin-catalog/pages/edit-category-markup-page.tsx'),
  'EditCategoryMarkupPage',
);
const SellerShipmentsPage = page(
  () => import('../features/shipments/pages/seller-shipments-page.tsx'),
  'SellerShipmentsPage',
);
const AdminShipmentsPage = page(
  () => import('../features/shipments/pages/admin-shipments-page.tsx'),
  'AdminShipmentsPage',
);
const SellerDashboardPage = page(
  () => import('../features/dashboards/pages/seller-dashboard-page.tsx'),
  'SellerDashboardPage',
);
const PendingSellersPage = page(
  () => import('../features/dashboards/pages/pending-sellers-page.tsx'),
  'PendingSellersPage',
);
const SellerReturnsPage = page(
  () => import('../features/returns/pages/returns-page.tsx'),
  'SellerReturnsPage',
);
const AdminReturnsPage = page(() => import('../features/returns/pages/returns-page.tsx'), 'AdminReturnsPage');
const SellerTaxDocumentsPage = page(
  () => import('../features/gst/pages/seller-tax-documents-page.tsx'),
  'SellerTaxDocumentsPage',
);
const AdminGstPage = page(() => import('../features/gst/pages/admin-gst-page.tsx'), 'AdminGstPage');
const SellerStatementPage = page(
  () => import('../features/settlements/pages/seller-statement-page.tsx'),
  'SellerStatementPage',
);
const AdminPayoutsPage = page(
  () => import('../features/settlements/pages/admin-payouts-page.tsx'),
  'AdminPayoutsPage',
);
const AdminSellerLedgerPage = page(
  () => import('../features/settlements/pages/admin-seller-ledger-page.tsx'),
  'AdminSellerLedgerPage',
);
const AdminSettlementsPage = page(
  () => import('../features/settlements/pages/admin-settlements-page.tsx'),
  'AdminSettlementsPage',
);
const AdminCodCashPage = page(
  () => import('../features/settlements/pages/admin-cod-cash-page.tsx'),
  'AdminCodCashPage',
);
const NotFoundPage = page(() => import('../features/static/pages/not-found-page.tsx'), 'NotFoundPage');

/**
 * Routes that need a sign-in, and a permission when given: the one guard (require-access.tsx) wraps them
 * here, so no page checks access itself.
 */
const guarded = (children: RouteObject[], allowed?: (actor: Actor) => boolean): RouteObject => ({
  element: (
    <RequireAccess allowed={allowed}>
      <Outlet />
    </RequireAccess>
  ),
  children,
});

/** Every route of docs/product/screens.md's route table. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        // Errors render inside the layout, so the header and footer stay usable.
        errorElement: <RouteError />,
        children: [
          // Storefront
          { index: true, element: <HomePage /> },
          { path: 'page/:pageNumber', element: <HomePage /> },
          { path: 'search/:keyword', element: <SearchPage /> },
          { path: 'search/:keyword/page/:pageNumber', element: <SearchPage /> },
          { path: 'product/:id', element: <ProductPage /> },
          { path: 'categories/:category/:sub?/:level3?/:level4?/:level5?', element: <CategoryPage /> },
          { path: 'shop/:shopName', element: <ShopPage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'cart/:id', element: <CartPage /> },
          // Public: a guest's list lives in the browser (docs/decisions/0104-wishlist.md).
          { path: 'wishlist', element: <WishlistPage /> },

          // Accounts
          { path: 'login', element: <LoginPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password/:token', element: <ResetPasswordPage /> },
          { path: 'registration_choice', element: <RegistrationChoicePage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'register_seller', element: <SellerRegisterPage /> },
          { path: 'register_seller/:type', element: <SellerRegisterPage /> },
          { path: 'profile-review-screen', element: <ProfileReviewPage /> },

          // Signed in: the profile, checkout and orders
          guarded([
            { path: 'profile', element: <ProfilePage /> },
            { path: 'shipping', element: <ShippingPage /> },
            { path: 'payment', element: <PaymentPage /> },
            { path: 'placeorder', element: <PlaceOrderPage /> },
            { path: 'order', element: <LatestOrderPage /> },
            { path: 'order/:id', element: <OrderPage /> },
            { path: 'order/:id/edit', element: <OrderPage /> },
            { path: 'tax-documents/:id', element: <TaxDocumentPage /> },
          ]),

          // Information
          { path: 'help', element: <HelpPage /> },
          { path: 'terms-conditions', element: <TermsPage /> },

          // Back office
          guarded([{ path: 'admin/userlist', element: <UserListPage /> }], canViewUserList),
          guarded([{ path: 'admin/user/:id/edit', element: <UserEditPage /> }], canManageUsers),
          guarded(
            [
              { path: 'admin/categories-markup', element: <CategoryMarkupsPage /> },
              { path: 'admin/category-markup/:id/edit', element: <EditCategoryMarkupPage /> },
            ],
            canEditMarkups,
          ),
          guarded([{ path: 'admin/orderlist', element: <AdminOrderListPage /> }], canManageOrders),
          guarded([{ path: 'admin/shipments', element: <AdminShipmentsPage /> }], canManageShipments),
          guarded([{ path: 'admin/sellers/pending', element: <PendingSellersPage /> }], canViewUserList),
          guarded(
            [{ path: 'admin/pending-payments', element: <PendingPaymentsPage /> }],
            canViewPendingPayments,
          ),
          guarded([{ path: 'admin/refunds', element: <AdminRefundsPage /> }], isAdmin),
          guarded([{ path: 'admin/returns', element: <AdminReturnsPage /> }], isAdmin),
          guarded(
            [
              { path: 'admin/productlist', element: <AdminProductListPage /> },
              { path: 'admin/productlist/:pageNumber', element: <AdminProductListPage /> },
            ],
            isAdmin,
          ),

          // Seller (and Admin): products and their orders
          guarded(
            [
              { path: 'product/:id/edit', element: <EditProductPage /> },
              { path: 'seller/productlist', element: <SellerProductListPage /> },
              { path: 'seller/productlist/:pageNumber', element: <SellerProductListPage /> },
              { path: 'seller/product/create', element: <CreateProductPage /> },
              { path: 'seller/orderlist', element: <SellerOrderListPage /> },
              { path: 'seller/size-charts', element: <SizeChartsPage /> },
              { path: 'seller/size-charts/new', element: <SizeChartCreatePage /> },
              { path: 'seller/size-charts/:id/edit', element: <SizeChartEditPage /> },
            ],
            canManageProducts,
          ),
          // Sellers only: a bulk upload writes into the caller's own catalogue (docs/product/bulk-listing.md).
          guarded([{ path: 'seller/bulk-upload', element: <BulkUploadPage /> }], isSeller),
          guarded([{ path: 'seller/delivery', element: <SellerDeliveryPage /> }], isSeller),
          guarded([{ path: 'admin/delivery', element: <AdminDeliveryPage /> }], isAdmin),
          guarded([{ path: 'seller/tax-documents', element: <SellerTaxDocumentsPage /> }], isSeller),
          guarded([{ path: 'admin/gst', element: <AdminGstPage /> }], isAdmin),
          // Seller money (docs/product/settlements.md): the seller's statement, the operator's payouts and books.
          guarded([{ path: 'seller/statement', element: <SellerStatementPage /> }], isSeller),
          guarded(
            [
              { path: 'admin/payouts', element: <AdminPayoutsPage /> },
              { path: 'admin/sellers/:id/ledger', element: <AdminSellerLedgerPage /> },
              { path: 'admin/settlements', element: <AdminSettlementsPage /> },
              { path: 'admin/cod-cash', element: <AdminCodCashPage /> },
            ],
            isAdmin,
          ),
          // A seller's own work: the dashboard and the shipment queue (docs/decisions/0115-seller-and-operator-views.md).
          guarded(
            [
              { path: 'seller/dashboard', element: <SellerDashboardPage /> },
              { path: 'seller/shipments', element: <SellerShipmentsPage /> },
              { path: 'seller/returns', element: <SellerReturnsPage /> },
            ],
            isSeller,
          ),

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/** Load the code of the pages `pathname` shows, before hydrating the server's HTML of it. */
export async function preloadRoute(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? [])
    .map((m) => (isValidElement(m.route.element) ? m.route.element.type : null))
    .filter((type): type is Page => typeof type === 'function' && 'preload' in type);
  await Promise.all(pages.map((p) => p.preload()));
}
