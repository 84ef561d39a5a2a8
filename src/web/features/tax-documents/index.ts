/**
 * Tax invoices and credit notes (issue 15). The order page lists a parcel's documents; the document page
 * (`/tax-documents/:id`) loads by route.
 */
export { useOrderTaxDocuments, taxDocumentPath, taxDocumentPdfUrl } from './api/tax-documents.ts';
export { TaxDocumentList } from './components/tax-document-list.tsx';
