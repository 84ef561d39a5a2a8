import { z } from 'zod';

/**
 * Bulk listing over the wire (docs/product/bulk-listing.md, docs/decisions/0107-bulk-listing.md):
 * POST /api/product-imports takes a multipart body (`csv`, optional `zip`, `dryRun`) and answers 202 with
 * the import; GET /api/product-imports/:id is polled for its progress and outcome.
 */

/** The multipart fields of POST /api/product-imports. */
export const IMPORT_PARTS = { csv: 'csv', zip: 'zip', dryRun: 'dryRun' } as const;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A problem with one row (row 1 is the header; row 0 the file or the import as a whole). */
export const rowErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });

export const importResultSchema = z.object({
  /** Products in the file. */
  products: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Variant rows created or changed. */
  variants: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const productImportSchema = z.object({
  _id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  dryRun: z.boolean(),
  fileName: z.string(),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  /** At most the first 1,000 problems, by row; `errorCount` says how many there were. */
  errors: z.array(rowErrorSchema),
  errorCount: z.number().int(),
  /** What was (or, for a dry run, would be) written; null until done. */
  result: importResultSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ProductImport = z.infer<typeof productImportSchema>;

export const productImportListSchema = z.object({ imports: z.array(productImportSchema) });
export type ProductImportList = z.infer<typeof productImportListSchema>;

/** Problems kept per import. */
export const MAX_STORED_IMPORT_ERRORS = 1000;
