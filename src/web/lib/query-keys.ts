import type { QueryClient } from '@tanstack/react-query';
import type { RefundListQuery, ReturnListQuery, ShipmentListQuery } from '#shared/schemas/fulfilment.ts';
import type { OrderListQuery } from '#shared/schemas/order.ts';

/**
 * Every TanStack Query key of the web app comes from here (no feature writes its own), so what a mutation
 * invalidates is easy to find and no two screens spell the same data two ways.
 *
 * Anything that depends on who is signed in lives under `private` and is dropped when the session
 * changes (sign in, sign out), so one person's data is never shown to the next. The rest is public data,
 * the same for every visitor.
 */
const PRIVATE = ['private'] as const;
const orders = [...PRIVATE, 'orders'] as const;
const productManagement = [...PRIVATE, 'product-management'] as const;
const adminUsers = [...PRIVATE, 'admin-users'] as const;

export const queryKeys = {
  session: ['session'] as const,
  private: PRIVATE,
  /** The signed-in shopper's saved products (private; a guest's list is in localStorage). */
  wishlist: [...PRIVATE, 'wishlist'] as const,
  /** A product's reviews (private: the answer depends on who asks: their own review, their votes, Admin's hidden ones). */
  reviews: {
    of: (productId: string) => [...PRIVATE, 'reviews', productId] as const,
    page: (productId: string, sort: string, page: number) =>
      [...PRIVATE, 'reviews', productId, sort, page] as const,
  },

  places: {
    countries: ['places', 'countries'] as const,
    states: (country: string) => ['places', 'states', country] as const,
    cities: (country: string, state: string) => ['places', 'cities', country, state] as const,
  },

  currency: {
    rates: (code: string) => ['currency', 'rates', code] as const,
    geo: ['currency', 'geo'] as const,
  },

  /** The storefront catalogue (public). */
  catalog: {
    all: ['catalog'] as const,
    productLists: ['catalog', 'products'] as const,
    /** `filters`: the filters' query string (features/catalog/lib/filter-params.ts), '' for none. */
    products: (keyword: string, page: number, filters = '') =>
      ['catalog', 'products', { keyword, page, filters }] as const,
    top: ['catalog', 'top'] as const,
    product: (id: string) => ['catalog', 'product', id] as const,
    /** Every discounts entry (prefix); `discounts(ids)`: the live discounts of those products (sorted ids). */
    allDiscounts: ['catalog', 'discounts'] as const,
    discounts: (productIds: readonly string[]) => ['catalog', 'discounts', productIds] as const,
    firstLevel: ['catalog', 'categories', 'first'] as const,
    secondLevel: (first: string) => ['catalog', 'categories', 'second', first] as const,
    categoryIds: (path: readonly string[]) => ['catalog', 'categories', 'ids', ...path] as const,
    categoryProducts: (ids: readonly string[], page: number, filters = '') =>
      ['catalog', 'categories', 'products', { ids, page, filters }] as const,
    shop: (name: string) => ['catalog', 'shop', name] as const,
    shopProducts: (name: string, page: number, filters = '') =>
      ['catalog', 'shop', name, 'products', page, filters] as const,
    publicUser: (id: string) => ['catalog', 'public-user', id] as const,
  },

  /** Category levels of the product form (public). */
  categories: {
    level: (...path: string[]) => ['category-levels', ...path] as const,
    id: (path: readonly string[]) => ['category-id', ...path] as const,
  },

  /** A coupon code's discounts (public: the same for everyone who types the code). */
  coupon: (code: string) => ['cart', 'coupon', code.trim().toLowerCase()] as const,

  /** Product management: the seller's and the admin's tables, the form's data, markups (private). */
  productManagement: {
    all: productManagement,
    sellerList: (userId: string, page: number) => [...productManagement, 'seller', userId, page] as const,
    adminList: (page: number) => [...productManagement, 'admin', page] as const,
    product: (id: string) => [...productManagement, 'product', id] as const,
    discount: (id: string) => [...productManagement, 'discount', id] as const,
    markups: [...productManagement, 'markups'] as const,
    /** The seller's first-steps checklist (ADR 0134): a product change may tick it. */
    sellerOnboarding: [...productManagement, 'seller-onboarding'] as const,
    markup: (id: string) => [...productManagement, 'markup', id] as const,
    markupByName: (name: string) => [...productManagement, 'markup-name', name] as const,
    /** A seller's size charts (docs/decisions/0106-size-charts.md); '' is the caller's own. */
    sizeCharts: [...productManagement, 'size-charts'] as const,
    sizeChartsOf: (seller: string) => [...productManagement, 'size-charts', seller] as const,
  },

  /** A seller's bulk uploads (private), polled while they run. */
  productImports: {
    detail: (id: string) => [...PRIVATE, 'product-imports', id] as const,
  },

  /** Orders (private). */
  orders: {
    all: orders,
    detail: (id: string) => [...orders, 'detail', id] as const,
    /** An order's shipments, returns and refunds (GET /api/orders/:id/fulfilment). */
    fulfilment: (id: string) => [...orders, 'fulfilment', id] as const,
    mine: [...orders, 'mine'] as const,
    list: (query: OrderListQuery) => [...orders, 'list', query] as const,
    seller: (userId: string, page: number) => [...orders, 'seller', userId, page] as const,
    pendingPayments: [...orders, 'pending-seller-payments'] as const,
  },

  /**
   * Shipments (private): a seller's queue (`scope` 'seller') and the operator's list ('all'), the seller
   * dashboard and the approval queue (docs/decisions/0115-seller-and-operator-views.md).
   */
  shipments: {
    all: [...orders, 'shipments'] as const,
    list: (scope: 'seller' | 'all', query: ShipmentListQuery) =>
      [...orders, 'shipments', scope, query] as const,
  },
  /** The Admin refund list (docs/decisions/0111-refunds.md), under orders: a refund changes an order's page too. */
  refunds: {
    all: [...orders, 'refunds'] as const,
    list: (query: RefundListQuery) => [...orders, 'refunds', query] as const,
  },
  /** Return and exchange requests (docs/decisions/0112-returns-and-exchanges.md), under orders: a move changes an order's page too. */
  returns: {
    all: [...orders, 'returns'] as const,
    list: (scope: 'seller' | 'all', query: ReturnListQuery) => [...orders, 'returns', scope, query] as const,
  },
  sellerDashboard: [...orders, 'seller-dashboard'] as const,
  /** Tax invoices and credit notes (issue 15), under orders: a shipment move issues one. */
  taxDocuments: {
    ofOrder: (orderId: string) => [...orders, 'tax-documents', 'order', orderId] as const,
    detail: (id: string) => [...orders, 'tax-documents', 'detail', id] as const,
  },
  /** The tax facts of the cart's products (public: HSN, rate, seller's state) and the dated GST rules. */
  gstTaxFacts: (products: readonly string[]) => ['gst', 'tax-facts', ...products] as const,
  /**
   * The GST screens (issue 15): the public rate table, the operator's settings (Admin), and the seller's and
   * the Admin's document lists by month, under orders: a shipment move or a return issues documents.
   */
  gst: {
    rates: ['gst', 'rates'] as const,
    settings: [...PRIVATE, 'gst', 'settings'] as const,
    documents: [...orders, 'tax-documents', 'list'] as const,
    sellerDocuments: (month: string, kind: string) =>
      [...orders, 'tax-documents', 'list', 'seller', month, kind] as const,
    allDocuments: (month: string, seller: string, kind: string) =>
      [...orders, 'tax-documents', 'list', 'all', month, seller, kind] as const,
  },
  pendingSellers: (page: number) => [...adminUsers, 'pending-sellers', page] as const,
  /**
   * Seller money (issue 16), under orders: a shipment move or a return writes ledger entries. `seller` is
   * 'own' for the signed-in seller's statement, else the seller's id (Admin).
   */
  settlements: {
    all: [...orders, 'settlements'] as const,
    ledger: (seller: string, page: number, month: string) =>
      [...orders, 'settlements', 'ledger', seller, page, month] as const,
    taxWithheld: (seller: string, fy: string) => [...orders, 'settlements', 'tcs-tds', seller, fy] as const,
    payoutAccount: [...orders, 'settlements', 'payout-account'] as const,
    /** The Admin's payout batches (polled while payouts are in flight) and payout accounts by status. */
    batches: [...orders, 'settlements', 'payout-batches'] as const,
    payoutAccounts: (status: string) => [...orders, 'settlements', 'payout-accounts', status] as const,
    /** The operator's books per month of a financial year, commission rules, settings, COD cash (Admin). */
    totals: (fy: string) => [...orders, 'settlements', 'totals', fy] as const,
    commissionRules: [...orders, 'settlements', 'commission-rules'] as const,
    settings: [...orders, 'settlements', 'settings'] as const,
    codCash: [...orders, 'settlements', 'cod-cash'] as const,
    /** Sellers to choose from (Admin pickers). */
    sellers: [...adminUsers, 'sellers'] as const,
  },

  /** The payment step: provider config is public, quotes are per order and private. */
  /** GET /api/config/orders: the per-order quantity limit (public, the same for everyone). */
  orderSettings: ['config', 'orders'] as const,

  payments: {
    razorpayConfig: ['config', 'razorpay'] as const,
    paypalConfig: ['config', 'paypal'] as const,
    quote: (orderId: string) => [...PRIVATE, 'payments', 'quote', orderId] as const,
  },

  /**
   * The delivery promise (docs/decisions/0113-delivery-promise.md): a product to a pincode is the same for
   * everybody; checkout's quote, the operator's settings and pincodes and a seller's area are private.
   */
  delivery: {
    promise: (productId: string, pincode: string) => ['delivery', 'promise', productId, pincode] as const,
    quote: (key: string) => [...PRIVATE, 'delivery', 'quote', key] as const,
    settings: [...PRIVATE, 'delivery', 'settings'] as const,
    pincodes: (q: string) => [...PRIVATE, 'delivery', 'pincodes', q] as const,
    sellerArea: [...PRIVATE, 'delivery', 'seller-area'] as const,
  },

  /** The back office's user pages (private); the role list is public. */
  adminUsers: {
    all: adminUsers,
    list: (page: number, keyword: string) => [...adminUsers, 'list', page, keyword] as const,
    detail: (id: string) => [...adminUsers, 'detail', id] as const,
    roles: ['roles'] as const,
  },
};

/**
 * A product was created, changed, switched on or off, or deleted: refetch what shows products (the
 * storefront lists and pages, the cart's product data, the management tables), nothing else.
 */
export const invalidateProducts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.productManagement.all }),
  ]);
