import { Counter, Gauge } from 'prom-client';

/**
 * The catalogue cache's figures (plugins/micro-cache.ts, ADR 0124), one set per process; the /metrics
 * plugin adds them to each app's registry. Labels stay few: the route pattern, never the URL; the tag's
 * kind (product, category, shop, lists, categories, discounts, all), never its id.
 * Hit rate = hit / (hit + miss + off).
 */
export const catalogCacheLookups = new Counter({
  name: 'haat_catalog_cache_requests_total',
  help: 'Anonymous GETs of cached catalogue routes, by route pattern and result: hit, miss, or off (the invalidation listener was down).',
  labelNames: ['route', 'result'] as const,
  registers: [],
});

export const catalogCacheInvalidations = new Counter({
  name: 'haat_catalog_cache_invalidations_total',
  help: 'Catalogue cache tags invalidated (as heard on the NOTIFY channel), by tag kind.',
  labelNames: ['kind'] as const,
  registers: [],
});

const sizes = new Set<() => number>();

export const catalogCacheEntries = Object.assign(
  new Gauge({
    name: 'haat_catalog_cache_entries',
    help: 'Answers held in the catalogue cache.',
    registers: [],
    collect() {
      let total = 0;
      for (const size of sizes) total += size();
      this.set(total);
    },
  }),
  {
    /** Counts a cache's entries in the gauge until the returned function is called. */
    track(size: () => number): () => void {
      sizes.add(size);
      return () => void sizes.delete(size);
    },
  },
);
