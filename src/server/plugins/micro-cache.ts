import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  EVERYTHING,
  listenCatalog,
  prunePending,
  registerSink,
  type InvalidationSink,
} from '../db/catalog-invalidation.ts';
import type { App } from '../lib/types.ts';
import {
  catalogCacheEntries,
  catalogCacheInvalidations,
  catalogCacheLookups,
} from './catalog-cache-metrics.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Opts a GET route into the catalogue cache (ADR 0124): the tags its 200 answer depends on
     * (db/catalog-invalidation.ts). `body` is the handler's answer before serialization when it returned an
     * object (JSON routes), undefined when it sent a string (rendered HTML).
     */
    catalogCache?: (req: FastifyRequest, body?: unknown) => readonly string[];
    /**
     * Which variant of the stored answer this request gets when a later hook transforms it (a rendered
     * page's content coding: `br`, `gz`; '' for the text as stored). Each variant has its own strong ETag
     * (`"<hash>-br"`), and If-None-Match is matched against the one this request would get.
     */
    etagVariant?: (req: FastifyRequest) => string;
    /**
     * The bytes of a variant (`etagVariant`) and the Content-Encoding they go out with, made from the
     * stored text once per entry and variant and kept with it, so a hit only writes bytes.
     */
    encodeVariant?: (variant: string, body: string) => { encoding: string; body: Buffer };
    /**
     * The entry a request reads and writes; `req.url` by default. A page route keys on its path and the
     * query parameters it reads, so `?junk=…` neither renders anew nor pushes hot entries out.
     */
    cacheKey?: (req: FastifyRequest) => string;
  }
}

/**
 * The catalogue cache (ADR 0124, docs/operations.md#catalogue-cache-and-a-cdn): the serialized 200 answer to an
 * anonymous GET of a route with `config.catalogCache` is reused for `ttlMs`, so a burst of shoppers on the
 * same page costs one database round and one serialization.
 *
 * Freshness: each entry carries tags; a catalogue write names the tags it changed
 * (`invalidateCatalog(tx, tags)`, a NOTIFY sent on commit) and every instance drops the entries carrying
 * them when its LISTEN connection hears it. The instance that wrote also drops them before the write's
 * answer goes out. Orders and stock changes drop nothing: stock may be up to `ttlMs` old on a page. Deeper
 * list pages (page 2 on) are dropped by the products they show, and otherwise live out their time to live.
 * While the LISTEN connection is down the cache serves and stores nothing, and it starts empty when the
 * connection is back (notices sent meanwhile are lost).
 *
 * HTTP: anonymous answers carry a strong ETag (If-None-Match → 304; one per `etagVariant`) and
 * `Cache-Control: public, max-age=0, s-maxage=<ttl>, stale-while-revalidate=<swr>` with
 * `Vary: Authorization, Cookie`, so a CDN may absorb reads; signed-in answers get `private, no-store` and
 * are never cached. Nothing but a 200 is cached.
 */
export type MicroCacheOptions = {
  ttlMs?: number;
  maxEntries?: number;
  /** Bodies kept at most, in UTF-16 code units (about bytes for JSON): 32 Mi by default. */
  maxChars?: number;
  /** stale-while-revalidate offered to shared caches, in seconds. */
  staleWhileRevalidateS?: number;
};

type Entry = {
  body: string;
  contentType: string;
  /** The headers the route set itself (a page's Link or Content-Language), replayed on a hit. */
  headers: Record<string, string | number | string[]>;
  etag: string;
  expires: number;
  tags: readonly string[];
  /** Encoded variants (`encodeVariant`), made on first use. */
  variants: Map<string, Buffer>;
  variantEncodings: Map<string, string>;
};

type RequestState = { epoch: number; key: string; tags?: readonly string[] };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Headers every answer gets anew (per request, or set by this plugin), never copied from a stored one. */
const NOT_REPLAYED = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'vary',
  'x-cache',
  'x-request-id',
  'date',
  'set-cookie',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
/** Category pages may list thousands of ids: past this many, they are tagged `lists` alone. */
const MAX_TAGS = 200;

export const microCachePlugin = fp(async (app: App, opts: MicroCacheOptions) => {
  const ttlMs = opts.ttlMs ?? 5000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const maxChars = opts.maxChars ?? 32 * 1024 * 1024;
  const swr = opts.staleWhileRevalidateS ?? 30;
  const publicCacheControl = `public, max-age=0, s-maxage=${Math.max(1, Math.ceil(ttlMs / 1000))}, stale-while-revalidate=${swr}`;

  const publicHeaders = publicHeadersFor(publicCacheControl);
  const entries = new Map<string, Entry>();
  const byTag = new Map<string, Set<string>>();
  let chars = 0;
  // Invalidation epochs: an answer computed by a request that began before one of its tags was dropped
  // is not stored (it may hold what the write replaced).
  let epoch = 0;
  let clearedAt = 0;
  const tagDroppedAt = new Map<string, number>();
  const state = new WeakMap<FastifyRequest, RequestState>();
  let listening = false;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.body.length;
    for (const bytes of entry.variants.values()) chars -= bytes.length;
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) byTag.delete(tag);
    }
  };
  const clear = () => {
    entries.clear();
    byTag.clear();
    tagDroppedAt.clear();
    chars = 0;
    clearedAt = ++epoch;
  };
  const invalidate = (tags: readonly string[]) => {
    if (tags.includes(EVERYTHING)) return clear();
    epoch++;
    // Bounded memory: past 50 000 remembered tags, remember one clear instead.
    if (tagDroppedAt.size > 50_000) {
      tagDroppedAt.clear();
      clearedAt = epoch;
    }
    for (const tag of tags) {
      tagDroppedAt.set(tag, epoch);
      const keys = byTag.get(tag);
      if (keys) for (const key of [...keys]) remove(key);
    }
  };

  const sink: InvalidationSink = { pending: new Map() };
  const unregister = registerSink(sink);
  const listener = await listenCatalog(
    { ...app.db.$client.options },
    {
      onNotice: ({ nonce, tags }) => {
        sink.pending.delete(nonce);
        for (const tag of tags) catalogCacheInvalidations.inc({ kind: tagKind(tag) });
        invalidate(tags);
      },
      onState: (up, err) => {
        // Either way the cache starts empty: what was missed while away cannot be known.
        clear();
        listening = up;
        if (up) app.log.info('catalogue cache: listening for invalidations');
        else app.log.warn({ err }, 'catalogue cache: invalidation listener lost, cache off until it is back');
      },
    },
  );
  app.addHook('onClose', async () => {
    unregister();
    await listener.close();
  });
  const stopGauge = catalogCacheEntries.track(() => entries.size);
  app.addHook('onClose', async () => stopGauge());

  const tagsOf = (req: FastifyRequest) => req.routeOptions.config.catalogCache;
  const anonymous = (req: FastifyRequest) => !req.actor && !req.headers.authorization;
  const routeLabel = (req: FastifyRequest) => req.routeOptions.url ?? 'unmatched';
  const keyOf = (req: FastifyRequest) => req.routeOptions.config.cacheKey?.(req) ?? req.url;

  /** The body this request gets: the stored text, or its encoded variant (made once, then kept). */
  const bodyFor = (req: FastifyRequest, reply: FastifyReply, entry: Entry, key: string): string | Buffer => {
    const { etagVariant, encodeVariant } = req.routeOptions.config;
    const variant = etagVariant?.(req);
    if (!variant || !encodeVariant) return entry.body;
    let bytes = entry.variants.get(variant);
    if (!bytes) {
      const encoded = encodeVariant(variant, entry.body);
      bytes = encoded.body;
      entry.variants.set(variant, bytes);
      entry.variantEncodings.set(variant, encoded.encoding);
      if (entries.get(key) === entry) chars += bytes.length;
    }
    reply.header('content-encoding', entry.variantEncodings.get(variant) ?? 'identity');
    return bytes;
  };

  const sendCached = (req: FastifyRequest, reply: FastifyReply, hit: Entry, key: string) => {
    publicHeaders(reply);
    const etag = etagOf(req, hit.etag);
    reply.header('etag', etag).header('x-cache', 'hit');
    if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    // What this request's own hooks set (security headers, say) stays as they set it.
    for (const [name, value] of Object.entries(hit.headers))
      if (!reply.hasHeader(name)) reply.header(name, value);
    return reply.header('content-type', hit.contentType).send(bodyFor(req, reply, hit, key));
  };

  // Runs after the auth plugin's onRequest hook, so req.actor is known.
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !tagsOf(req)) return;
    if (!anonymous(req)) return;
    const key = keyOf(req);
    state.set(req, { epoch, key });
    const route = routeLabel(req);
    if (!listening) {
      catalogCacheLookups.inc({ route, result: 'off' });
      return;
    }
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Least recently used goes first: a hit moves to the end.
      entries.delete(key);
      entries.set(key, hit);
      catalogCacheLookups.inc({ route, result: 'hit' });
      return sendCached(req, reply, hit, key);
    }
    if (hit) remove(key);
    catalogCacheLookups.inc({ route, result: 'miss' });
  });

  // JSON answers: the tags are read from the object before it is serialized.
  app.addHook('preSerialization', async (req, reply, payload) => {
    const s = state.get(req);
    const tagger = tagsOf(req);
    if (s && tagger && reply.statusCode === 200) s.tags = tagger(req, payload);
    return payload;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    // A write's own invalidations take effect before its answer goes out (its NOTIFY may come later).
    if (UNSAFE.has(req.method)) {
      if (sink.pending.size > 0) {
        prunePending(sink);
        for (const { tags } of sink.pending.values()) invalidate(tags);
      }
      return payload;
    }
    const tagger = tagsOf(req);
    if (req.method !== 'GET' || !tagger) return payload;
    if (!anonymous(req)) {
      // Signed-in answers may hold what a guest must not see (an owner's inactive product).
      reply.header('cache-control', 'private, no-store');
      return payload;
    }
    if (reply.getHeader('x-cache') === 'hit') return payload;
    const s = state.get(req);
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !s) return payload;
    // An answer that sets a cookie is somebody's own: neither stored nor offered to shared caches.
    if (reply.hasHeader('set-cookie')) return payload;
    // The handler's own no-store (a page rendered without some of its data, a fallback): not kept.
    if (/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;

    const stored = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    const etag = etagOf(req, stored);
    publicHeaders(reply);
    reply.header('etag', etag);
    const entry = listening
      ? store(req, reply, s.key, payload, stored, s.tags ?? tagger(req, undefined), s.epoch)
      : undefined;
    if (matches(req.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return entry ? bodyFor(req, reply, entry, s.key) : payload;
  });

  function store(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    body: string,
    etag: string,
    given: readonly string[],
    startedAt: number,
  ): Entry | undefined {
    const tags = given.length > MAX_TAGS ? ['lists'] : given;
    if (clearedAt > startedAt) return undefined;
    for (const tag of tags) if ((tagDroppedAt.get(tag) ?? 0) > startedAt) return undefined;
    if (body.length > maxChars / 4) return undefined;
    remove(key);
    while (entries.size > 0 && (entries.size >= maxEntries || chars + body.length > maxChars)) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const headers: Entry['headers'] = {};
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined && !NOT_REPLAYED.has(name) && !name.startsWith('access-control-'))
        headers[name] = value;
    const entry: Entry = {
      body,
      contentType,
      headers,
      etag,
      expires: Date.now() + ttlMs,
      tags,
      variants: new Map(),
      variantEncodings: new Map(),
    };
    entries.set(key, entry);
    chars += body.length;
    for (const tag of tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return entry;
  }
});

/** Shared caches may keep it; a request with credentials is a different answer (Vary kept, added to). */
function publicHeadersFor(cacheControl: string) {
  return (reply: FastifyReply) => {
    const vary = reply.getHeader('vary');
    const given = typeof vary === 'string' && vary !== '' ? `${vary}, ` : '';
    reply.header('cache-control', cacheControl).header('vary', `${given}Authorization, Cookie`);
  };
}

/** The ETag of the variant this request gets: `"<hash>"`, or `"<hash>-br"` for `etagVariant` 'br'. */
function etagOf(req: FastifyRequest, stored: string): string {
  const variant = req.routeOptions.config.etagVariant?.(req);
  return variant ? `${stored.slice(0, -1)}-${variant}"` : stored;
}

/** If-None-Match: `*`, one tag or a list, weak or strong (a weak comparison, as RFC 9110 asks for GET). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** `product:…` → product; low-cardinality metric labels. */
function tagKind(tag: string): string {
  if (tag === EVERYTHING) return 'all';
  const colon = tag.indexOf(':');
  return colon === -1 ? tag : tag.slice(0, colon);
}
