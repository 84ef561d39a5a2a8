import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  escapeXml,
  forgetProductFiles,
  productsSitemap,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndex,
} from '../../src/server/modules/seo/seo.service.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createCategory, createProduct } from '../factories/catalog.ts';
import { createUser } from '../factories/users.ts';

/** robots.txt and the sitemap (docs/decisions/0127-page-weight-images-seo.md). */
const ORIGIN = 'https://shop.example';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
const unescaped = /&(?!amp;|lt;|gt;|quot;|apos;)/;

describe('robots.txt and sitemap.xml', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => t?.close());

  async function get(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    return res;
  }

  async function allProductUrls(): Promise<string[]> {
    const index = await get('/sitemap.xml');
    const files = locs(index.body).filter((l) => l.includes('/sitemaps/products-'));
    const urls: string[] = [];
    for (const file of files) {
      const res = await get(file.slice(ORIGIN.length));
      expect(res.statusCode, file).toBe(200);
      urls.push(...locs(res.body));
    }
    return urls;
  }

  it('robots.txt allows the storefront, keeps crawlers out of the API, back office and private pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin', '/seller', '/cart', '/placeorder', '/profile', '/shipping'])
      expect(lines, path).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toBe(robotsTxt(ORIGIN));
  });

  it('lists active products with lastmod, and the category pages of their paths, with absolute escaped URLs', async () => {
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db, {
      category: 'Home & Living',
      subCategory: "Kids' <Room>",
      levelThreeCategory: 'Quilts',
    });
    const updatedAt = new Date('2026-05-04T03:02:01.000Z');
    const active = await createProduct(t.db, { sellerId: seller.id, categoryId: category.id, updatedAt });
    const inactive = await createProduct(t.db, {
      sellerId: seller.id,
      categoryId: category.id,
      status: false,
    });
    const emptyCategory = await createCategory(t.db, { category: 'Nothing Listed', subCategory: 'Here' });
    await createProduct(t.db, { sellerId: seller.id, categoryId: emptyCategory.id, status: false });

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(locs(index.body)[0]).toBe(`${ORIGIN}/sitemaps/pages.xml`);
    expect(locs(index.body).every((l) => l.startsWith(`${ORIGIN}/sitemaps/`))).toBe(true);

    const products = await allProductUrls();
    expect(products).toContain(`${ORIGIN}/product/${active.id}`);
    expect(products).not.toContain(`${ORIGIN}/product/${inactive.id}`);
    expect(new Set(products).size).toBe(products.length);
    const file = await get(`/sitemaps/products-${active.id}.xml`);
    expect(file.body).toContain(
      `<url><loc>${ORIGIN}/product/${active.id}</loc><lastmod>2026-05-04T03:02:01.000Z</lastmod></url>`,
    );

    const pages = await get('/sitemaps/pages.xml');
    expect(pages.statusCode).toBe(200);
    const pageUrls = locs(pages.body);
    expect(pageUrls[0]).toBe(`${ORIGIN}/`);
    expect(pageUrls).toContain(`${ORIGIN}/categories/home-%26-living`);
    // encodeURIComponent leaves ' alone, so the XML escapes it.
    expect(pages.body).toContain(
      `<loc>${ORIGIN}/categories/home-%26-living/kids&apos;-%3Croom%3E/quilts</loc>`,
    );
    expect(pageUrls.some((u) => u.includes('nothing-listed'))).toBe(false);
    for (const body of [index.body, pages.body, file.body]) expect(body).not.toMatch(unescaped);
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
  });

  it('cuts the products into files of at most the limit, covering each active product once', async () => {
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    for (let i = 0; i < 5; i++) await createProduct(t.db, { sellerId: seller.id, categoryId: category.id });
    const [{ n } = { n: 0 }] = (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from products where status`)
    ).rows;

    const perFile = 2;
    const index = await sitemapIndex({ db: t.db, actor: null }, ORIGIN, perFile);
    const files = locs(index).filter((l) => l.includes('/sitemaps/products-'));
    expect(files).toHaveLength(Math.ceil(n / perFile));
    const seen: string[] = [];
    for (const loc of files) {
      const first = /products-([0-9a-f-]+)\.xml$/.exec(loc)?.[1] ?? '';
      const body = await productsSitemap({ db: t.db, actor: null }, ORIGIN, first, perFile);
      let xml = '';
      for await (const part of body ?? []) xml += part;
      const urls = locs(xml);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(perFile);
      expect(urls[0]).toBe(`${ORIGIN}/product/${first}`);
      seen.push(...urls);
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
  });

  async function productFileUrls(index: string, perFile: number): Promise<string[][]> {
    const files = locs(index).filter((l) => l.includes('/sitemaps/products-'));
    const out: string[][] = [];
    for (const loc of files) {
      const first = /products-([0-9a-f-]+)\.xml$/.exec(loc)?.[1] ?? '';
      const body = await productsSitemap({ db: t.db, actor: null }, ORIGIN, first, perFile);
      let xml = '';
      for await (const part of body ?? []) xml += part;
      out.push(locs(xml));
    }
    return out;
  }

  const activeProductUrls = async () =>
    (await t.db.execute<{ id: string }>(sql`select id from products where status order by id`)).rows.map(
      (r) => `${ORIGIN}/product/${r.id}`,
    );

  it('keeps the file boundaries for a while, and stale boundaries still list every active product once', async () => {
    const ctx = { db: t.db, actor: null };
    const perFile = 3;
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    for (let i = 0; i < 4; i++) await createProduct(t.db, { sellerId: seller.id, categoryId: category.id });
    const index = await sitemapIndex(ctx, ORIGIN, perFile);
    const before = await productFileUrls(index, perFile);
    expect(before.flat().sort()).toEqual(await activeProductUrls());

    // The catalogue changes: one product of every file goes inactive, and a new one comes in somewhere.
    const gone = before.map((urls) => urls[urls.length - 1]!.slice(`${ORIGIN}/product/`.length));
    await t.db.execute(sql`update products set status = false where id = any(${sql.param(gone)}::uuid[])`);
    const added = await createProduct(t.db, { sellerId: seller.id, categoryId: category.id });

    // The same boundaries answer (no new walk), and the files still split the active products between them.
    const productLines = (xml: string) => xml.split('\n').filter((l) => l.includes('/sitemaps/products-'));
    expect(productLines(await sitemapIndex(ctx, ORIGIN, perFile))).toEqual(productLines(index));
    const after = await productFileUrls(index, perFile);
    const listed = after.flat();
    expect(listed).toContain(`${ORIGIN}/product/${added.id}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual(await activeProductUrls());
    for (const urls of after) expect(urls.length).toBeLessThanOrEqual(perFile);

    // Once forgotten (or stale), the files are cut again from the catalogue as it is.
    forgetProductFiles(t.db);
    const fresh = await sitemapIndex(ctx, ORIGIN, perFile);
    expect(productLines(fresh)).not.toEqual(productLines(index));
    const files = await productFileUrls(fresh, perFile);
    expect(files.flat().sort()).toEqual(await activeProductUrls());
    for (const urls of files.slice(0, -1)) expect(urls).toHaveLength(perFile);
  });

  it('lists exactly what the storefront shows: a deactivated seller keeps its active products listed', async () => {
    // The storefront (lists, search, product page) hides inactive products only, not a seller's products
    // when its account is deactivated; the sitemap follows it.
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    const shown = await createProduct(t.db, { sellerId: seller.id, categoryId: category.id });
    const hidden = await createProduct(t.db, { sellerId: seller.id, categoryId: category.id, status: false });
    await t.db.execute(sql`update users set active = false where id = ${seller.id}`);
    forgetProductFiles(t.db);

    const listed = await allProductUrls();
    for (const p of [shown, hidden]) {
      const page = await get(`/api/products/${p.id}`);
      expect(listed.includes(`${ORIGIN}/product/${p.id}`), p.id).toBe(page.statusCode === 200);
    }
    expect(listed).toContain(`${ORIGIN}/product/${shown.id}`);
    expect(listed).not.toContain(`${ORIGIN}/product/${hidden.id}`);
  });

  it('puts at most 50 000 products in one file: 50 001 active products make two', async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    const [{ before } = { before: 0 }] = (
      await t.db.execute<{ before: number }>(sql`select count(*)::int as before from products where status`)
    ).rows;
    const wanted = SITEMAP_MAX_URLS + 1 - before;
    // Plain rows, without the search and derived-column triggers (not what this test is about), in batches
    // that each stay well inside the statement timeout.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (let from = 1; from <= wanted; from += 5_000) {
        await tx.execute(sql`
          insert into products (user_id, name, brand, price, category_id, status)
          select ${seller.id}, 'Bulk ' || g, 'Bulk', 100, ${category.id}, true
          from generate_series(${from}::int, ${Math.min(from + 4_999, wanted)}::int) g`);
      }
    });

    forgetProductFiles(t.db);
    const index = await get('/sitemap.xml');
    const files = locs(index.body).filter((l) => l.includes('/sitemaps/products-'));
    expect(files).toHaveLength(2);
    const first = await get(files[0]!.slice(ORIGIN.length));
    expect(locs(first.body)).toHaveLength(SITEMAP_MAX_URLS);
    const second = await get(files[1]!.slice(ORIGIN.length));
    expect(locs(second.body)).toHaveLength(1);
  }, 120_000);

  it('answers 404 for a product file that names no active product, or no id', async () => {
    expect((await get('/sitemaps/products-ffffffff-ffff-4fff-bfff-ffffffffffff.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/products-nope.xml')).statusCode).toBe(404);
  });
});
