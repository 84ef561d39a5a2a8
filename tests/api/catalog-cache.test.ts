import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { connect, type Database } from '../../src/server/db/client.ts';
import { invalidateCatalog } from '../../src/server/db/catalog-invalidation.ts';
import type { App } from '../../src/server/lib/types.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createCategory, createProduct } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';

/**
 * The catalogue cache that survives writes (plugins/micro-cache.ts, ADR 0124): a write drops only what
 * it changed, orders drop nothing, other instances hear of writes by NOTIFY, and anonymous answers carry
 * HTTP caching headers. A long time to live, so nothing here passes by expiry.
 */
describe('catalogue cache', () => {
  let t: TestContext;
  let seller: Who;
  let buyer: Who;
  let p1: string;
  let p2: string;
  let categoryId: string;
  // A second instance on the same database (its own pool, cache and LISTEN connection).
  let other: App;
  let otherDb: Database;

  beforeAll(async () => {
    t = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    seller = await createWho(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Tag Shop' } });
    buyer = await createWho(t.db);
    categoryId = (await createCategory(t.db)).id;
    p1 = (await createProduct(t.db, { sellerId: seller.user.id, categoryId, name: 'Tagged One' })).id;
    p2 = (await createProduct(t.db, { sellerId: seller.user.id, categoryId, name: 'Tagged Two' })).id;
    otherDb = connect(t.config.databaseUrl ?? '', 5);
    other = await buildApp({ config: t.config, db: otherDb, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.$client.end();
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, app: App = t.app) =>
    app.inject({ method: 'GET', url, headers });
  /** Reads twice: the second answer must come from the cache. */
  const warm = async (url: string, app: App = t.app) => {
    await get(url, {}, app);
    expect((await get(url, {}, app)).headers['x-cache'], url).toBe('hit');
  };
  const hit = async (url: string, app: App = t.app) => (await get(url, {}, app)).headers['x-cache'] === 'hit';
  /** Polls (bounded) until `check` holds: for what another instance hears asynchronously. */
  const eventually = async (check: () => Promise<boolean>, ms = 5000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('a product edit drops its detail, its category page and the first list page, not another product', async () => {
    const category = `/api/products/category?categoryIDs=${categoryId}`;
    for (const url of [`/api/products/${p1}`, `/api/products/${p2}`, '/api/products', category])
      await warm(url);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p1}`,
      headers: authHeader(seller.token),
      payload: { price: 777 },
    });
    expect(edit.statusCode).toBe(200);
    const detail = await get(`/api/products/${p1}`);
    expect(detail.headers['x-cache']).toBeUndefined();
    expect(detail.json<{ price: number }>().price).toBe(777);
    expect(await hit('/api/products')).toBe(false);
    expect(await hit(category)).toBe(false);
    expect(await hit(`/api/products/${p2}`)).toBe(true);
  });

  it('a deeper page is dropped when a product it shows changes, and lives out its time otherwise', async () => {
    // 13 products found by a search, newest first: 12 on page 1, the oldest alone on page 2. (A category
    // or shop page is dropped whole by any write to a product of its category or shop.)
    const made = [];
    for (let i = 0; i < 13; i++)
      made.push(
        await createProduct(t.db, {
          sellerId: seller.user.id,
          categoryId,
          name: `Zebrawood stool ${String(i)}`,
          createdAt: new Date(Date.now() - i * 60_000),
        }),
      );
    const deep = '/api/products?keyword=zebrawood&sort=newest&pageNumber=2';
    const edit = (id: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: authHeader(seller.token),
        payload: { description: 'Edited' },
      });
    await warm(deep);
    expect((await get(deep)).json<{ products: { _id: string }[] }>().products.map((p) => p._id)).toEqual([
      made[12]?.id,
    ]);
    await warm('/api/product-discounts');
    // A product of page 1 changes: page 2 (and the discounts) stay.
    expect((await edit(made[0]?.id ?? '')).statusCode).toBe(200);
    expect(await hit(deep)).toBe(true);
    expect(await hit('/api/product-discounts')).toBe(true);
    // The product shown on page 2 changes: page 2 goes.
    expect((await edit(made[12]?.id ?? '')).statusCode).toBe(200);
    expect(await hit(deep)).toBe(false);
  });

  it("a product's discounts (?products=) go with the product or with any discount write, not another product's", async () => {
    const one = `/api/product-discounts?products=${p1}`;
    const two = `/api/product-discounts?products=${p2},${p1}`;
    await warm(one);
    await warm(two);
    await invalidateCatalog(t.db, [`product:${p2}`]);
    await eventually(async () => !(await hit(two)));
    expect(await hit(one)).toBe(true);
    await invalidateCatalog(t.db, ['discounts']);
    await eventually(async () => !(await hit(one)));
  });

  it('an order drops neither listings nor details (stock may be a time to live old)', async () => {
    for (const url of [`/api/products/${p1}`, '/api/products', '/api/products/top']) await warm(url);
    const before = (await get(`/api/products/${p1}`)).json<{ countInStock: number }>().countInStock;
    await placeOrder(t.app, buyer.token, orderBody([{ product: p1, size: 'M' }]));
    const after = await get(`/api/products/${p1}`);
    expect(after.headers['x-cache']).toBe('hit');
    expect(after.json<{ countInStock: number }>().countInStock).toBe(before);
    expect(await hit('/api/products')).toBe(true);
    expect(await hit('/api/products/top')).toBe(true);
  });

  it('a review drops its product (rating) and the first list pages', async () => {
    await warm(`/api/products/${p2}`);
    await warm('/api/products/top');
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/products/${p2}/reviews`,
      headers: authHeader(buyer.token),
      payload: { rating: 4, comment: 'Fits well' },
    });
    expect(review.statusCode).toBe(201);
    const detail = await get(`/api/products/${p2}`);
    expect(detail.headers['x-cache']).toBeUndefined();
    expect(detail.json<{ numReviews: number }>().numReviews).toBe(1);
    expect(await hit('/api/products/top')).toBe(false);
  });

  it("another instance drops its entry when it hears the write's NOTIFY", async () => {
    await warm(`/api/products/${p1}`, other);
    await warm(`/api/products/${p2}`, other);
    const toggle = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p1}/toggle`,
      headers: authHeader(seller.token),
    });
    expect(toggle.statusCode).toBe(200);
    await eventually(async () => (await get(`/api/products/${p1}`, {}, other)).statusCode === 404);
    expect(await hit(`/api/products/${p2}`, other)).toBe(true);
    // The writer itself never answered from the stale entry.
    expect((await get(`/api/products/${p1}`)).statusCode).toBe(404);
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p1}/toggle`,
      headers: authHeader(seller.token),
    });
  });

  it('deactivating a seller drops its shop and its products everywhere', async () => {
    const admin = await createWho(t.db, { roles: ['Admin'] });
    await eventually(async () => (await get(`/api/products/${p1}`, {}, other)).statusCode === 200);
    await warm(`/api/products/${p1}`, other);
    await warm('/api/shops/name/Tag-Shop', other);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${seller.user.id}`,
      headers: authHeader(admin.token),
      payload: {
        name: seller.user.name,
        email: seller.user.email,
        role: ['Seller-Company'],
        active: false,
      },
    });
    expect(res.statusCode).toBe(200);
    await eventually(async () => !(await hit(`/api/products/${p1}`, other)));
    await eventually(async () => !(await hit('/api/shops/name/Tag-Shop', other)));
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${seller.user.id}`,
      headers: authHeader(admin.token),
      payload: { name: seller.user.name, email: seller.user.email, role: ['Seller-Company'], active: true },
    });
  });

  it('turns itself off while its LISTEN connection is down, and starts empty when it is back', async () => {
    // Caching first (the instance caches only while it listens; a busy machine may still be connecting).
    await eventually(async () => hit('/api/products/top', other), 10_000);
    // Cut every catalogue LISTEN connection on this database (both instances'); they reconnect.
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'listen haat_catalog'`,
    );
    await eventually(async () => !(await hit('/api/products/top', other)));
    await eventually(async () => hit('/api/products/top', other), 10_000);
  });

  it('sends a strong ETag and public Cache-Control to guests, and 304 for a matching If-None-Match', async () => {
    const url = `/api/products/${p2}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(first.headers.vary).toBe('Authorization, Cookie');
    const cached = await get(url, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    // A miss answers 304 too when the client already holds that very body: drop the entry, ask again.
    await invalidateCatalog(t.db, [`product:${p2}`]);
    let res = cached;
    await eventually(async () => {
      res = await get(url, { 'if-none-match': etag });
      return res.headers['x-cache'] !== 'hit';
    });
    expect(res.statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('never caches signed-in reads, and marks them private', async () => {
    const url = `/api/products/${p1}`;
    const mine = await get(url, authHeader(seller.token));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect((await get(url, authHeader(seller.token))).headers['x-cache']).toBeUndefined();
    // Non-catalogue answers are left as they were.
    expect((await get('/api/roles')).headers['cache-control']).toBeUndefined();
  });

  it('counts hits, misses and invalidations on /metrics', async () => {
    // A hit, whenever it comes: a notice from the tests before may still drop the entry once in between.
    const url = `/api/products/${p2}`;
    await eventually(async () => {
      await get(url);
      return hit(url);
    });
    const text = (await get('/metrics')).body;
    expect(text).toMatch(
      /haat_catalog_cache_requests_total\{route="\/api\/products\/:id",result="hit"\} \d+/,
    );
    expect(text).toMatch(
      /haat_catalog_cache_requests_total\{route="\/api\/products\/:id",result="miss"\} \d+/,
    );
    expect(text).toMatch(/haat_catalog_cache_invalidations_total\{kind="product"\} \d+/);
    expect(text).toMatch(/haat_catalog_cache_entries \d+/);
  });
});
