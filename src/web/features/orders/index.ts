/** Order display pieces checkout's preview and the profile reuse. */
export { AddressText } from './components/address-text.tsx';
export { MyPurchases } from './components/my-purchases.tsx';
export { OrderItemList, type ItemRow } from './components/order-item-list.tsx';
export { GstSplitRows, OrderSummary, type GstSplit } from './components/order-summary.tsx';
export { paymentMethodLabel } from './components/payment-method-label.ts';
