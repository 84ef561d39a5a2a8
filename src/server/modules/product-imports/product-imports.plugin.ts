import type { App } from '../../lib/types.ts';
import productImportRoutes from './product-imports.routes.ts';
import { PRODUCT_IMPORT_JOB, runImport } from './product-imports.service.ts';

/**
 * The product-imports module's one plugin (ADR 0019): bulk listing's routes, and the job that checks and
 * writes an uploaded file (docs/decisions/0107-bulk-listing.md).
 */
export default async function productImportsPlugin(app: App) {
  app.jobs.handle(PRODUCT_IMPORT_JOB, async (payload, { job }) => {
    const importId = typeof payload.importId === 'string' ? payload.importId : '';
    await runImport({ db: app.db, storage: app.storage, log: app.log }, importId, {
      last: job.attempts >= job.maxAttempts,
    });
  });
  await app.register(productImportRoutes);
}
