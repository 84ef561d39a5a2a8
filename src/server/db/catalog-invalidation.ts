import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Queryable } from './client.ts';

/**
 * Invalidation of the catalogue cache (plugins/micro-cache.ts, ADR 0124). A catalogue write calls
 * `invalidateCatalog(tx, tags)` inside its transaction: a PostgreSQL NOTIFY on one channel, delivered to
 * every instance's LISTEN connection when (and only if) the transaction commits. Orders, carts, payments,
 * stock, shipments and returns call nothing: the order transaction is the authority on stock, and a page
 * may show stock up to the cache's time to live old.
 *
 * Tags (what a cached answer depends on, what a write changed):
 * - `product:<id>` a product's detail, markup, and every cached list that shows it;
 * - `category:<id>` the category pages listing that category;
 * - `shop:<sellerId>` the seller's shop pages (its record, its product pages);
 * - `seller:<sellerId>` what shows the seller's name, shop name or size charts: its products' details;
 * - `lists` the first pages of every product list (home, top, search, category, shop) and the shop names;
 * - `categories` the category tree lookups; `discounts` the live discounts.
 */
export const CATALOG_CHANNEL = 'haat_catalog';
export const LISTS = 'lists';
export const CATEGORIES = 'categories';
export const DISCOUNTS = 'discounts';
/** Sent instead of the tags when they would not fit a NOTIFY payload (8000 bytes): every entry goes. */
export const EVERYTHING = '*';

export const catalogTag = {
  product: (id: string) => `product:${id}`,
  category: (id: string) => `category:${id}`,
  shop: (sellerId: string) => `shop:${sellerId}`,
  seller: (sellerId: string) => `seller:${sellerId}`,
};

/** What a change to one product touches: its detail, the first list pages, its category and shop. */
export function productTags(p: {
  id: string;
  categoryId?: string | null;
  sellerId?: string | null;
}): string[] {
  const tags = [catalogTag.product(p.id), LISTS];
  if (p.categoryId) tags.push(catalogTag.category(p.categoryId));
  if (p.sellerId) tags.push(catalogTag.shop(p.sellerId));
  return tags;
}

/**
 * What a change to a seller's shop or account touches (a rename, a new picture, a deactivation): its shop
 * pages, its products' details, the first list pages.
 */
export function shopTags(sellerId: string): string[] {
  return [catalogTag.shop(sellerId), catalogTag.seller(sellerId), LISTS];
}

const MAX_PAYLOAD = 7900;

/** A cache in this process that wants to hear of writes before their NOTIFY comes back (see below). */
export type InvalidationSink = { pending: Map<string, { tags: string[]; at: number }> };
const sinks = new Set<InvalidationSink>();
let sequence = 0;

/**
 * Registers a cache of this process. Each `invalidateCatalog` also records its tags as pending in every
 * registered cache, under the NOTIFY's nonce: the cache flushes what is pending when a write request
 * answers (so the writer reads its own write at once, before its NOTIFY has come back), and forgets the
 * nonce when the NOTIFY arrives (or after a minute, for a transaction that rolled back).
 */
export function registerSink(sink: InvalidationSink): () => void {
  sinks.add(sink);
  return () => void sinks.delete(sink);
}

/**
 * THE call for catalogue writes: inside the write's transaction (or on the pool right after a write that
 * has none), name what changed. One round trip; the NOTIFY goes out on commit, nothing on rollback.
 */
export async function invalidateCatalog(q: Queryable, tags: readonly string[]): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  const nonce = `${process.pid}.${++sequence}`;
  let payload = JSON.stringify({ n: nonce, t: unique });
  if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ n: nonce, t: [EVERYTHING] });
  const at = Date.now();
  for (const sink of sinks) sink.pending.set(nonce, { tags: unique, at });
  await q.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${payload})`);
}

/** One NOTIFY payload read back: its nonce and tags (null when it is not ours). */
export function parseCatalogNotice(payload: string | undefined): { nonce: string; tags: string[] } | null {
  try {
    const parsed = JSON.parse(payload ?? '') as { n?: unknown; t?: unknown };
    if (typeof parsed.n !== 'string' || !Array.isArray(parsed.t)) return null;
    return { nonce: parsed.n, tags: parsed.t.filter((t): t is string => typeof t === 'string') };
  } catch {
    return null;
  }
}

export type CatalogListener = { close(): Promise<void>; connected(): boolean };

/**
 * One dedicated connection per instance that LISTENs on the catalogue channel. After a drop it reconnects
 * with a growing backoff (250 ms doubling up to 10 s, with jitter). `onState(true)` is called each time it
 * is listening again — notices sent meanwhile are lost, so the cache empties itself then — and
 * `onState(false)` when it drops. Resolves once the first attempt has succeeded or failed.
 */
export async function listenCatalog(
  options: pg.ClientConfig,
  handlers: {
    onNotice: (notice: { nonce: string; tags: string[] }) => void;
    onState: (listening: boolean, err?: Error) => void;
  },
): Promise<CatalogListener> {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let delay = 250;
  let timer: NodeJS.Timeout | undefined;

  const drop = (err?: Error) => {
    const was = client;
    client = null;
    if (was) was.end().catch(() => {});
    if (listening) {
      listening = false;
      handlers.onState(false, err);
    }
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void attempt(), delay * (0.75 + Math.random() / 2));
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };

  const attempt = async () => {
    if (closed) return;
    const c = new pg.Client({ ...options, statement_timeout: 0, query_timeout: 0 });
    client = c;
    c.on('error', (err) => {
      if (client === c) drop(err);
    });
    c.on('end', () => {
      if (client === c) drop(new Error('catalogue listener connection ended'));
    });
    c.on('notification', (msg) => {
      if (msg.channel !== CATALOG_CHANNEL) return;
      const notice = parseCatalogNotice(msg.payload);
      if (notice) handlers.onNotice(notice);
    });
    try {
      await c.connect();
      await c.query(`listen ${CATALOG_CHANNEL}`);
      if (closed || client !== c) return void c.end().catch(() => {});
      listening = true;
      delay = 250;
      handlers.onState(true);
    } catch (err) {
      if (client === c) drop(err as Error);
    }
  };

  await attempt();
  return {
    connected: () => listening,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      listening = false;
      if (c) await c.end().catch(() => {});
    },
  };
}

/** Drops pending invalidations older than a minute (their transaction rolled back). */
export function prunePending(sink: InvalidationSink, now = Date.now()): void {
  for (const [nonce, { at }] of sink.pending) if (now - at > 60_000) sink.pending.delete(nonce);
}
