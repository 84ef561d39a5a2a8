/**
 * GST (docs/product/gst-and-invoices.md): the dated rate table, the operator's tax settings and each
 * seller's state, as other modules read them inside their transactions.
 */
export { allGstRules, readGstSettings, sellerStateCodes } from './gst.repo.ts';
