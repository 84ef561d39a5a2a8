import { categoryPath, productPath } from '#shared/storefront-paths.ts';
import type { Queryable } from '../../db/client.ts';
import type { Ctx } from '../../lib/types.ts';
import * as repo from './seo.repo.ts';

/**
 * sitemap.xml and robots.txt (docs/decisions/0127-page-weight-images-seo.md). /sitemap.xml is a sitemap
 * index: one file of the home and category pages, then product files of at most SITEMAP_MAX_URLS active
 * products each, named by their first product id. A product file is written as it is read, in batches, so
 * no file is ever held whole in memory. Every URL is absolute, from the configured public origin.
 */

/** The sitemap protocol's limit of URLs per file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Products read per query while a product file is written. */
const BATCH = 5_000;
/** How long this process reuses the product files' boundaries before it walks the ids again. */
export const FILES_TTL_MS = 10 * 60_000;

/**
 * The product files' boundaries, kept in memory per database handle and file size (one walk costs about a
 * second per file at a million products, and anyone may ask for /sitemap.xml). Past FILES_TTL_MS the old
 * boundaries still answer while one walk refreshes them, so a crawler never waits on it and a burst of
 * requests starts one walk, not many. A file lists the products from its first id up to the next file's
 * first id, so however stale the boundaries, the files this process names split the ids between them and
 * list every active product once; staleness only moves a product from one file to its neighbour.
 */
type FilesEntry = { at: number; files: Promise<repo.ProductFileRow[]>; refreshing: boolean };
const filesCache = new WeakMap<Queryable, Map<number, FilesEntry>>();

const walkFiles = (db: Queryable, perFile: number): FilesEntry => ({
  at: Date.now(),
  files: repo.productFiles(db, perFile),
  refreshing: false,
});

/** The product files' boundaries: cached, refreshed in the background once stale (see filesCache). */
export function productFiles(db: Queryable, perFile = SITEMAP_MAX_URLS): Promise<repo.ProductFileRow[]> {
  let byPerFile = filesCache.get(db);
  if (!byPerFile) filesCache.set(db, (byPerFile = new Map()));
  const cached = byPerFile.get(perFile);
  if (!cached) {
    const entry = walkFiles(db, perFile);
    byPerFile.set(perFile, entry);
    // A failed walk is not kept: the next request tries again.
    entry.files.catch(() => {
      if (byPerFile.get(perFile) === entry) byPerFile.delete(perFile);
    });
    return entry.files;
  }
  if (Date.now() - cached.at > FILES_TTL_MS && !cached.refreshing) {
    cached.refreshing = true;
    const next = walkFiles(db, perFile);
    next.files.then(
      () => {
        if (byPerFile.get(perFile) === cached) byPerFile.set(perFile, next);
      },
      // Keep answering with the old boundaries; the next request after this one tries again.
      () => {
        cached.refreshing = false;
      },
    );
  }
  return cached.files;
}

/** Forget the cached boundaries of `db` (tests, after changing the catalogue). */
export function forgetProductFiles(db: Queryable): void {
  filesCache.delete(db);
}

export const SITEMAP_PATHS = {
  index: '/sitemap.xml',
  pages: '/sitemaps/pages.xml',
  products: (first: string) => `/sitemaps/products-${first}.xml`,
} as const;

/** Paths crawlers have no business in: the API, the back office and a shopper's own pages. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/admin',
  '/seller',
  '/cart',
  '/shipping',
  '/payment',
  '/placeorder',
  '/order',
  '/profile',
  '/wishlist',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/product/*/edit',
  '/dev/',
] as const;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const iso = (d: Date) => d.toISOString();
const urlEntry = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${iso(lastmod)}</lastmod>` : ''}</url>\n`;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}${SITEMAP_PATHS.index}`,
    '',
  ].join('\n');
}

/** The sitemap index: the pages file, then one file per SITEMAP_MAX_URLS active products. */
export async function sitemapIndex(ctx: Ctx, origin: string, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const [files, categories] = await Promise.all([
    productFiles(ctx.db, perFile),
    repo.categoriesWithProducts(ctx.db),
  ]);
  const newestCategory = categories.reduce<Date | undefined>(
    (max, c) => (!max || c.lastmod > max ? c.lastmod : max),
    undefined,
  );
  const entry = (path: string, lastmod?: Date) =>
    `<sitemap><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${iso(lastmod)}</lastmod>` : ''}</sitemap>\n`;
  return (
    `${XML_HEAD}<sitemapindex ${NS}>\n` +
    entry(SITEMAP_PATHS.pages, newestCategory) +
    files.map((f) => entry(SITEMAP_PATHS.products(f.first), f.lastmod)).join('') +
    '</sitemapindex>\n'
  );
}

/** The home page and every category page (each level of every path) that lists an active product. */
export async function pagesSitemap(ctx: Ctx, origin: string): Promise<string> {
  const rows = await repo.categoriesWithProducts(ctx.db);
  const newest = new Map<string, Date>();
  for (const row of rows) {
    const levels = row.levels.filter((l): l is string => !!l && l.trim() !== '');
    for (let depth = 1; depth <= levels.length; depth++) {
      const path = categoryPath(levels.slice(0, depth));
      const seen = newest.get(path);
      if (!seen || row.lastmod > seen) newest.set(path, row.lastmod);
    }
  }
  const home = [...newest.values()].reduce<Date | undefined>((m, d) => (!m || d > m ? d : m), undefined);
  return (
    `${XML_HEAD}<urlset ${NS}>\n` +
    urlEntry(`${origin}/`, home) +
    [...newest].map(([path, lastmod]) => urlEntry(origin + path, lastmod)).join('') +
    '</urlset>\n'
  );
}

/**
 * A product file: the active products from id `first` (from the lowest id for the first file) up to the
 * next file's first id (the cached boundaries, so files never overlap), at most `perFile` of them, read in batches and yielded as XML as they
 * come. Null when no active product is left in that range (the file is gone: 404).
 */
export async function productsSitemap(
  ctx: Ctx,
  origin: string,
  first: string,
  perFile = SITEMAP_MAX_URLS,
): Promise<AsyncIterable<string> | null> {
  const files = await productFiles(ctx.db, perFile);
  const before = files.find((f) => f.first > first)?.first ?? null;
  // The first file starts at the lowest id, so a product added below its first id is listed too.
  const from = files[0]?.first === first ? repo.NO_ID : first;
  const firstBatch = await repo.productBatch(ctx.db, { from }, before, Math.min(BATCH, perFile));
  if (firstBatch.length === 0) return null;
  async function* write() {
    yield `${XML_HEAD}<urlset ${NS}>\n`;
    let batch = firstBatch;
    let asked = Math.min(BATCH, perFile);
    let written = 0;
    for (;;) {
      yield batch.map((p) => urlEntry(origin + productPath(p.id), p.updatedAt)).join('');
      written += batch.length;
      const last = batch[batch.length - 1];
      // A short batch was the last one; a full file stops at perFile.
      if (!last || batch.length < asked || written >= perFile) break;
      asked = Math.min(BATCH, perFile - written);
      batch = await repo.productBatch(ctx.db, { after: last.id }, before, asked);
    }
    yield '</urlset>\n';
  }
  return write();
}
