import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Fflate from 'fflate';
import { IMAGE_VARIANTS, variantUrl } from '#shared/images.ts';
import { tryParseMoney } from '#shared/money.ts';
import {
  IMPORT_MSG,
  MAX_ZIP_ENTRIES,
  MAX_ZIP_UNPACKED_BYTES,
  categoryPathKey,
  categoryPathText,
  checkProduct,
  exportProductsCsv,
  readProductCsv,
  sortErrors,
  writesSomething,
  zipNameKey,
  type CheckedProduct,
  type ExistingProduct,
  type ImportCategory,
  type ImportVariant,
  type RowError,
} from '#shared/product-csv.ts';
import { isUuid } from '#shared/schemas/common.ts';
import { MAX_IMAGE_BYTES, PRODUCT_MSG } from '#shared/schemas/product-form.ts';
import {
  MAX_STORED_IMPORT_ERRORS,
  type ImportResult,
  type ProductImport,
  type ProductImportList,
} from '#shared/schemas/product-import.ts';
import type { Database } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { deleteProductImage, sniffImageType, storeProductImage } from '../../lib/images.ts';
import { isStorableText } from '../../lib/storable-text.ts';
import { keyOfPublicUrl, newKey, type Storage, type StoredFile } from '../../lib/storage.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import * as repo from './product-imports.repo.ts';
import { catalogTag, invalidateCatalog, shopTags } from '../../db/catalog-invalidation.ts';

/**
 * Bulk listing (docs/product/bulk-listing.md, docs/decisions/0107-bulk-listing.md). A seller uploads a CSV
 * (one row per variant) and optionally a ZIP of images; the files are kept privately and a job does the
 * work: every row is checked with the product form's rules (#shared/product-csv.ts) and the database's
 * (category, ownership, image links, ZIP contents); a dry run stops there. A real run then stores the
 * images and writes every product in one transaction, so a file is imported whole or not at all.
 */

export const PRODUCT_IMPORT_JOB = 'product-imports.run';

const IMPORT_NOT_FOUND = 'Import not found';
const GENERAL_FAILURE = 'The import could not be completed and nothing was written. Please try again.';
const CHANGED_MEANWHILE =
  'This product was edited while the file was being imported. Nothing was written; please import again.';

export type ImportCtx = AuthedCtx & { storage: Storage };
export type JobDeps = { db: Database; storage: Storage; log?: { warn: (obj: object, msg: string) => void } };

type StoredResult = Partial<ImportResult> & { errorCount?: number };

function toWire(row: repo.ImportRow): ProductImport {
  const stored = (row.result ?? {}) as StoredResult;
  const { errorCount, ...counts } = stored;
  return {
    _id: row.id,
    status: row.status as ProductImport['status'],
    dryRun: row.dryRun,
    fileName: row.fileName,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    errors: row.errors,
    errorCount: errorCount ?? row.errors.length,
    result:
      row.status === 'done'
        ? {
            products: counts.products ?? 0,
            created: counts.created ?? 0,
            updated: counts.updated ?? 0,
            unchanged: counts.unchanged ?? 0,
            variants: counts.variants ?? 0,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/product-imports: keep the files privately, record the import and queue its job in one
 * transaction. Files stored for an import that could not be recorded are deleted again.
 */
export async function startImport(
  ctx: ImportCtx,
  input: { csv: Buffer; zip: Buffer | null; fileName: string; dryRun: boolean },
): Promise<ProductImport> {
  const sellerId = ctx.actor.id;
  const csvKey = newKey(`imports/${sellerId}`, 'csv');
  const zipKey = input.zip ? newKey(`imports/${sellerId}`, 'zip') : null;
  await ctx.storage.put(csvKey, input.csv, 'text/csv', 'private');
  try {
    if (zipKey && input.zip) await ctx.storage.put(zipKey, input.zip, 'application/zip', 'private');
    const id = await ctx.db.transaction(async (tx) => {
      const importId = await repo.insertImport(tx, {
        sellerId,
        dryRun: input.dryRun,
        fileName: input.fileName.slice(0, 200),
        csvKey,
        zipKey,
      });
      await enqueue(
        tx,
        PRODUCT_IMPORT_JOB,
        { importId },
        { dedupeKey: `product-import:${importId}`, maxAttempts: 3 },
      );
      return importId;
    });
    return getImport(ctx, id);
  } catch (err) {
    await Promise.allSettled([csvKey, zipKey].filter((k) => k !== null).map((k) => ctx.storage.delete(k)));
    throw err;
  }
}

export async function getImport(ctx: AuthedCtx, id: string): Promise<ProductImport> {
  const row = await repo.findImport(ctx.db, id, ctx.actor.id);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return toWire(row);
}

export async function listImports(ctx: AuthedCtx): Promise<ProductImportList> {
  return { imports: (await repo.recentImports(ctx.db, ctx.actor.id, 20)).map(toWire) };
}

/** The seller's catalogue as CSV (one row per variant), oldest product first. */
export async function exportCatalogue(ctx: AuthedCtx): Promise<string> {
  return exportProductsCsv(await repo.sellerCatalogue(ctx.db, ctx.actor.id));
}

// ——— The job ———

/** Progress is written at most this often (and outside the write transaction, so polling sees it). */
const PROGRESS_EVERY_MS = 300;

class Progress {
  private done = 0;
  private last = 0;
  constructor(
    private readonly db: Database,
    private readonly id: string,
    readonly total: number,
  ) {}
  async add(rows: number, force = false) {
    this.done = Math.min(this.total, this.done + rows);
    const now = Date.now();
    if (!force && now - this.last < PROGRESS_EVERY_MS) return;
    this.last = now;
    await repo.setProgress(this.db, this.id, this.done, this.total);
  }
}

type Zip = { entries: Map<string, Uint8Array>; tooLarge: Set<string>; ambiguous: Set<string> } | null;

/** A file of a ZIP as its central directory describes it. */
type ZipEntry = { name: string; method: number; packed: number; size: number; at: number };

const ZIP_UNREADABLE = Symbol('zip unreadable');

/**
 * The ZIP's central directory, read without unpacking anything; null past MAX_ZIP_ENTRIES (counted from
 * the end record, before reading any entry). Throws ZIP_UNREADABLE when it is not a ZIP we can read.
 */
function zipDirectory(zip: Buffer): ZipEntry[] | null {
  const bad = (ok: boolean) => {
    if (!ok) throw ZIP_UNREADABLE;
  };
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) {
    end -= 1;
    bad(zip.length - end <= 65_557);
  }
  bad(end >= 0);
  let count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  // ZIP64: the real count and offset are in its own end record.
  if (end >= 20 && zip.readUInt32LE(end - 20) === 0x07064b50) {
    const z = Number(zip.readBigUInt64LE(end - 12));
    bad(z >= 0 && z + 56 <= zip.length && zip.readUInt32LE(z) === 0x06064b50);
    count = Number(zip.readBigUInt64LE(z + 32));
    p = Number(zip.readBigUInt64LE(z + 48));
  }
  if (count > MAX_ZIP_ENTRIES) return null;
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    bad(p + 46 <= zip.length && zip.readUInt32LE(p) === 0x02014b50);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    bad(p + 46 + nameLength + extraLength <= zip.length);
    let packed = zip.readUInt32LE(p + 20);
    let size = zip.readUInt32LE(p + 24);
    let local = zip.readUInt32LE(p + 42);
    // ZIP64 extra field: the 64-bit values of those that are 0xFFFFFFFF, in this order.
    for (let x = p + 46 + nameLength; x + 4 <= p + 46 + nameLength + extraLength;) {
      const id = zip.readUInt16LE(x);
      const length = zip.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let at = x + 4;
        const next = () => {
          bad(at + 8 <= x + 4 + length);
          const v = Number(zip.readBigUInt64LE(at));
          at += 8;
          return v;
        };
        if (size === 0xffffffff) size = next();
        if (packed === 0xffffffff) packed = next();
        if (local === 0xffffffff) local = next();
      }
      x += 4 + length;
    }
    bad(local + 30 <= zip.length && zip.readUInt32LE(local) === 0x04034b50);
    const at = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    bad(at + packed <= zip.length);
    entries.push({
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
      method: zip.readUInt16LE(p + 10),
      packed,
      size,
      at,
    });
    p += 46 + nameLength + extraLength + zip.readUInt16LE(p + 32);
  }
  return entries;
}

/** Compressed bytes handed to the inflater at a time: one step unpacks at most ~1,000 times as much. */
const INFLATE_STEP = 16 * 1024;

/**
 * One entry's bytes, never more than it declares: a deflated entry is unpacked a step at a time and
 * abandoned as soon as it outgrows its declared size (fflate's one-shot inflate would grow its buffer).
 */
/** fflate, loaded at the first packed entry of an import's ZIP rather than at start (ADR 0140). */
let fflate: typeof Fflate | undefined;
const loadFflate = () => (fflate ??= createRequire(import.meta.url)('fflate') as typeof Fflate);

function unpack(zip: Buffer, e: ZipEntry): Uint8Array {
  const packed = new Uint8Array(zip.buffer, zip.byteOffset + e.at, e.packed);
  if (e.method === 0) {
    if (e.packed !== e.size) throw ZIP_UNREADABLE;
    return packed;
  }
  if (e.method !== 8) throw ZIP_UNREADABLE;
  const out = new Uint8Array(e.size);
  let length = 0;
  let ended = false;
  const inflater = new (loadFflate().Inflate)((chunk, final) => {
    if (length + chunk.length > e.size) throw ZIP_UNREADABLE;
    out.set(chunk, length);
    length += chunk.length;
    if (final) ended = true;
  });
  for (let i = 0; i < packed.length; i += INFLATE_STEP) {
    const last = i + INFLATE_STEP >= packed.length;
    inflater.push(packed.subarray(i, i + INFLATE_STEP), last);
  }
  if (packed.length === 0) inflater.push(new Uint8Array(0), true);
  if (!ended || length !== e.size) throw ZIP_UNREADABLE;
  return out;
}

/**
 * The entries of the ZIP that `wanted` names (by base name; docs/decisions/0107-bulk-listing.md). Refused
 * whole, unpacking nothing, past MAX_ZIP_ENTRIES files or when the named images declare more than
 * MAX_ZIP_UNPACKED_BYTES together; an image over 5 MB, or a name in two folders, is left packed and
 * reported on its rows. Only the named entries are unpacked, each to at most its declared size.
 */
function openZip(data: Buffer, wanted: ReadonlySet<string>): NonNullable<Zip> | { error: string } {
  try {
    const directory = zipDirectory(data);
    if (!directory) return { error: IMPORT_MSG.zipTooManyFiles };
    const byKey = new Map<string, ZipEntry[]>();
    for (const e of directory) {
      if (e.name.endsWith('/')) continue;
      const key = zipNameKey(e.name);
      if (wanted.has(key)) byKey.set(key, [...(byKey.get(key) ?? []), e]);
    }
    const tooLarge = new Set<string>();
    const ambiguous = new Set<string>();
    const use: [string, ZipEntry][] = [];
    for (const [key, found] of byKey) {
      if (found.length > 1) ambiguous.add(key);
      else if (found[0]!.size > MAX_IMAGE_BYTES) tooLarge.add(key);
      else use.push([key, found[0]!]);
    }
    if (use.reduce((n, [, e]) => n + e.size, 0) > MAX_ZIP_UNPACKED_BYTES)
      return { error: IMPORT_MSG.zipTooLargeUnpacked };
    const entries = new Map<string, Uint8Array>();
    for (const [key, e] of use) entries.set(key, unpack(data, e));
    return { entries, tooLarge, ambiguous };
  } catch (err) {
    if (err === ZIP_UNREADABLE || err instanceof RangeError) return { error: IMPORT_MSG.zipUnreadable };
    // fflate reports a corrupt deflate stream with a plain Error carrying a numeric code.
    if (err instanceof Error && typeof (err as { code?: unknown }).code === 'number')
      return { error: IMPORT_MSG.zipUnreadable };
    throw err;
  }
}

type Checked = {
  products: CheckedProduct[];
  existing: Map<string, ExistingProduct>;
  categories: Map<string, ImportCategory>;
  zip: Zip;
  totalRows: number;
  errors: RowError[];
};

/** Everything a dry run does: read, group and check every row; nothing is written. */
async function checkFile(deps: JobDeps, row: repo.ImportRow): Promise<Checked> {
  const sellerId = row.sellerId;
  const empty = (errors: RowError[]): Checked => ({
    products: [],
    existing: new Map(),
    categories: new Map(),
    zip: null,
    totalRows: 0,
    errors,
  });
  const file = await deps.storage.get(row.csvKey, 'private');
  if (!file) throw new Error(`product import ${row.id}: its CSV is missing from storage`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    return empty([{ row: 1, field: '', message: IMPORT_MSG.unreadable }]);
  }
  const read = readProductCsv(text);
  if (read.errors.length > 0 && read.groups.length === 0) return empty(read.errors);
  const errors = [...read.errors];
  for (const r of read.rows)
    for (const [field, value] of Object.entries(r.cells))
      if (!isStorableText(value)) errors.push({ row: r.row, field, message: IMPORT_MSG.unstorable });

  const categoryRows = await repo.allCategories(deps.db);
  const byId = new Map(categoryRows.map((c) => [c.id, c]));
  const byPath = new Map(categoryRows.map((c) => [categoryPathKey(categoryPathText(c)), c]));
  const ids = read.groups.map((g) => g.ref).filter(isUuid);
  const existing = new Map((await repo.sellerCatalogue(deps.db, sellerId, ids)).map((p) => [p.id, p]));
  const ctx = {
    category: (cell: string) =>
      (isUuid(cell) ? byId.get(cell.toLowerCase()) : byPath.get(categoryPathKey(cell))) ?? null,
    existing: (id: string) => existing.get(id) ?? null,
  };

  const products: CheckedProduct[] = [];
  for (const group of read.groups) {
    const checked = checkProduct(group, ctx);
    errors.push(...checked.errors);
    if (checked.product) products.push(checked.product);
  }

  // New products carry their seller's shop, as with the form: no shop, no new products.
  const firstNew = products.find((p) => p.existingId === null);
  if (firstNew && !(await repo.shopIdOf(deps.db, sellerId)))
    errors.push({ row: firstNew.rows[0]!, field: 'product_ref', message: PRODUCT_MSG.shopRequired });

  // Images: links must be the seller's own uploads; names must be images in the ZIP.
  const imageRow = (p: CheckedProduct) => p.rows[0]!;
  const links = products.flatMap((p) => (p.images ?? []).flatMap((i) => (i.kind === 'url' ? [i.url] : [])));
  const owned = await repo.ownedImageUrls(deps.db, sellerId, [...new Set(links)]);
  const wanted = new Set(
    products.flatMap((p) => (p.images ?? []).flatMap((i) => (i.kind === 'zip' ? [zipNameKey(i.name)] : []))),
  );
  let zip: Zip = null;
  if (row.zipKey && wanted.size > 0) {
    const zipFile = await deps.storage.get(row.zipKey, 'private');
    if (!zipFile) throw new Error(`product import ${row.id}: its ZIP is missing from storage`);
    const opened = openZip(zipFile.data, wanted);
    if ('error' in opened) return empty([...errors, { row: 0, field: 'zip', message: opened.error }]);
    zip = opened;
  }
  for (const p of products) {
    for (const image of p.images ?? []) {
      const at = (message: string) => errors.push({ row: imageRow(p), field: 'images', message });
      if (image.kind === 'url') {
        if (!owned.has(image.url)) at(IMPORT_MSG.imageNotYours);
        continue;
      }
      const key = zipNameKey(image.name);
      if (!row.zipKey) at(IMPORT_MSG.noZip(image.name));
      else if (zip?.ambiguous.has(key)) at(IMPORT_MSG.imageAmbiguous(image.name));
      else if (zip?.tooLarge.has(key)) at(IMPORT_MSG.imageTooLarge(image.name));
      else if (zip && !zip.entries.has(key)) at(IMPORT_MSG.imageNotInZip(image.name));
      else if (zip && !sniffImageType(zip.entries.get(key)!)) at(IMPORT_MSG.imageType(image.name));
    }
  }
  return { products, existing, categories: byId, zip, totalRows: read.rows.length, errors };
}

function counts(products: readonly CheckedProduct[], existing: Map<string, ExistingProduct>): ImportResult {
  const writing = products.filter(writesSomething);
  return {
    products: products.length,
    created: writing.filter((p) => p.existingId === null).length,
    updated: writing.filter((p) => p.existingId !== null).length,
    unchanged: products.length - writing.length,
    variants: writing.reduce((n, p) => n + changedVariants(p, existing).length, 0),
  };
}

/** Variant rows a product writes: all of a new one's; an update's new or different ones. */
function changedVariants(p: CheckedProduct, existing: Map<string, ExistingProduct>): ImportVariant[] {
  const stored = p.existingId ? (existing.get(p.existingId)?.variants ?? []) : [];
  return p.variants.filter((v) => {
    const s = stored.find((x) => x.id === v.id);
    return (
      !s ||
      s.sku !== v.sku ||
      (!v.keepStock && s.countInStock !== v.countInStock) ||
      s.size !== v.size ||
      s.colour !== v.colour ||
      (s.price === null || v.price === null
        ? s.price !== v.price
        : tryParseMoney(s.price, 2) !== tryParseMoney(v.price, 2))
    );
  });
}

async function fail(deps: JobDeps, id: string, errors: RowError[], processedRows: number) {
  const sorted = sortErrors(errors);
  await repo.finishImport(deps.db, id, {
    status: 'failed',
    errors: sorted.slice(0, MAX_STORED_IMPORT_ERRORS),
    result: { errorCount: sorted.length },
    processedRows,
  });
}

/**
 * The job: check the file, then (unless a dry run) store the images and write everything in one
 * transaction that also marks the import done, so a retried job never writes twice. Expected problems end
 * the import as failed with per-row errors; anything else is retried, and marked failed on the last try.
 */
export async function runImport(deps: JobDeps, importId: string, attempt: { last: boolean }): Promise<void> {
  const row = await repo.claimImport(deps.db, importId);
  if (!row) return;
  try {
    await runClaimed(deps, row);
  } catch (err) {
    // No attempt follows the last one: its files go whatever happens to the failure's own write.
    if (attempt.last)
      try {
        await fail(deps, row.id, [{ row: 0, field: '', message: GENERAL_FAILURE }], 0);
      } finally {
        await cleanUp(deps, row, true);
      }
    throw err;
  }
  await cleanUp(deps, row);
}

/** Delete the uploaded files once the import has finished (or, `last`, will never run again). */
async function cleanUp(deps: JobDeps, row: repo.ImportRow, last = false) {
  if (!last) {
    const done = await repo.findImport(deps.db, row.id, row.sellerId);
    if (done?.status !== 'done' && done?.status !== 'failed') return;
  }
  await Promise.allSettled(
    [row.csvKey, row.zipKey].filter((k) => k !== null).map((k) => deps.storage.delete(k)),
  );
}

async function runClaimed(deps: JobDeps, row: repo.ImportRow): Promise<void> {
  const checked = await checkFile(deps, row);
  const progress = new Progress(deps.db, row.id, checked.totalRows);
  await progress.add(0, true);
  if (checked.errors.length > 0) return fail(deps, row.id, checked.errors, 0);

  const result = counts(checked.products, checked.existing);
  if (row.dryRun) {
    await repo.finishImport(deps.db, row.id, {
      status: 'done',
      errors: [],
      result: { ...result },
      processedRows: checked.totalRows,
    });
    return;
  }

  const writing = checked.products.filter(writesSomething);
  // Rows of products that write nothing count as processed at once.
  await progress.add(
    checked.products.filter((p) => !writesSomething(p)).reduce((n, p) => n + p.rows.length, 0),
  );
  const ids = new Map(writing.map((p) => [p, p.existingId ?? randomUUID()]));
  const stored: string[] = [];
  let dropped: string[] = [];
  try {
    const imageLists = await storeImages(deps, checked, writing, ids, stored, progress);
    if ('errors' in imageLists)
      return await undoAnd(deps, stored, () => fail(deps, row.id, imageLists.errors, 0));
    const outcome = await deps.db.transaction(async (tx) => {
      await invalidateCatalog(tx, [...shopTags(row.sellerId), ...[...ids.values()].map(catalogTag.product)]);
      return writeAll(tx, row, checked, writing, ids, imageLists.lists, progress, result);
    });
    if ('errors' in outcome) return await undoAnd(deps, stored, () => fail(deps, row.id, outcome.errors, 0));
    dropped = outcome.dropped;
  } catch (err) {
    await undoAnd(deps, stored, async () => {});
    throw err;
  }
  await Promise.allSettled(dropped.map((url) => deleteProductImage(deps.storage, url)));
}

async function undoAnd(deps: JobDeps, stored: string[], then: () => Promise<void>) {
  const undone = await Promise.allSettled(stored.map((url) => deleteProductImage(deps.storage, url)));
  for (const r of undone)
    if (r.status === 'rejected')
      deps.log?.warn({ err: r.reason }, 'could not delete an image of a failed import');
  await then();
}

type SourceFiles = Map<string, Promise<(StoredFile | null)[]>>;

/**
 * Copy a stored image (original and variants) into a product's folder, without decoding it again. The
 * source files are read once per import (`sources`), however many products copy them.
 */
async function copyImage(
  storage: Storage,
  sources: SourceFiles,
  url: string,
  productId: string,
): Promise<string | null> {
  const key = keyOfPublicUrl(url);
  if (!key) return null;
  const from = [key, ...IMAGE_VARIANTS.map((v) => variantUrl(key, v))];
  let read = sources.get(key);
  if (!read) {
    read = Promise.all(from.map((k) => storage.get(k, 'public')));
    sources.set(key, read);
  }
  const files = await read;
  if (!files[0]) return null;
  const target = `products/${productId}/${randomUUID()}-original.webp`;
  const to = [target, ...IMAGE_VARIANTS.map((v) => variantUrl(target, v))];
  const written = await Promise.allSettled(
    to.map(async (k, i) => {
      const file = files[i];
      if (file) await storage.put(k, file.data, file.contentType, 'public');
    }),
  );
  const failed = written.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.allSettled(to.map((k) => storage.delete(k)));
    throw failed.reason;
  }
  return storage.publicUrl(target);
}

/** Run `work` over `items`, at most `size` at a time, in order of start. */
async function inParallel<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
}

/** Image files written at once while copying (plain file or object writes, no decoding). */
const COPY_LANES = 8;

/**
 * The image list of every product that sets its images: a ZIP file goes through the upload pipeline once
 * (sniffed, size-checked, re-encoded) into the first product that names it and is copied for the others;
 * a link to another of the seller's products is copied into this product's folder; its own stay.
 */
async function storeImages(
  deps: JobDeps,
  checked: Checked,
  writing: readonly CheckedProduct[],
  ids: Map<CheckedProduct, string>,
  stored: string[],
  progress: Progress,
): Promise<{ lists: Map<CheckedProduct, string[]> } | { errors: RowError[] }> {
  const lists = new Map<CheckedProduct, string[]>();
  const errors: RowError[] = [];
  const problem = (p: CheckedProduct, name: string, err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    errors.push({ row: p.rows[0]!, field: 'images', message: `"${name}": ${err.message}` });
  };

  // Each ZIP file once through the pipeline (one at a time: decoding takes the decode slots anyway).
  const fromZip = new Map<string, { url: string; owner: CheckedProduct }>();
  for (const p of writing) {
    for (const image of p.images ?? []) {
      if (image.kind !== 'zip') continue;
      const key = zipNameKey(image.name);
      if (fromZip.has(key)) continue;
      const bytes = checked.zip?.entries.get(key);
      if (!bytes) throw new Error(`ZIP entry ${key} vanished`);
      try {
        const { url } = await storeProductImage(deps.storage, ids.get(p)!, Buffer.from(bytes));
        stored.push(url);
        fromZip.set(key, { url, owner: p });
      } catch (err) {
        problem(p, image.name, err);
      }
    }
  }
  if (errors.length > 0) return { errors };

  const sources: SourceFiles = new Map();
  await inParallel(writing, COPY_LANES, async (p) => {
    if (p.images === null) {
      await progress.add(p.rows.length);
      return;
    }
    const id = ids.get(p)!;
    const own = p.existingId ? new Set(checked.existing.get(p.existingId)?.image ?? []) : new Set<string>();
    const urls: string[] = [];
    for (const image of p.images) {
      const zipped = image.kind === 'zip' ? fromZip.get(zipNameKey(image.name))! : null;
      if (zipped?.owner === p && !urls.includes(zipped.url)) {
        urls.push(zipped.url);
        continue;
      }
      const source = zipped?.url ?? (image.kind === 'url' ? image.url : '');
      if (own.has(source)) {
        urls.push(source);
        continue;
      }
      try {
        const copy = await copyImage(deps.storage, sources, source, id);
        if (!copy) {
          errors.push({ row: p.rows[0]!, field: 'images', message: IMPORT_MSG.imageNotYours });
          continue;
        }
        stored.push(copy);
        urls.push(copy);
      } catch (err) {
        problem(p, image.kind === 'zip' ? image.name : image.url, err);
      }
    }
    lists.set(p, urls);
    // Half of a product's rows count once its images are stored, the rest when it is written.
    await progress.add(Math.floor(p.rows.length / 2));
  });
  return errors.length > 0 ? { errors } : { lists };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function writeAll(
  tx: Tx,
  row: repo.ImportRow,
  checked: Checked,
  writing: readonly CheckedProduct[],
  ids: Map<CheckedProduct, string>,
  lists: Map<CheckedProduct, string[]>,
  progress: Progress,
  result: ImportResult,
): Promise<{ dropped: string[] } | { errors: RowError[] }> {
  const sellerId = row.sellerId;
  const updates = writing.filter((p) => p.existingId !== null);
  const creates = writing.filter((p) => p.existingId === null);

  // Existing products are locked, and must be as they were when checked.
  const locked = await repo.lockProducts(
    tx,
    sellerId,
    updates.map((p) => p.existingId!),
  );
  const moved = updates.filter((p) => {
    const at = locked.get(p.existingId!);
    const seen = checked.existing.get(p.existingId!)?.updatedAt;
    return !at || !seen || at.getTime() !== new Date(seen).getTime();
  });
  if (moved.length > 0)
    return {
      errors: moved.map((p) => ({ row: p.rows[0]!, field: 'product_ref', message: CHANGED_MEANWHILE })),
    };

  const shopId = await repo.shopIdOf(tx, sellerId);
  const markupOf = await repo.markups(tx);
  const markup = (categoryId: string) =>
    markupOf.get(checked.categories.get(categoryId)?.category ?? '') ?? '0';
  // Rows left after images: the other half of each product's rows.
  const rest = (p: CheckedProduct) =>
    p.rows.length - (p.images === null ? p.rows.length : Math.floor(p.rows.length / 2));
  const restOf = new Map(writing.map((p) => [p, rest(p)]));

  await repo.insertProducts(
    tx,
    creates.map((p) => ({
      id: ids.get(p)!,
      userId: sellerId,
      shopId,
      name: p.name,
      brand: p.brand,
      price: p.price,
      currency: 'INR',
      categoryId: p.categoryId,
      description: p.description,
      percentageMarkup: markup(p.categoryId),
    })),
  );
  await repo.insertImages(
    tx,
    creates.flatMap((p) =>
      (lists.get(p) ?? []).map((url, position) => ({ productId: ids.get(p)!, url, position })),
    ),
  );
  // Variants of new products, in chunks, with progress between them.
  const variantRows = creates.flatMap((p) =>
    p.variants.map((v, position) => ({
      productId: ids.get(p)!,
      size: v.size,
      colour: v.colour,
      sku: v.sku,
      countInStock: v.countInStock,
      price: v.price,
      position,
    })),
  );
  let pending = creates.map((p) => restOf.get(p)!);
  let pendingVariants = creates.map((p) => p.variants.length);
  await repo.insertVariantRows(tx, variantRows, async (n) => {
    // Products whose variants are all in count as written.
    let rows = 0;
    let left = n;
    while (left > 0 && pendingVariants.length > 0) {
      const take = Math.min(left, pendingVariants[0]!);
      pendingVariants[0]! -= take;
      left -= take;
      if (pendingVariants[0] === 0) {
        rows += pending[0]!;
        pending = pending.slice(1);
        pendingVariants = pendingVariants.slice(1);
      }
    }
    await progress.add(rows);
  });

  // Updates of existing products.
  const dropped: string[] = [];
  const current = (p: CheckedProduct) => checked.existing.get(p.existingId!)!;
  await repo.updateProducts(
    tx,
    sellerId,
    updates.map((p) => {
      const was = current(p);
      return {
        id: p.existingId!,
        name: p.name,
        brand: p.brand,
        price: p.price,
        description: p.description,
        categoryId: p.categoryId,
        percentageMarkup: p.categoryId !== was.categoryId ? markup(p.categoryId) : null,
        completesDraft: was.image.length === 0 && p.images !== null,
      };
    }),
  );
  const newImages = updates.filter((p) => p.images !== null);
  await repo.deleteImagesOf(
    tx,
    newImages.map((p) => p.existingId!),
  );
  await repo.insertImages(
    tx,
    newImages.flatMap((p) =>
      (lists.get(p) ?? []).map((url, position) => ({ productId: p.existingId!, url, position })),
    ),
  );
  for (const p of newImages)
    dropped.push(...current(p).image.filter((u) => !(lists.get(p) ?? []).includes(u)));

  // A kept stock (null) is read by the UPDATE itself, under the product locks: orders placed since the
  // file was checked (or exported) keep their effect.
  // Only stored variants that differ are written (the others keep their updated_at).
  const stored = updates.flatMap((p) =>
    changedVariants(p, checked.existing)
      .filter((v) => v.id !== null)
      .map((v) => ({ ...v, id: v.id!, countInStock: v.keepStock ? null : v.countInStock })),
  );
  await repo.updateVariantRows(tx, stored);
  const added = updates.filter((p) => p.variants.some((v) => v.id === null));
  const last = await repo.lastPositions(
    tx,
    added.map((p) => p.existingId!),
  );
  await repo.insertVariantRows(
    tx,
    added.flatMap((p) => {
      const start = (last.get(p.existingId!) ?? -1) + 1;
      return p.variants
        .filter((v) => v.id === null)
        .map((v, i) => ({
          productId: p.existingId!,
          size: v.size,
          colour: v.colour,
          sku: v.sku,
          countInStock: v.countInStock,
          price: v.price,
          position: start + i,
        }));
    }),
  );
  await progress.add(
    updates.reduce((n, p) => n + restOf.get(p)!, 0),
    true,
  );

  const finished = await repo.finishImport(tx, row.id, {
    status: 'done',
    errors: [],
    result: { ...result },
    processedRows: checked.totalRows,
  });
  if (!finished) throw new Error(`product import ${row.id} was finished by another attempt`);
  return { dropped };
}
