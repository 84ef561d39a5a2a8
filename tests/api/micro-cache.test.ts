import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createCategory, createProduct } from '../factories/catalog.ts';
import { authHeader, createUser, signIn } from '../factories/users.ts';

/** The catalogue micro-cache (src/server/plugins/micro-cache.ts): fast, and never stale after a write. */
describe('catalogue micro-cache', () => {
  let t: TestContext;
  let sellerToken: string;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp({ CATALOG_CACHE_MS: '2000' });
    const seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Cache Shop' } });
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, {
      sellerId: seller.id,
      categoryId: category.id,
      name: 'Cached Kurta',
    });
    productId = product.id;
    sellerToken = await signIn(t.app, seller.email, seller.password);
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers a repeated anonymous read from the cache, with the same body', async () => {
    const first = await get('/api/products?pageNumber=1');
    const second = await get('/api/products?pageNumber=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toContain('application/json');
  });

  it('drops what a successful write touches, at once, and keeps the rest (ADR 0124)', async () => {
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(200);
    expect((await get(`/api/products/${productId}`)).headers['x-cache']).toBe('hit');
    // The category tree does not show products: a product write leaves it cached.
    await get('/api/category/firstlevel');
    expect((await get('/api/category/firstlevel')).headers['x-cache']).toBe('hit');
    const toggle = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/toggle`,
      headers: authHeader(sellerToken),
    });
    expect(toggle.statusCode).toBe(200);
    // The deactivated product is gone at once; the category tree is still the cached answer.
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(404);
    expect((await get('/api/category/firstlevel')).headers['x-cache']).toBe('hit');
    // A failed write drops nothing.
    await get('/api/products/top');
    const refused = await t.app.inject({ method: 'PUT', url: `/api/products/${productId}/toggle` });
    expect(refused.statusCode).toBe(401);
    expect((await get('/api/products/top')).headers['x-cache']).toBe('hit');
  });

  it('never caches signed-in reads, nor serves them an anonymous answer', async () => {
    // The product is inactive now: its seller sees it, a guest does not.
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(404);
    const owner = await get(`/api/products/${productId}`, authHeader(sellerToken));
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['x-cache']).toBeUndefined();
    const again = await get(`/api/products/${productId}`, authHeader(sellerToken));
    expect(again.headers['x-cache']).toBeUndefined();
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(404);
  });

  it('is off when CATALOG_CACHE_MS is 0 (the test default)', async () => {
    const plain = await createTestApp();
    try {
      await plain.app.inject({ method: 'GET', url: '/api/products' });
      const again = await plain.app.inject({ method: 'GET', url: '/api/products' });
      expect(again.headers['x-cache']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('expires entries after the time to live', async () => {
    await get('/api/shops/names');
    expect((await get('/api/shops/names')).headers['x-cache']).toBe('hit');
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now + 5000);
    try {
      expect((await get('/api/shops/names')).headers['x-cache']).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves private and non-catalogue routes alone', async () => {
    await get('/api/roles');
    expect((await get('/api/roles')).headers['x-cache']).toBeUndefined();
    await get('/api/products/admin/productlist');
    expect((await get('/api/products/admin/productlist')).headers['x-cache']).toBeUndefined();
  });
});
