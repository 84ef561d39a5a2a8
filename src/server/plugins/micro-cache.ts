import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../lib/types.ts';

/**
 * A micro-cache for the public catalogue reads (lists, search, product detail, categories, shops, live
 * discounts): the serialized 200 answer to an anonymous GET is reused for `ttlMs`, so a burst of shoppers
 * on the same page costs one database round and one serialization (docs/product/quality.md#performance targets).
 *
 * Freshness: any successful write handled by this process (POST/PUT/PATCH/DELETE < 400 — a product edit,
 * a review, an order taking stock) empties the cache at once, so one instance never serves a stale page
 * after its own writes; other instances behind a load balancer catch up within `ttlMs`. Signed-in requests
 * are never cached (an owner may see an inactive product), and neither is anything that is not a 200.
 */
const CACHEABLE_ROUTES = new Set([
  '/api/products',
  '/api/products/top',
  '/api/products/category',
  '/api/products/:id',
  '/api/products/:id/markup',
  '/api/product-discounts',
]);
const CACHEABLE_PREFIXES = ['/api/category/', '/api/shops/'];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Entry = { body: string; contentType: string; expires: number };

export type MicroCacheOptions = { ttlMs?: number; maxEntries?: number };

function cacheable(req: FastifyRequest): boolean {
  if (req.method !== 'GET' || req.actor || req.headers.authorization) return false;
  const route = req.routeOptions.url;
  if (!route) return false;
  if (CACHEABLE_ROUTES.has(route)) return true;
  return CACHEABLE_PREFIXES.some((p) => route.startsWith(p)) && !route.includes('categories-markup');
}

export const microCachePlugin = fp(async (app: App, opts: MicroCacheOptions) => {
  const ttlMs = opts.ttlMs ?? 2000;
  const maxEntries = opts.maxEntries ?? 2000;
  const entries = new Map<string, Entry>();

  // Runs after the auth plugin's onRequest hook, so req.actor is known.
  app.addHook('onRequest', async (req, reply) => {
    if (!cacheable(req)) return;
    const hit = entries.get(req.url);
    if (!hit) return;
    if (hit.expires <= Date.now()) {
      entries.delete(req.url);
      return;
    }
    return reply.header('content-type', hit.contentType).header('x-cache', 'hit').send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !cacheable(req)) return payload;
    if (reply.getHeader('x-cache') === 'hit') return payload;
    if (entries.size >= maxEntries) {
      // Maps keep insertion order: drop the oldest entry.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    entries.set(req.url, { body: payload, contentType, expires: Date.now() + ttlMs });
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    if (UNSAFE.has(req.method) && reply.statusCode < 400) entries.clear();
  });
});
