/**
 * The name, tag and access of every API operation in the OpenAPI document: what a generated client calls
 * each endpoint, how the docs group it, and whether it needs a sign-in. Keyed by Fastify's method and URL
 * (`:param`, with the `/api` prefix). A route that is not listed here stops the app from starting (see
 * plugin.ts), so a new route cannot go undocumented. ADR: docs/decisions/0018-openapi-operation-names.md.
 *
 * operationId is part of the client contract: once published, do not rename one (clients generated from
 * the document use it as a function or type name). Tags are the server module that owns the route.
 * Which routes need a session is not repeated here: the document takes it from plugins/public-routes.ts,
 * the list the deny-by-default check uses.
 */
export type Operation = {
  operationId: string;
  tag: ApiTag;
  /** Answers a file (any content type), not JSON. */
  download?: true;
  /** Another spelling of the named operation's route, kept for existing clients and left out of the document. */
  aliasOf?: string;
};

/** One tag per server module, with the line the docs show under it. */
export const API_TAGS = {
  accounts: 'Signing up, in and out, profiles, password reset and seller onboarding',
  'users-admin': 'The users table and user edits (Admin, Auditor)',
  kyc: "Sellers' identity documents and their signed links",
  places: 'Countries, states, cities and postal codes',
  catalog: 'Products, reviews, categories, discounts and category markups',
  shops: 'Shops and their products',
  wishlist: "A signed-in shopper's saved products",
  'size-charts': "Sellers' size charts (measurements per size) that products point at",
  uploads: "Product images, shop picture and banner, a return request's photos or video",
  orders: 'Placing, listing and fulfilling orders; seller payouts',
  payments: 'RazorPay and PayPal checkout, the payment sandbox and the RazorPay webhook',
  currency: 'Currencies, rate tables and the visitor currency',
  notifications: 'Order-completed mails and sent-notification records',
  'product-imports':
    'Bulk listing: CSV imports and dry runs of a seller’s products, and the catalogue export',
  fulfilment: 'Shipments per seller: accept, pack, ship, deliver, cancel; packing slips; the order timeline',
  returns: 'Return and exchange requests: ask, approve or reject, pickup, receipt',
  refunds: 'Refunds through RazorPay and PayPal or by bank/UPI, the refund webhook and the refund list',
  delivery: 'Pincodes, serviceability, delivery dates and cash-on-delivery rules',
  dashboards: 'The seller dashboard, the seller approval queue and order search',
  'tax-documents':
    "Sellers' tax invoices and credit notes (and commission invoices) as JSON and PDF, and their lists",
  gst: 'The dated GST rate table, tax facts for the cart, operator GST settings, GSTR-1 and GSTR-8 exports',
  'commission-invoices': "The marketplace's monthly commission invoices to its sellers",
  settlements:
    'Seller money: the ledger, statements, TCS/TDS, commission rules, payout accounts, payout batches through RazorpayX or a bank file, COD cash remittances',
  seo: 'robots.txt and the sitemap of active products and categories, for crawlers (outside /api)',
} as const;

export type ApiTag = keyof typeof API_TAGS;

export const OPERATIONS: Record<string, Operation> = {
  // accounts
  'POST /api/users': { operationId: 'registerUser', tag: 'accounts' },
  'POST /api/users/login': { operationId: 'signIn', tag: 'accounts' },
  'POST /api/users/logout': { operationId: 'signOut', tag: 'accounts' },
  'PUT /api/users/language': { operationId: 'chooseLanguage', tag: 'accounts' },
  'GET /api/users/profile': { operationId: 'getMyProfile', tag: 'accounts' },
  'GET /api/users/session': { operationId: 'getSession', tag: 'accounts' },
  'PUT /api/users/profile': { operationId: 'updateMyProfile', tag: 'accounts' },
  'GET /api/users/public/:id': { operationId: 'getPublicUser', tag: 'accounts' },
  'GET /api/users/:id': { operationId: 'getUser', tag: 'accounts' },
  'GET /api/roles': { operationId: 'listRoles', tag: 'accounts' },
  'POST /api/users/forgot-password': {
    operationId: 'requestPasswordReset',
    tag: 'accounts',
  },
  'POST /api/users/reset-password/:token': { operationId: 'resetPassword', tag: 'accounts' },
  'POST /api/users/seller-verification-email': {
    operationId: 'sendSellerUnderReviewEmail',
    tag: 'accounts',
  },
  'DELETE /api/users/registration': { operationId: 'withdrawSellerRegistration', tag: 'accounts' },

  // users-admin
  'GET /api/users': { operationId: 'listUsers', tag: 'users-admin' },
  'PUT /api/users/:id': { operationId: 'updateUser', tag: 'users-admin' },
  'DELETE /api/users/:id': { operationId: 'deleteUser', tag: 'users-admin' },
  'POST /api/users/bulk': { operationId: 'listUsersByIds', tag: 'users-admin' },
  'GET /api/users/role/:roleId': { operationId: 'listUsersByRole', tag: 'users-admin' },
  'POST /api/users/seller-verified-email': { operationId: 'sendSellerVerifiedEmail', tag: 'users-admin' },

  // kyc
  'POST /api/upload/verification-docs': { operationId: 'uploadVerificationDocs', tag: 'kyc' },
  'POST /api/upload/generate-presigned-url': { operationId: 'createVerificationDocLink', tag: 'kyc' },
  // Authorised by the link's signature, not by a session.
  'GET /api/upload/verification-docs/file': {
    operationId: 'getVerificationDocFile',
    tag: 'kyc',
    download: true,
  },

  // places
  'GET /api/places/countries': { operationId: 'listCountries', tag: 'places' },
  'GET /api/places/countries/:iso2/states': { operationId: 'listStates', tag: 'places' },
  'GET /api/places/countries/:iso2/states/:stateCode/cities': {
    operationId: 'listCities',
    tag: 'places',
  },
  'GET /api/places/postal-code': { operationId: 'checkPostalCode', tag: 'places' },

  // catalog: products and reviews
  'GET /api/products': { operationId: 'listProducts', tag: 'catalog' },
  'GET /api/products/top': { operationId: 'listTopProducts', tag: 'catalog' },
  'GET /api/products/category': { operationId: 'listProductsByCategory', tag: 'catalog' },
  'GET /api/products/:id': { operationId: 'getProduct', tag: 'catalog' },
  'GET /api/products/:id/markup': { operationId: 'getProductMarkup', tag: 'catalog' },
  'POST /api/products/:id/reviews': { operationId: 'reviewProduct', tag: 'catalog' },
  'GET /api/products/:id/reviews': { operationId: 'listProductReviews', tag: 'catalog' },
  'PUT /api/reviews/:id': { operationId: 'updateMyReview', tag: 'catalog' },
  'DELETE /api/reviews/:id': { operationId: 'deleteMyReview', tag: 'catalog' },
  'POST /api/reviews/:id/helpful': { operationId: 'voteReviewHelpful', tag: 'catalog' },
  'DELETE /api/reviews/:id/helpful': { operationId: 'unvoteReviewHelpful', tag: 'catalog' },
  'PUT /api/reviews/:id/hide': { operationId: 'hideReview', tag: 'catalog' },
  'PUT /api/reviews/:id/unhide': { operationId: 'unhideReview', tag: 'catalog' },
  'POST /api/products': { operationId: 'createProduct', tag: 'catalog' },
  'PUT /api/products/:id': { operationId: 'updateProduct', tag: 'catalog' },
  'PUT /api/products/:id/toggle': { operationId: 'toggleProduct', tag: 'catalog' },
  'DELETE /api/products/:id': { operationId: 'deleteProduct', tag: 'catalog' },
  'GET /api/products/seller/:userId': { operationId: 'listSellerProducts', tag: 'catalog' },
  'GET /api/products/admin/productlist': { operationId: 'listAllProducts', tag: 'catalog' },

  // catalog: categories
  'GET /api/category/getcategories/:categoryId': {
    operationId: 'getCategory',
    tag: 'catalog',
  },
  'GET /api/category/hsn-tax/:categoryId': { operationId: 'getCategoryTax', tag: 'catalog' },
  'GET /api/category/firstlevel': { operationId: 'listFirstLevelCategories', tag: 'catalog' },
  'GET /api/category/secondlevel/:first': {
    operationId: 'listSecondLevelCategories',
    tag: 'catalog',
  },
  'GET /api/category/thirdlevel/:second/:first': {
    operationId: 'listThirdLevelCategories',
    tag: 'catalog',
  },
  'GET /api/category/fourthlevel/:third/:second': {
    operationId: 'listFourthLevelCategories',
    tag: 'catalog',
  },
  'GET /api/category/fifthlevel/:fourth/:third': {
    operationId: 'listFifthLevelCategories',
    tag: 'catalog',
  },
  'GET /api/category/getcategoryid': { operationId: 'findCategoryId', tag: 'catalog' },
  // The same lookup with the trailing slash existing clients send; one operation in the document.
  'GET /api/category/getcategoryid/': {
    operationId: 'findCategoryIdTrailingSlash',
    tag: 'catalog',
    aliasOf: 'findCategoryId',
  },
  'GET /api/category/:name': { operationId: 'listCategoryIdsByName', tag: 'catalog' },

  // catalog: discounts
  'GET /api/product-discounts': { operationId: 'listDiscounts', tag: 'catalog' },
  'GET /api/product-discounts/coupon/:code': {
    operationId: 'listCouponDiscounts',
    tag: 'catalog',
  },
  'GET /api/product-discounts/:product_id': { operationId: 'getProductDiscount', tag: 'catalog' },
  'PUT /api/product-discounts/:product_id': { operationId: 'putProductDiscount', tag: 'catalog' },

  // catalog: category markups
  'GET /api/category/categories-markup': { operationId: 'listCategoryMarkups', tag: 'catalog' },
  'GET /api/category/categories-markup/name/:mainCategory': {
    operationId: 'getCategoryMarkupByName',
    tag: 'catalog',
  },
  'GET /api/category/categories-markup/:id': { operationId: 'getCategoryMarkup', tag: 'catalog' },
  'PUT /api/category/categories-markup/:id': { operationId: 'updateCategoryMarkup', tag: 'catalog' },

  // shops
  'GET /api/shops/names': { operationId: 'listShopNames', tag: 'shops' },
  'GET /api/shops/name/:shopName': { operationId: 'getShop', tag: 'shops' },
  'GET /api/shops/products/:shopName': { operationId: 'listShopProducts', tag: 'shops' },

  // wishlist
  'GET /api/wishlist': { operationId: 'getMyWishlist', tag: 'wishlist' },
  'PUT /api/wishlist/:productId': { operationId: 'saveToWishlist', tag: 'wishlist' },
  'DELETE /api/wishlist/:productId': { operationId: 'removeFromWishlist', tag: 'wishlist' },
  'POST /api/wishlist/merge': { operationId: 'mergeGuestWishlist', tag: 'wishlist' },

  // size-charts
  'GET /api/size-charts': { operationId: 'listSizeCharts', tag: 'size-charts' },
  'POST /api/size-charts': { operationId: 'createSizeChart', tag: 'size-charts' },
  'PUT /api/size-charts/:id': { operationId: 'updateSizeChart', tag: 'size-charts' },
  'DELETE /api/size-charts/:id': { operationId: 'deleteSizeChart', tag: 'size-charts' },

  // uploads
  'POST /api/upload/product': { operationId: 'uploadProductImages', tag: 'uploads' },
  'POST /api/products/with-images': { operationId: 'createProductWithImages', tag: 'uploads' },
  'POST /api/upload/shop-picture': { operationId: 'uploadShopPicture', tag: 'uploads' },
  'POST /api/upload/shop-banner': { operationId: 'uploadShopBanner', tag: 'uploads' },
  'POST /api/upload/returns': { operationId: 'uploadReturnMedia', tag: 'uploads' },

  // returns and exchanges (docs/decisions/0112-returns-and-exchanges.md)
  'POST /api/orders/:id/returns': { operationId: 'requestReturn', tag: 'returns' },
  'GET /api/returns/:id': { operationId: 'getReturnRequest', tag: 'returns' },
  'GET /api/returns/:id/media/:index/:file': {
    operationId: 'getReturnMedia',
    tag: 'returns',
    download: true,
  },
  'PUT /api/returns/:id/approve': { operationId: 'approveReturn', tag: 'returns' },
  'PUT /api/returns/:id/reject': { operationId: 'rejectReturn', tag: 'returns' },
  'PUT /api/returns/:id/withdraw': { operationId: 'withdrawReturn', tag: 'returns' },
  'PUT /api/returns/:id/picked-up': { operationId: 'markReturnPickedUp', tag: 'returns' },
  'PUT /api/returns/:id/receive': { operationId: 'receiveReturn', tag: 'returns' },
  'GET /api/seller/returns': { operationId: 'listSellerReturns', tag: 'returns' },
  'GET /api/returns': { operationId: 'listReturns', tag: 'returns' },

  // product-imports
  'POST /api/product-imports': { operationId: 'startProductImport', tag: 'product-imports' },
  'GET /api/product-imports': { operationId: 'listProductImports', tag: 'product-imports' },
  'GET /api/product-imports/export.csv': {
    operationId: 'exportMyCatalogue',
    tag: 'product-imports',
    download: true,
  },
  'GET /api/product-imports/:id': { operationId: 'getProductImport', tag: 'product-imports' },

  // orders
  'POST /api/orders': { operationId: 'placeOrder', tag: 'orders' },
  'GET /api/config/orders': { operationId: 'getOrderSettings', tag: 'orders' },
  'GET /api/orders': { operationId: 'listOrders', tag: 'orders' },
  'GET /api/orders/myorders': { operationId: 'listMyOrders', tag: 'orders' },
  'GET /api/orders/seller/:userId': { operationId: 'listSellerOrders', tag: 'orders' },
  'GET /api/orders/:id': { operationId: 'getOrder', tag: 'orders' },
  'PUT /api/orders/:id/deliver': { operationId: 'markOrderDelivered', tag: 'orders' },
  'PUT /api/orders/:id/CashOnDelivery/pay': { operationId: 'markCashOnDeliveryPaid', tag: 'orders' },
  'GET /api/payments/pending-seller-payments': { operationId: 'listPendingSellerPayments', tag: 'orders' },
  'POST /api/payments/seller': { operationId: 'updateSellerPayment', tag: 'orders' },

  // payments
  'GET /api/config/razorpay': { operationId: 'getRazorPayConfig', tag: 'payments' },
  'GET /api/config/paypal': { operationId: 'getPayPalConfig', tag: 'payments' },
  'GET /api/orders/:id/payment-quote': { operationId: 'getPaymentQuote', tag: 'payments' },
  'POST /api/orders/RazorPay': { operationId: 'createRazorPayOrder', tag: 'payments' },
  'PUT /api/orders/:id/RazorPay/pay': { operationId: 'payOrderWithRazorPay', tag: 'payments' },
  'POST /api/orders/:id/PayPal/create': { operationId: 'createPayPalOrder', tag: 'payments' },
  'PUT /api/orders/:id/PayPal/pay': { operationId: 'payOrderWithPayPal', tag: 'payments' },
  'POST /api/payments/sandbox/razorpay/pay': { operationId: 'paySandboxRazorPayOrder', tag: 'payments' },
  // Authorised by the X-Razorpay-Signature header over the raw body, not by a session.
  'POST /api/payments/razorpay/webhook': {
    operationId: 'receiveRazorPayWebhook',
    tag: 'payments',
  },

  // currency
  'GET /api/currencies': { operationId: 'listCurrencies', tag: 'currency' },
  'GET /api/rates/:code': { operationId: 'getRates', tag: 'currency' },
  'GET /api/geo/currency': { operationId: 'getVisitorCurrency', tag: 'currency' },

  // notifications
  'POST /api/orders/email/buyer/complete_order/:id': {
    operationId: 'sendBuyerOrderCompletedEmail',
    tag: 'notifications',
  },
  'POST /api/orders/email/seller/complete_order/:id': {
    operationId: 'sendSellerOrderCompletedEmail',
    tag: 'notifications',
  },
  'POST /api/orders/email/distributors/complete_order/:id': {
    operationId: 'sendDistributorsOrderCompletedEmail',
    tag: 'notifications',
  },
  // GET: the spelling older clients use; the same idempotent request as POST.
  'GET /api/orders/email/buyer/complete_order/:id': {
    operationId: 'sendBuyerOrderCompletedEmailByGet',
    tag: 'notifications',
    aliasOf: 'sendBuyerOrderCompletedEmail',
  },
  'GET /api/orders/email/seller/complete_order/:id': {
    operationId: 'sendSellerOrderCompletedEmailByGet',
    tag: 'notifications',
    aliasOf: 'sendSellerOrderCompletedEmail',
  },
  'GET /api/orders/email/distributors/complete_order/:id': {
    operationId: 'sendDistributorsOrderCompletedEmailByGet',
    tag: 'notifications',
    aliasOf: 'sendDistributorsOrderCompletedEmail',
  },
  'GET /api/notifications/check': { operationId: 'checkNotification', tag: 'notifications' },
  'POST /api/notifications/record': { operationId: 'recordNotification', tag: 'notifications' },

  // delivery (docs/decisions/0113-delivery-promise.md)
  'GET /api/delivery/promise': { operationId: 'getDeliveryPromise', tag: 'delivery' },
  'POST /api/delivery/quote': { operationId: 'quoteDelivery', tag: 'delivery' },
  'GET /api/delivery/settings': { operationId: 'getDeliverySettings', tag: 'delivery' },
  'PUT /api/delivery/settings': { operationId: 'updateDeliverySettings', tag: 'delivery' },
  'GET /api/delivery/pincodes': { operationId: 'searchPincodes', tag: 'delivery' },
  'PUT /api/delivery/pincodes/:pincode': { operationId: 'updatePincode', tag: 'delivery' },
  'GET /api/seller/delivery-area': { operationId: 'getSellerDeliveryArea', tag: 'delivery' },
  'PUT /api/seller/delivery-area': { operationId: 'updateSellerDeliveryArea', tag: 'delivery' },

  // dashboards (docs/decisions/0115-seller-and-operator-views.md)
  'GET /api/seller/dashboard': { operationId: 'getSellerDashboard', tag: 'dashboards' },
  'GET /api/seller/onboarding': { operationId: 'getSellerOnboarding', tag: 'dashboards' },
  'GET /api/admin/sellers/pending': { operationId: 'listPendingSellers', tag: 'dashboards' },

  // fulfilment: shipments per seller (docs/decisions/0109-shipments-per-seller.md)
  'GET /api/seller/shipments': { operationId: 'listSellerShipments', tag: 'fulfilment' },
  'GET /api/shipments': { operationId: 'listShipments', tag: 'fulfilment' },
  'GET /api/shipments/:id': { operationId: 'getShipment', tag: 'fulfilment' },
  'PUT /api/shipments/:id/accept': { operationId: 'acceptShipment', tag: 'fulfilment' },
  'PUT /api/shipments/:id/pack': { operationId: 'packShipment', tag: 'fulfilment' },
  'PUT /api/shipments/:id/ship': { operationId: 'shipShipment', tag: 'fulfilment' },
  'PUT /api/shipments/:id/deliver': { operationId: 'deliverShipment', tag: 'fulfilment' },
  'PUT /api/shipments/:id/return-to-origin': { operationId: 'returnShipmentToOrigin', tag: 'fulfilment' },
  'GET /api/shipments/:id/packing-slip': {
    operationId: 'getPackingSlip',
    tag: 'fulfilment',
    download: true,
  },
  'GET /api/orders/:id/fulfilment': { operationId: 'getOrderFulfilment', tag: 'fulfilment' },
  // fulfilment: cancellations (docs/decisions/0110-cancellations.md)
  'PUT /api/shipments/:id/cancel': { operationId: 'cancelShipment', tag: 'fulfilment' },
  'PUT /api/orders/:id/cancel': { operationId: 'cancelOrder', tag: 'fulfilment' },

  // refunds (docs/decisions/0111-refunds.md)
  'GET /api/refunds': { operationId: 'listRefunds', tag: 'refunds' },
  'GET /api/refunds/:id': { operationId: 'getRefund', tag: 'refunds' },
  'PUT /api/refunds/:id/record': { operationId: 'recordRefund', tag: 'refunds' },

  // tax documents (docs/decisions/0117-tax-invoices-and-credit-notes.md)
  'GET /api/orders/:id/tax-documents': { operationId: 'listOrderTaxDocuments', tag: 'tax-documents' },
  'GET /api/tax-documents/:id': { operationId: 'getTaxDocument', tag: 'tax-documents' },
  'GET /api/tax-documents/:id/pdf': {
    operationId: 'getTaxDocumentPdf',
    tag: 'tax-documents',
    download: true,
  },
  'GET /api/seller/tax-documents': { operationId: 'listSellerTaxDocuments', tag: 'tax-documents' },
  'GET /api/tax-documents': { operationId: 'listTaxDocuments', tag: 'tax-documents' },

  // gst (docs/decisions/0118-gst-returns-and-commission-invoices.md)
  'GET /api/gst/rates': { operationId: 'listGstRates', tag: 'gst' },
  'GET /api/gst/tax-facts': { operationId: 'getTaxFacts', tag: 'gst' },
  'POST /api/admin/gst-rates': { operationId: 'createGstRateChange', tag: 'gst' },
  'GET /api/admin/gst-settings': { operationId: 'getGstSettings', tag: 'gst' },
  'PUT /api/admin/gst-settings': { operationId: 'updateGstSettings', tag: 'gst' },
  'GET /api/gst/gstr1': { operationId: 'exportGstr1', tag: 'gst', download: true },
  'GET /api/admin/gstr8': { operationId: 'exportGstr8', tag: 'gst', download: true },
  'POST /api/admin/commission-invoices': {
    operationId: 'issueCommissionInvoices',
    tag: 'commission-invoices',
  },
  // settlements (docs/product/settlements.md)
  'GET /api/seller/payout-account': { operationId: 'getPayoutAccount', tag: 'settlements' },
  'PUT /api/seller/payout-account': { operationId: 'savePayoutAccount', tag: 'settlements' },
  'GET /api/admin/payout-accounts': { operationId: 'listPayoutAccounts', tag: 'settlements' },
  'PUT /api/admin/payout-accounts/:sellerId/verify': {
    operationId: 'verifyPayoutAccount',
    tag: 'settlements',
  },
  'GET /api/admin/payout-batches': { operationId: 'listPayoutBatches', tag: 'settlements' },
  'POST /api/admin/payout-batches': { operationId: 'preparePayoutBatch', tag: 'settlements' },
  'GET /api/admin/payout-batches/:id': { operationId: 'getPayoutBatch', tag: 'settlements' },
  'PUT /api/admin/payout-batches/:id/approve': { operationId: 'approvePayoutBatch', tag: 'settlements' },
  'PUT /api/admin/payout-batches/:id/reject': { operationId: 'rejectPayoutBatch', tag: 'settlements' },
  'GET /api/admin/payout-batches/:id/bank-file': {
    operationId: 'downloadPayoutBankFile',
    tag: 'settlements',
    download: true,
  },
  'PUT /api/admin/payouts/:id/record': { operationId: 'recordBankPayout', tag: 'settlements' },
  'PUT /api/admin/payouts/:id/fail': { operationId: 'failPayout', tag: 'settlements' },
  'POST /api/payouts/razorpayx/webhook': { operationId: 'receiveRazorpayxWebhook', tag: 'settlements' },
  'GET /api/seller/ledger': { operationId: 'getOwnLedger', tag: 'settlements' },
  'GET /api/admin/sellers/:id/ledger': { operationId: 'getSellerLedger', tag: 'settlements' },
  'GET /api/payouts/:id/statement.csv': {
    operationId: 'downloadPayoutStatementCsv',
    tag: 'settlements',
    download: true,
  },
  'GET /api/payouts/:id/statement.pdf': {
    operationId: 'downloadPayoutStatementPdf',
    tag: 'settlements',
    download: true,
  },
  'GET /api/seller/tcs-tds': { operationId: 'getOwnTaxWithheld', tag: 'settlements' },
  'GET /api/admin/sellers/:id/tcs-tds': { operationId: 'getSellerTaxWithheld', tag: 'settlements' },
  'GET /api/admin/settlement-totals': { operationId: 'getSettlementTotals', tag: 'settlements' },
  'GET /api/admin/commission-rules': { operationId: 'listCommissionRules', tag: 'settlements' },
  'POST /api/admin/commission-rules': { operationId: 'createCommissionRule', tag: 'settlements' },
  'PUT /api/admin/commission-rules/:id/end': { operationId: 'endCommissionRule', tag: 'settlements' },
  'GET /api/admin/settlement-settings': { operationId: 'getSettlementSettings', tag: 'settlements' },
  'PUT /api/admin/settlement-settings': { operationId: 'updateSettlementSettings', tag: 'settlements' },
  'POST /api/admin/ledger-adjustments': { operationId: 'createLedgerAdjustment', tag: 'settlements' },
  'GET /api/admin/cod-cash': { operationId: 'getCodCash', tag: 'settlements' },
  'GET /api/distributor/cod-cash': { operationId: 'getOwnCodCash', tag: 'settlements' },
  'POST /api/admin/cod-remittances': { operationId: 'recordCodRemittance', tag: 'settlements' },
  // seo (outside /api: crawlers look for these at the site's root)
  'GET /robots.txt': { operationId: 'getRobotsTxt', tag: 'seo', download: true },
  'GET /sitemap.xml': { operationId: 'getSitemapIndex', tag: 'seo', download: true },
  'GET /sitemaps/pages.xml': { operationId: 'getPagesSitemap', tag: 'seo', download: true },
  'GET /sitemaps/products-:first.xml': { operationId: 'getProductsSitemap', tag: 'seo', download: true },
};

/** The key of a route in OPERATIONS: `GET /api/products/:id`. */
export const operationKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
