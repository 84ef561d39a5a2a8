import type { App } from '../../lib/types.ts';
import taxDocumentsRoutes from './tax-documents.routes.ts';

/** The tax documents module's one plugin (ADR 0019): sellers' tax invoices and credit notes, read as JSON or PDF. */
export default async function taxDocumentsPlugin(app: App) {
  await app.register(taxDocumentsRoutes);
}
