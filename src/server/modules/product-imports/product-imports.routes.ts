import { isSeller } from '#shared/permissions.ts';
import { MAX_IMPORT_CSV_BYTES, MAX_IMPORT_ZIP_BYTES } from '#shared/product-csv.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import {
  IMPORT_PARTS,
  productImportListSchema,
  productImportSchema,
} from '#shared/schemas/product-import.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { acceptMultipart, readMultipart } from '../../lib/multipart.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as service from './product-imports.service.ts';

const importParams = idParams('Import not found');
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const UPLOAD_MSG = {
  notMultipart: 'Please send the CSV file as multipart/form-data',
  csvRequired: 'Please choose a CSV file.',
  csvTooLarge: `The CSV file can be at most ${MAX_IMPORT_CSV_BYTES / 1024 / 1024} MB; split it into several files.`,
  zipTooLarge: `The ZIP file can be at most ${MAX_IMPORT_ZIP_BYTES / 1024 / 1024} MB; split the images over several imports.`,
  requestTooLarge: 'The files are too large together',
  unknownPart: (name: string) => `Unexpected file field "${name}": send "csv" and optionally "zip".`,
  twice: (name: string) => `Send one "${name}" file.`,
} as const;

/**
 * Bulk listing (docs/product/bulk-listing.md): upload a CSV (and a ZIP of images) to check or import, poll
 * the import, list recent ones, download the catalogue. Active sellers only, each seeing their own.
 */
export default async function productImportRoutes(app: App) {
  await acceptMultipart(app);
  const tags = ['product-imports'];
  const seller = requirePermission(isSeller);

  app.post(
    '/product-imports',
    {
      onRequest: seller,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Check (dryRun=true) or import a CSV of products, one row per variant, with an optional ZIP of images (multipart: csv, zip, dryRun, fileName); answers 202 and runs as a job',
        consumes: ['multipart/form-data'],
        response: { 202: productImportSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (req, reply) => {
      const ctx = signedIn(req);
      const names: string[] = [];
      const read = readMultipart(req, {
        limits: {
          fileBytes: MAX_IMPORT_ZIP_BYTES,
          // The CSV has its own, smaller limit, refused as it streams in.
          fileBytesOf: (name) => (name === IMPORT_PARTS.csv ? MAX_IMPORT_CSV_BYTES : MAX_IMPORT_ZIP_BYTES),
          files: 2,
          fields: 5,
          fieldBytes: 1024,
          totalBytes: MAX_IMPORT_CSV_BYTES + MAX_IMPORT_ZIP_BYTES,
        },
        answers: {
          notMultipart: UPLOAD_MSG.notMultipart,
          fileTooLarge: UPLOAD_MSG.zipTooLarge,
          requestTooLarge: UPLOAD_MSG.requestTooLarge,
          tooManyFiles: () => invalid(UPLOAD_MSG.twice('csv')),
          tooManyParts: () =>
            new AppError('too_large', 'Request is too large', { code: 'request_too_large' }),
        },
        onFile: async (name) => {
          if (name !== IMPORT_PARTS.csv && name !== IMPORT_PARTS.zip)
            throw invalid(UPLOAD_MSG.unknownPart(name), [
              { path: name, message: UPLOAD_MSG.unknownPart(name) },
            ]);
          if (names.includes(name))
            throw invalid(UPLOAD_MSG.twice(name), [{ path: name, message: UPLOAD_MSG.twice(name) }]);
          names.push(name);
          return true;
        },
      });
      const { fields, files } = await read.catch((err: unknown) => {
        // The part being read when a file was too large is the last one started.
        if (err instanceof AppError && err.code === 'file_too_large' && names.at(-1) === IMPORT_PARTS.csv)
          throw new AppError('too_large', UPLOAD_MSG.csvTooLarge, { code: 'file_too_large' });
        throw err;
      });
      const csv = files[names.indexOf(IMPORT_PARTS.csv)];
      const zip = files[names.indexOf(IMPORT_PARTS.zip)] ?? null;
      if (!csv || csv.length === 0)
        throw invalid(UPLOAD_MSG.csvRequired, [{ path: IMPORT_PARTS.csv, message: UPLOAD_MSG.csvRequired }]);
      const dryRun = ['true', '1', 'on', 'yes'].includes(
        (fields.get(IMPORT_PARTS.dryRun) ?? '').trim().toLowerCase(),
      );
      const fileName = (fields.get('fileName') ?? '').trim() || 'products.csv';
      const started = await service.startImport(ctx, {
        csv,
        zip: zip && zip.length > 0 ? zip : null,
        fileName,
        dryRun,
      });
      app.jobs.wake();
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/product-imports',
    {
      onRequest: seller,
      schema: {
        tags,
        summary: 'My 20 most recent imports and dry runs, newest first',
        response: { 200: productImportListSchema, ...errors },
      },
    },
    async (req) => service.listImports(signedIn(req)),
  );

  app.get(
    '/product-imports/export.csv',
    {
      onRequest: seller,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'My catalogue as CSV, one row per variant, in the import’s columns (imports back unchanged)',
      },
    },
    async (req, reply) => {
      const csv = await service.exportCatalogue(signedIn(req));
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="haat-catalogue-${date}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(`\uFEFF${csv}`);
    },
  );

  app.get(
    '/product-imports/:id',
    {
      onRequest: seller,
      schema: {
        tags,
        summary: 'One of my imports: status, progress (processedRows of totalRows), per-row errors, result',
        params: importParams,
        response: { 200: productImportSchema, ...errors },
      },
    },
    async (req) => service.getImport(signedIn(req), req.params.id),
  );
}
