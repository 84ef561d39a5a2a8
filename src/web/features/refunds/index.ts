/** The refunds feature's public surface (docs/decisions/0111-refunds.md). The Admin page loads by route. */
export { RefundStatusList } from './components/refund-status-list.tsx';
