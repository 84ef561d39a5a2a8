import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/plugins/auth.ts';
import { pageCompressions, ssrEntry, webRoot } from '../../src/server/web/web.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createCategory, createDiscount, createProduct, createShop } from '../factories/catalog.ts';
import { authHeader, createUser, sessionToken } from '../factories/users.ts';

/**
 * Storefront pages arrive as HTML with their data in it (docs/decisions/0126-server-rendering.md), read
 * here as a crawler would: plain HTTP, no JavaScript. Needs `npm run build` (dist/web and dist/ssr).
 */
const built = fs.existsSync(ssrEntry);

/** The text of the HTML without its tags, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const bodyOf = (html: string) => html.slice(html.indexOf('<body>'));

describe.skipIf(!built)('server-rendered storefront pages', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(async () => t?.close());

  async function catalogue() {
    const seller = await createUser(t.db, { roles: ['Seller-Company'], name: 'Meera Textiles Owner' });
    const shop = await createShop(t.db, {
      userId: seller.id,
      shopName: `Meera Looms ${seller.id.slice(0, 6)}`,
    });
    const level3 = `Kurtas ${seller.id.slice(0, 6)}`;
    const category = await createCategory(t.db, {
      category: 'Fashion & Accessories',
      subCategory: 'Men Clothes',
      levelThreeCategory: level3,
    });
    const word = `zardozi${seller.id.slice(0, 6)}`;
    const product = await createProduct(t.db, {
      sellerId: seller.id,
      categoryId: category.id,
      name: `Indigo "Block" Kurta ${word}`,
      price: '1000.00',
      description: 'Hand block printed cotton kurta. '.repeat(10),
    });
    const other = await createProduct(t.db, {
      sellerId: seller.id,
      categoryId: category.id,
      name: `Madder Red Kurta ${word}`,
      price: '1450.00',
    });
    await createDiscount(t.db, { productId: product.id, discountValue: '10', discountUnit: 'percentage' });
    return { seller, shop, category, level3, word, product, other };
  }

  it('renders a product page: name, price, breadcrumbs and head tags in the HTML, the data for hydration', async () => {
    const { product, level3 } = await catalogue();
    const res = await t.app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const body = text(bodyOf(html));

    expect(body).toContain(product.name);
    expect(body).toContain('₹900.00'); // 10 % off ₹1,000
    expect(body).toContain('₹1,000.00');
    // Breadcrumbs: Home › each category level › the product.
    const crumbs = /<nav[^>]*aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(text(crumbs)).toContain('Home');
    expect(text(crumbs)).toContain('Men Clothes');
    expect(text(crumbs)).toContain(level3);
    expect(text(crumbs)).toContain(product.name);

    // Head tags in <head>, once each, with the public origin.
    const head = headOf(html);
    expect(head).toContain('<title>Indigo &quot;Block&quot; Kurta');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head).toContain(`<link rel="canonical" href="https://shop.example/product/${product.id}"/>`);
    expect(head).toContain('<meta property="product:price:amount" content="900.00"/>');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(ld ?? 'null')).toMatchObject({
      '@type': 'Product',
      offers: { price: '900.00', priceCurrency: 'INR' },
    });

    // The data the page was rendered with, for the browser to hydrate with: an anonymous visitor's session
    // is null (no 401 request from the browser), and the product is there.
    const data = JSON.parse(
      /<script type="application\/json" id="haat-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    ) as {
      origin: string;
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    expect(data.origin).toBe('https://shop.example');
    const byKey = new Map(data.queries.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
    expect(byKey.get('["session"]')).toBeNull();
    expect(byKey.get(JSON.stringify(['catalog', 'product', product.id]))).toMatchObject({ _id: product.id });
    // No "needs JavaScript" notice on a page that has its content.
    expect(html).not.toContain('<noscript>');
  });

  it('renders a category page with its products, and the search page with its results', async () => {
    const { product, other, level3, word } = await catalogue();
    const slug = (s: string) => encodeURIComponent(s.toLowerCase().replace(/\s+/g, '-'));
    const category = await t.app.inject({
      method: 'GET',
      url: `/categories/${slug('Fashion & Accessories')}/${slug('Men Clothes')}/${slug(level3)}`,
    });
    expect(category.statusCode).toBe(200);
    const categoryText = text(bodyOf(category.body));
    expect(categoryText).toContain(product.name);
    expect(categoryText).toContain(other.name);
    expect(categoryText).toContain('₹1,450.00');

    const search = await t.app.inject({ method: 'GET', url: `/search/${word}` });
    expect(search.statusCode).toBe(200);
    const searchText = text(bodyOf(search.body));
    expect(searchText).toContain(`Search results for “${word}”`);
    expect(searchText).toContain(product.name);
    expect(searchText).toContain(other.name);
    expect(headOf(search.body)).toContain(`<title>${word} · Search · Haat</title>`);
  });

  it('renders the home page and a shop page', async () => {
    const { shop, product, seller } = await catalogue();
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(text(bodyOf(home.body))).toContain('Latest Products');
    expect(text(bodyOf(home.body))).toContain(product.name);

    const page = await t.app.inject({
      method: 'GET',
      url: `/shop/${encodeURIComponent(shop.shopName.replace(/\s+/g, '-'))}`,
    });
    expect(page.statusCode).toBe(200);
    const shopText = text(bodyOf(page.body));
    expect(shopText).toContain(shop.shopName);
    expect(shopText).toContain(`Products by ${seller.name}`);
    expect(shopText).toContain(product.name);
  });

  it("inlines the page's own part of the stylesheet and links the whole one for print; the currency picker holds one option", async () => {
    await catalogue();
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const head = headOf(html);
    // ADR 0139: the trimmed copy inline, the whole stylesheet linked without holding the first paint.
    const critical = /<style data-haat-critical-css>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
    expect(critical).toContain('.navbar');
    const link = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(head);
    expect(link?.[0]).toContain('media="print"');
    expect(link?.[0]).toContain('data-haat-full-css');
    const whole = await t.app.inject({ method: 'GET', url: link![1]! });
    expect(whole.statusCode).toBe(200);
    expect(critical.length).toBeLessThan(whole.body.length / 1.5);
    // Rules no storefront page uses stay in the whole stylesheet only.
    expect(whole.body).toContain('.list-group-item');
    expect(critical).not.toContain('.list-group-item');

    // The header's currency picker: the chosen currency only, not the 150 of the table.
    const picker = /<select[^>]*aria-label="Display currency"[^>]*>([\s\S]*?)<\/select>/.exec(html);
    expect(picker).not.toBeNull();
    const options = picker![1]!.match(/<option/g) ?? [];
    expect(options.length).toBe(1);
    expect(picker![1]).toContain('value="INR"');
  });

  it('compresses the HTML for browsers that accept it', async () => {
    const { product } = await catalogue();
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/product/${product.id}`,
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toContain('Accept-Encoding');
      const html = decode(res.rawPayload).toString('utf8');
      expect(text(bodyOf(html))).toContain(product.name);
      expect(res.rawPayload.length).toBeLessThan(html.length / 3);
    }
  });

  it('sends the built scripts and stylesheets compressed too', async () => {
    const shell = (await t.app.inject({ method: 'GET', url: '/cart' })).body;
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(shell)?.[1];
    expect(script).toBeTruthy();
    const res = await t.app.inject({
      method: 'GET',
      url: script!,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: script! });
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
    // @fastify/static tags each file it sends (the .br copy is another file): one ETag per encoding.
    expect(res.headers.etag).toBeTruthy();
    expect(plain.headers.etag).toBeTruthy();
    expect(res.headers.etag).not.toBe(plain.headers.etag);
  });

  it('answers an unknown product with 404 and the page to load in the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it('renders a signed-in visitor their own header, and never caches it', async () => {
    const buyer = await createUser(t.db, { name: 'Asha Buyer' });
    const token = await sessionToken(t.db, buyer.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(text(bodyOf(res.body))).toContain('Asha Buyer');
    expect(res.headers['cache-control']).toContain('no-store');
    const anonymous = await t.app.inject({ method: 'GET', url: '/' });
    expect(text(bodyOf(anonymous.body))).not.toContain('Asha Buyer');
  });

  it('keeps other client routes on the plain index.html', async () => {
    for (const url of ['/cart', '/login', '/product/00000000-0000-4000-8000-000000000000/edit']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('haat-data');
    }
  });
});

/** Rendered pages in the catalogue cache (ADR 0124): tagged like the JSON they hold, ETags per encoding. */
describe.skipIf(!built)('server-rendered pages in the catalogue cache', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example', CATALOG_CACHE_MS: '60000' });
  });
  afterAll(async () => t?.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  async function aProduct() {
    const seller = await createUser(t.db, { roles: ['Seller-Company'], name: 'Tagged Seller' });
    await createShop(t.db, { userId: seller.id, shopName: `Tagged Looms ${seller.id.slice(0, 6)}` });
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, {
      sellerId: seller.id,
      categoryId: category.id,
      name: `Tagged Kurta ${seller.id.slice(0, 6)}`,
      description: 'Hand block printed cotton kurta. '.repeat(10),
    });
    return { seller, product };
  }

  it("a change to the seller's size chart (tagged seller:<id> alone) drops the rendered product page", async () => {
    const { seller, product } = await aProduct();
    const headers = authHeader(await sessionToken(t.db, seller.id));
    const chart = (body: object) => ({
      unit: 'cm',
      columns: ['Chest', 'Length'],
      rows: [{ size: 'M', values: ['100', '104'] }],
      ...body,
    });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/size-charts',
      headers,
      payload: chart({ name: 'Kurtas' }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const chartId = (made.json() as { _id: string })._id;
    const url = `/product/${product.id}`;
    await page(url);
    expect((await page(url)).headers['x-cache']).toBe('hit');
    // The edit only sends seller:<id> (size-charts.service.ts): the page must carry that tag.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/size-charts/${chartId}`,
      headers,
      payload: chart({ name: 'Kurtas, longer', rows: [{ size: 'M', values: ['100', '110'] }] }),
    });
    expect(put.statusCode, put.body).toBe(200);
    await eventually(async () => (await page(url)).headers['x-cache'] === undefined);
  });

  it('gives each encoding of a page its own ETag, and 304 only for the ETag of the encoding asked for', async () => {
    const { product } = await aProduct();
    const url = `/product/${product.id}`;
    const etags = new Map<string, string>();
    for (const encoding of ['br', 'gzip', 'identity']) {
      // Twice: the first answer is rendered, the second comes from the cache; both carry the same ETag.
      for (const round of [1, 2]) {
        const res = await page(url, { 'accept-encoding': encoding });
        expect(res.statusCode).toBe(200);
        const etag = String(res.headers.etag);
        expect(etag, `${encoding} round ${String(round)}`).toMatch(/^"[^"]+"$/);
        if (round === 2) expect(etag).toBe(etags.get(encoding));
        etags.set(encoding, etag);
      }
    }
    expect(new Set(etags.values()).size).toBe(3);
    for (const [encoding, etag] of etags) {
      const same = await page(url, { 'accept-encoding': encoding, 'if-none-match': etag });
      expect(same.statusCode, encoding).toBe(304);
      expect(same.headers.etag, encoding).toBe(etag);
      for (const [other, otherTag] of etags) {
        if (other === encoding) continue;
        const res = await page(url, { 'accept-encoding': encoding, 'if-none-match': otherTag });
        expect(res.statusCode, `${encoding} with the ETag of ${other}`).toBe(200);
      }
    }
  });

  it('compresses a cached page once per encoding: a hit writes the kept bytes with the same ETag', async () => {
    const { product } = await aProduct();
    const url = `/product/${product.id}`;
    for (const encoding of ['br', 'gzip'] as const) {
      const before = await compressions(encoding);
      const first = await page(url, { 'accept-encoding': encoding });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(await compressions(encoding)).toBe(before + 1);
      const second = await page(url, { 'accept-encoding': encoding });
      expect(second.headers['x-cache']).toBe('hit');
      expect(second.headers['content-encoding']).toBe(encoding);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(String(second.headers.vary)).toContain('Accept-Encoding');
      expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
      expect(await compressions(encoding)).toBe(before + 1);
      const notModified = await page(url, {
        'accept-encoding': encoding,
        'if-none-match': String(first.headers.etag),
      });
      expect(notModified.statusCode).toBe(304);
      expect(String(notModified.headers.vary)).toContain('Accept-Encoding');
      expect(await compressions(encoding)).toBe(before + 1);
    }
  });

  it('keys a page on its path and the query parameters it reads: /?junk=1 is /', async () => {
    const first = await page('/?junk=1');
    expect(first.statusCode).toBe(200);
    const second = await page('/');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    // A category page reads its filters and page number, in whatever order the URL gives them.
    const category = await createCategory(t.db);
    const base = `/categories/${encodeURIComponent(category.category)}`;
    const sorted = await page(`${base}?sort=price_asc&page=1&utm_source=x`);
    expect(sorted.statusCode).toBe(200);
    const again = await page(`${base}?page=1&fbclid=y&sort=price_asc`);
    expect(again.headers['x-cache']).toBe('hit');
    const unsorted = await page(`${base}?page=1`);
    expect(unsorted.headers['x-cache']).not.toBe('hit');
  });

  it("keys a product page on its reviews' sort and page, which reach the render (and nothing else does)", async () => {
    const { product } = await aProduct();
    const helpful = await page(`/product/${product.id}?reviewSort=helpful&reviewPage=2&utm_source=x`);
    expect(helpful.statusCode).toBe(200);
    const again = await page(`/product/${product.id}?reviewPage=2&fbclid=y&reviewSort=helpful`);
    expect(again.headers['x-cache']).toBe('hit');
    const plain = await page(`/product/${product.id}`);
    expect(plain.headers['x-cache']).not.toBe('hit');
  });
});

async function compressions(encoding: string): Promise<number> {
  const { values } = await pageCompressions.get();
  return values.find((v) => v.labels.encoding === encoding)?.value ?? 0;
}

/**
 * A renderer module wrapping the built one (dist/ssr): `body` is the body of its `render(input)`, with
 * `real` the built render.
 */
function wrappedRenderer(body: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-ssr-'));
  const entry = path.join(dir, 'entry-server.mjs');
  fs.writeFileSync(
    entry,
    `import { render as real } from ${JSON.stringify(pathToFileURL(ssrEntry).href)};\n` +
      `export async function render(input) {\n${body}\n}\n`,
  );
  return { entry, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describe.skipIf(!built)('rendering under load and failure', () => {
  async function productOn(t: TestContext) {
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    return createProduct(t.db, { sellerId: seller.id, categoryId: category.id, name: 'Loaded Kurta' });
  }

  it('sends a page whose data failed to load with no-store, and does not cache it', async () => {
    // The product's own API answer fails (a database blip), deterministically, for every render.
    const { entry, remove } = wrappedRenderer(`
      const fetch = async (url, init) => {
        const u = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
        if (/^\\/api\\/products\\/[0-9a-f-]{36}$/.test(u.split('?')[0]))
          return new Response('{"message":"unavailable"}', { status: 503, headers: { 'content-type': 'application/json' } });
        return input.fetch(url, init);
      };
      return real({ ...input, fetch });`);
    const t = await createTestApp(
      { PUBLIC_URL: 'https://shop.example', CATALOG_CACHE_MS: '60000' },
      { ssrEntry: entry },
    );
    try {
      const product = await productOn(t);
      const url = `/product/${product.id}`;
      for (const round of [1, 2]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, `round ${String(round)}`).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-cache']).toBeUndefined();
        expect(res.headers.etag).toBeUndefined();
        expect(String(res.headers.vary)).toContain('Accept-Encoding');
        const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
        expect(html).toContain('haat-data');
        expect(text(bodyOf(html))).not.toContain('Loaded Kurta');
      }
    } finally {
      await t.close();
      remove();
    }
  });

  it('past 4 renders in flight, answers with index.html and no-store', async () => {
    const g = globalThis as { haatGate?: Promise<void>; haatRenders?: number };
    let open = () => {};
    g.haatGate = new Promise<void>((resolve) => (open = resolve));
    g.haatRenders = 0;
    const { entry, remove } = wrappedRenderer(`
      globalThis.haatRenders++;
      await globalThis.haatGate;
      return real(input);`);
    const t = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { ssrEntry: entry });
    try {
      const product = await productOn(t);
      const url = `/product/${product.id}`;
      const held = [1, 2, 3, 4].map(() => t.app.inject({ method: 'GET', url }));
      await eventually(async () => g.haatRenders === 4);
      const over = await t.app.inject({ method: 'GET', url });
      expect(over.statusCode).toBe(200);
      expect(over.headers['cache-control']).toBe('no-store');
      expect(over.body).toContain('<div id="root"></div>');
      expect(over.body).not.toContain('haat-data');
      expect(g.haatRenders).toBe(4);
      open();
      for (const res of await Promise.all(held)) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('haat-data');
      }
      // Renders again once below the cap.
      const after = await t.app.inject({ method: 'GET', url: `${url}?again=1` });
      expect(after.body).toContain('haat-data');
    } finally {
      open();
      await t.close();
      remove();
      delete g.haatGate;
      delete g.haatRenders;
    }
  });
});

/** ADR 0126: a page the server cannot render still works, rendered by the browser as before. */
describe.skipIf(!fs.existsSync(path.join(webRoot, 'index.html')))('when server rendering fails', () => {
  async function productOn(t: TestContext) {
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    return createProduct(t.db, { sellerId: seller.id, categoryId: category.id, name: 'Fallback Kurta' });
  }

  async function expectIndexWithHead(t: TestContext) {
    const product = await productOn(t);
    const res = await t.app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('haat-data');
    const head = headOf(res.body);
    expect(head).toMatch(/<title[^>]*>Fallback Kurta · Haat<\/title>/);
    expect(res.body.match(/<title/g)).toHaveLength(1);
    expect(head).toContain(`rel="canonical" href="https://shop.example/product/${product.id}"`);
    expect(head).toContain('"@type":"Product"');
  }

  it('sends index.html with the product head tags when the SSR bundle is missing', async () => {
    const t = await createTestApp(
      { PUBLIC_URL: 'https://shop.example' },
      { ssrEntry: path.join(os.tmpdir(), 'haat-no-such-ssr', 'entry-server.js') },
    );
    try {
      await expectIndexWithHead(t);
    } finally {
      await t.close();
    }
  });

  it('sends index.html with the product head tags when a render throws', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-ssr-'));
    const entry = path.join(dir, 'entry-server.mjs');
    fs.writeFileSync(entry, "export async function render() { throw new Error('render failed'); }\n");
    const t = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { ssrEntry: entry });
    try {
      await expectIndexWithHead(t);
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
