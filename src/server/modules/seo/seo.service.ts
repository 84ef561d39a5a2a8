import { categoryPath, productPath } from '#shared/storefront-paths.ts';
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
    repo.productFiles(ctx.db, perFile),
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
 * A product file: up to `perFile` active products from id `first`, read in batches and yielded as XML as
 * they come. Null when no active product is left from `first` (the file is gone: 404).
 */
export async function productsSitemap(
  ctx: Ctx,
  origin: string,
  first: string,
  perFile = SITEMAP_MAX_URLS,
): Promise<AsyncIterable<string> | null> {
  const firstBatch = await repo.productBatch(ctx.db, { from: first }, Math.min(BATCH, perFile));
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
      batch = await repo.productBatch(ctx.db, { after: last.id }, asked);
    }
    yield '</urlset>\n';
  }
  return write();
}
