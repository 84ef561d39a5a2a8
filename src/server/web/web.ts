import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { ERROR_CODES } from '../../shared/errors.ts';
import { linkOrigin } from '../config.ts';
import type { App } from '../lib/types.ts';
import { productHeadHtml } from '../modules/catalog/catalog.plugin.ts';
import { pageHtml, prepareShell, type Manifest } from './page-html.ts';
import { apiAnswerTags, FALLBACK_TAGS, PAGE_BASE_TAGS } from './page-tags.ts';
import { FILTER_PARAMS, LIST_PARAMS, REVIEW_PARAMS } from '#shared/page-params.ts';
import { STOREFRONT_PAGE_MODULES as PAGES } from '#shared/storefront-pages.ts';
import { requestLanguage } from '../lib/messages.ts';
import { translatorFor } from '../lib/message-translation.ts';
import { addVary, varyOnLanguage } from '../lib/vary.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built web app (`vite build`). */
export const webRoot = path.join(root, 'dist/web');
/** The built server renderer (`vite build --ssr`, src/web/entry-server.tsx). */
export const ssrEntry = path.join(root, 'dist/ssr/entry-server.js');

/** What dist/ssr/entry-server.js exports (src/web/entry-server.tsx; the server never imports src/web). */
type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; body: string; data: string; incomplete?: boolean };
type Renderer = {
  render: (input: {
    url: string;
    origin: string;
    fetch: typeof fetch;
    language: string;
  }) => Promise<RenderResult>;
};

/**
 * The storefront pages the server renders (docs/decisions/0126-server-rendering.md), with the page module
 * whose chunks and stylesheets their HTML preloads (keys of Vite's manifest). Every other path gets
 * index.html and renders in the browser. `params`: the query parameters the page reads
 * (#shared/page-params.ts); every other one is dropped before rendering and from the cache key.
 */
export const STOREFRONT_PAGES = [
  { url: '/', page: PAGES.home, params: [] },
  { url: '/page/:pageNumber', page: PAGES.home, params: [] },
  { url: '/search/:keyword', page: PAGES.search, params: FILTER_PARAMS },
  {
    url: '/search/:keyword/page/:pageNumber',
    page: PAGES.search,
    params: FILTER_PARAMS,
  },
  { url: '/product/:id', page: PAGES.product, params: REVIEW_PARAMS },
  { url: '/categories/*', page: PAGES.category, params: LIST_PARAMS },
  { url: '/shop/:shopName', page: PAGES.shop, params: LIST_PARAMS },
] as const;

/** Rendered pages compressed, by encoding: once per cached entry and encoding, or per uncached answer. */
export const pageCompressions = new Counter({
  name: 'haat_page_compressions_total',
  help: 'Server-rendered pages compressed, by content coding (once per cached page and coding).',
  labelNames: ['encoding'] as const,
  registers: [],
});

export type WebOptions = {
  /** The server renderer's module (tests point it at a missing or failing one); dist/ssr by default. */
  ssrEntry?: string;
  /** Renders in flight per process at most (4 by default); past it a page is sent as index.html. */
  maxRenders?: number;
};

const PRODUCT_PAGE = /^\/product\/([0-9a-f-]{36})\/?$/i;

/**
 * A page's URL as rendered and cached: its path and only the query parameters the page reads, ordered by
 * name (a name's values keep their order), so `/?x=1` is `/` and the same view is one cache entry.
 */
export function pageKey(url: string, params: readonly string[]): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const kept = [...new URLSearchParams(url.slice(q + 1))]
    .filter(([name]) => params.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const path = url.slice(0, q);
  return kept.length === 0 ? path : `${path}?${new URLSearchParams(kept).toString()}`;
}

/**
 * Serve the built web app: the storefront pages rendered on the server (when dist/ssr is built), every
 * other client route as index.html; JSON 404 under /api.
 */
export async function registerWeb(app: App, opts: WebOptions = {}) {
  const indexFile = path.join(webRoot, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    // preCompressed: the .br / .gz copies the build writes (vite.config.ts) go to browsers that accept them.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const origin = linkOrigin(app.config);
  /** The page's language: the switch's cookie, else the browser's Accept-Language, else English (ADR 0135). */
  const languageOf = requestLanguage;

  /** index.html, with a product page's <head> tags for crawlers (the page renders in the browser). */
  const clientPage = async (req: FastifyRequest, reply: FastifyReply, cacheControl = 'no-cache') => {
    reply.header('cache-control', cacheControl).type('text/html; charset=utf-8');
    reply.header('vary', 'Accept-Language, Cookie');
    const html = withLanguage(indexHtml, languageOf(req));
    const productId = PRODUCT_PAGE.exec(req.url.split('?')[0] ?? '')?.[1];
    if (productId) {
      const head = await productHeadHtml({ db: app.db, actor: null }, productId, origin);
      if (head) return reply.send(html.replace(/<title>[^<]*<\/title>/, head));
    }
    return reply.send(html);
  };

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || req.method !== 'GET' || !hasWeb) {
      const message = translatorFor(requestLanguage(req))('Not found');
      varyOnLanguage(reply);
      return reply.status(404).send({ message, code: ERROR_CODES.not_found });
    }
    return clientPage(req, reply);
  });

  const entry = opts.ssrEntry ?? ssrEntry;
  if (!hasWeb) return;
  if (!fs.existsSync(entry)) {
    app.log.warn('dist/ssr is not built: storefront pages render in the browser only (npm run build)');
    return;
  }
  // The renderer (React and the storefront's code, ~20 MB) is loaded at the first page, not at start: a
  // process that serves no page holds none of it (ADR 0140).
  let renderer: Promise<Renderer | null> | undefined;
  const loadedRenderer = () =>
    (renderer ??= loadRenderer(entry).catch((err: unknown) => {
      app.log.error({ err }, 'the server renderer failed to load; pages render in the browser');
      return null;
    }));
  const shell = prepareShell(indexHtml, readManifest(app), webRoot);
  const tagsOf = new WeakMap<FastifyRequest, readonly string[]>();
  const maxRenders = opts.maxRenders ?? 4;
  let rendering = 0;

  for (const { url, page, params } of STOREFRONT_PAGES) {
    app.get(
      url,
      {
        schema: { hide: true },
        // Anonymous HTML is cached and dropped like the JSON it was rendered from (ADR 0124).
        // Each content coding is its own variant with its own ETag (compressHtml below).
        config: {
          catalogCache: (req: FastifyRequest) => tagsOf.get(req) ?? FALLBACK_TAGS,
          etagVariant: (req: FastifyRequest) => ETAG_SUFFIX[htmlEncoding(req)],
          // A hit writes the bytes compressed when the entry was first sent in that coding.
          encodeVariant: (variant: string, body: string) => {
            const encoding = variant === 'br' ? 'br' : 'gzip';
            return { encoding, body: compress(encoding, body) };
          },
          // A URL is a page per language (the same address in English and in Hindi); the bodies differ, so
          // their ETags do too.
          cacheKey: (req: FastifyRequest) => `${languageOf(req)}:${pageKey(req.url, params)}`,
        },
        // After the cache's own onSend (app-level hooks run first), so it keeps the plain text.
        onSend: compressHtml,
      },
      async (req, reply) => {
        // Renders are CPU on the event loop: past the cap the browser renders the page (not stored).
        if (rendering >= maxRenders) return clientPage(req, reply, 'no-store');
        const render = await loadedRenderer();
        if (!render) return clientPage(req, reply, 'no-store');
        const tags = new Set<string>(PAGE_BASE_TAGS);
        const fetchForPage = appFetch(app, req, (apiUrl, body) => {
          for (const tag of apiAnswerTags(apiUrl, body)) tags.add(tag);
        });
        let result: RenderResult;
        const language = languageOf(req);
        rendering++;
        try {
          result = await render.render({
            url: pageKey(req.url, params),
            origin,
            fetch: fetchForPage,
            language,
          });
        } catch (err) {
          // A page that cannot be rendered still works: the browser renders it, as before ADR 0126.
          req.log.error({ err }, 'server rendering failed; sending index.html');
          return clientPage(req, reply, 'no-store');
        } finally {
          rendering--;
        }
        if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
        tagsOf.set(req, [...tags]);
        // A signed-in visitor's page holds their own header, and a page some of whose data failed to load
        // shows it loading (the browser fetches it): neither is stored on the way. ADR 0124 sets the
        // shared-cache headers of the other anonymous pages.
        const cacheControl = req.actor ? 'private, no-store' : result.incomplete ? 'no-store' : 'no-cache';
        return reply
          .status(result.status)
          .header('cache-control', cacheControl)
          .type('text/html; charset=utf-8')
          .send(withLanguage(pageHtml(shell, result, page), language));
      },
    );
  }
}

/** The document's language on its <html> element (screen readers, fonts, hyphenation, search engines). */
export function withLanguage(html: string, language: string): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}

type HtmlEncoding = 'br' | 'gzip' | 'identity';
const ETAG_SUFFIX: Record<HtmlEncoding, string> = { br: 'br', gzip: 'gz', identity: '' };

/** The content coding a rendered page goes out in: brotli, else gzip, when the browser accepts it. */
function htmlEncoding(req: FastifyRequest): HtmlEncoding {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return 'identity';
}

/**
 * A rendered page is 50–150 KB of HTML (markup, inline CSS, data) that shrinks about 6 times: compress it
 * when the browser accepts it (brotli at a fast level, else gzip), cached pages too. Every page is
 * compressed whatever its size, so the ETag the cache gave it (`etagVariant`) names what is sent; a 304
 * has no body but the same Vary.
 */
async function compressHtml(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // A page's bytes depend on the coding and on the language, which follows Accept-Language when no choice
  // was made (ADR 0135): a shared cache must keep them apart. Set here, as a cache hit replays no Vary.
  addVary(reply, 'Accept-Encoding', 'Accept-Language');
  // Already encoded: a cached page's kept copy (micro-cache's encodeVariant).
  if (reply.getHeader('content-encoding')) return payload;
  if (typeof payload !== 'string' || payload === '' || reply.statusCode === 304) return payload;
  const encoding = htmlEncoding(req);
  if (encoding === 'identity') return payload;
  reply.header('content-encoding', encoding);
  return compress(encoding, payload);
}

/** Brotli at a fast level, or gzip: synchronous, so done once per cached page and coding. */
function compress(encoding: 'br' | 'gzip', html: string): Buffer {
  pageCompressions.inc({ encoding });
  if (encoding === 'br') {
    return zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
  }
  return zlib.gzipSync(html, { level: 6 });
}

async function loadRenderer(entry: string): Promise<Renderer | null> {
  // A file path at run time, not an import of src/web: the server never bundles the web app's code.
  const mod = (await import(pathToFileURL(entry).href)) as Partial<Renderer>;
  return typeof mod.render === 'function' ? (mod as Renderer) : null;
}

function readManifest(app: App): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    app.log.warn('dist/web/.vite/manifest.json is missing: rendered pages preload no page chunks');
    return null;
  }
}

/**
 * The web app's fetch while the server renders a page: each request is answered by the app itself
 * (in-process, `app.inject`) as the visitor who asked for the page (their cookie goes along), and
 * `onAnswer` hears every 200 answer (for the page's cache tags).
 */
function appFetch(
  app: App,
  req: FastifyRequest,
  onAnswer: (url: string, body: unknown) => void,
): typeof fetch {
  return async (input, init) => {
    const url =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? `${input.pathname}${input.search}`
          : input.url;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.headers.cookie) headers.cookie = req.headers.cookie;
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    if (res.statusCode === 200) {
      try {
        onAnswer(url, JSON.parse(res.body));
      } catch {
        onAnswer(url, undefined);
      }
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}
