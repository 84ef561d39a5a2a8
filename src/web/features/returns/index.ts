/**
 * Returns and exchanges (docs/decisions/0112-returns-and-exchanges.md): the buyer's request dialog, and
 * the seller's and Admin's Returns pages.
 */
export { ReturnRequestDialog, type ReturnDialogLine } from './components/return-request-dialog.tsx';
export { useMoveReturn, type ReturnMove } from './api/returns.ts';
export { returnReasonText, returnStateLabel } from './lib/labels.ts';
