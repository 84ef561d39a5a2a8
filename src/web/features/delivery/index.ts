/**
 * The delivery promise (docs/decisions/0113-delivery-promise.md): the product page's pincode check and
 * checkout's dates and cash-on-delivery answer. The Admin and seller pages are loaded lazily by the router.
 * Add an export here, and only here, when another feature needs something.
 */
export { DeliveryCheck } from './components/delivery-check.tsx';
export { DeliveryQuoteSummary } from './components/delivery-quote.tsx';
export { useDeliveryQuote } from './api/get-quote.ts';
