import { Readable } from 'node:stream';
import { z } from 'zod';
import { pathId } from '#shared/schemas/common.ts';
import { notFound } from '../../lib/errors.ts';
import { publicOrigin } from '../../lib/links.ts';
import type { App } from '../../lib/types.ts';
import * as seo from './seo.service.ts';

/**
 * Crawlers read these often and a little stale is harmless: an hour in caches, a day stale while one
 * revalidates. Set only on success, so a 404 is never cached.
 */
const CRAWLER_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
const NO_FILE = 'Sitemap file not found';

/** robots.txt and the sitemap (docs/decisions/0127-page-weight-images-seo.md). Public, read-only. */
export default async function seoRoutes(app: App) {
  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'robots.txt: what crawlers may visit, and the sitemap' } },
    async (req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(seo.robotsTxt(publicOrigin(req))),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary: 'The sitemap index: the pages file and one file per 50 000 active products',
      },
    },
    async (req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(await seo.sitemapIndex(req.ctx, publicOrigin(req))),
  );

  app.get(
    '/sitemaps/pages.xml',
    {
      schema: {
        tags: ['seo'],
        summary: 'Sitemap of the home page and the category pages that list active products',
      },
    },
    async (req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(await seo.pagesSitemap(req.ctx, publicOrigin(req))),
  );

  app.get(
    '/sitemaps/products-:first.xml',
    {
      schema: {
        tags: ['seo'],
        summary:
          'Sitemap of up to 50 000 active products from the one named (written as it is read); 404 when none is left',
        params: z.object({ first: pathId(NO_FILE) }),
      },
    },
    async (req, reply) => {
      const body = await seo.productsSitemap(req.ctx, publicOrigin(req), req.params.first.toLowerCase());
      if (!body) throw notFound(NO_FILE);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(Readable.from(body));
    },
  );
}
