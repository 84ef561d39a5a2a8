/**
 * The API routes an anonymous caller may use, as `METHOD /url` (the url as registered, with `:params`).
 * Every other route under /api needs a signed-in actor (plugins/context.ts adds the check, before any
 * validation); roles and the active flag are then checked per route with `requireRole`,
 * `requirePermission` or `requireActive` (plugins/auth.ts). Adding a route here is a deliberate choice:
 * tests/api/route-guards.test.ts calls every route as a stranger and fails on any other that answers 2xx.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  // Storefront reads
  'GET /api/products',
  'GET /api/products/top',
  'GET /api/products/category',
  'GET /api/products/:id',
  'GET /api/products/:id/markup',
  'GET /api/products/:id/reviews',
  'GET /api/product-discounts',
  'GET /api/product-discounts/coupon/:code',
  'GET /api/category/getcategories/:categoryId',
  'GET /api/category/getcategoryid',
  'GET /api/category/getcategoryid/',
  'GET /api/category/hsn-tax/:categoryId',
  'GET /api/category/firstlevel',
  'GET /api/category/secondlevel/:first',
  'GET /api/category/thirdlevel/:second/:first',
  'GET /api/category/fourthlevel/:third/:second',
  'GET /api/category/fifthlevel/:fourth/:third',
  'GET /api/category/:name',
  'GET /api/shops/names',
  // The header's language switch: a visitor's choice goes in a cookie (ADR 0135)
  'PUT /api/users/language',
  'GET /api/shops/name/:shopName',
  'GET /api/shops/products/:shopName',
  'GET /api/users/public/:id',
  'GET /api/roles',
  // Reference data
  'GET /api/places/countries',
  'GET /api/places/countries/:iso2/states',
  'GET /api/places/countries/:iso2/states/:stateCode/cities',
  'GET /api/places/postal-code',
  'GET /api/currencies',
  'GET /api/rates/:code',
  'GET /api/geo/currency',
  'GET /api/config/razorpay',
  'GET /api/config/paypal',
  // The per-order quantity limit the storefront's steppers stop at (docs/decisions/0132-phone-purchase-flow.md)
  'GET /api/config/orders',
  // The product page's pincode check (docs/decisions/0113-delivery-promise.md)
  'GET /api/delivery/promise',
  // The GST rate table and the tax facts the cart is priced with (docs/decisions/0118-gst-returns-and-commission-invoices.md)
  'GET /api/gst/rates',
  'GET /api/gst/tax-facts',
  // Accounts: signing up, in and out, recovering a password
  'POST /api/users',
  'POST /api/users/login',
  'POST /api/users/logout',
  // Who is signed in, null for a stranger (docs/decisions/0131-accessibility-checks.md)
  'GET /api/users/session',
  'POST /api/users/forgot-password',
  'POST /api/users/reset-password/:token',
  // Verified by signature, not by session
  'POST /api/payments/razorpay/webhook',
  'POST /api/payouts/razorpayx/webhook',
  'GET /api/upload/verification-docs/file',
  // For crawlers, outside /api (docs/decisions/0127-page-weight-images-seo.md): marked public in the document
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /sitemaps/pages.xml',
  'GET /sitemaps/products-:first.xml',
]);

/** Whether a route is part of the API the deny-by-default rule covers (the docs page is not). */
export const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** Whether anonymous callers may use `method url` (HEAD follows its GET). */
export const isPublicRoute = (method: string, url: string) =>
  PUBLIC_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
