import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoot } from '../../src/server/app.ts';
import { ssrEntry } from '../../src/server/web/web.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createCategory, createDiscount, createProduct } from '../factories/catalog.ts';
import { createUser } from '../factories/users.ts';

/**
 * Product pages carry title, description, Open Graph and schema.org data in the HTML the server sends
 * (docs/product/quality.md#accessibility), for crawlers that run no JavaScript. Needs the built web app (dist/web).
 * With the server renderer built (dist/ssr, ADR 0126) the page renders them itself; without it the server
 * puts its own copies (`data-ssr`) into index.html.
 */
const built = fs.existsSync(path.join(webRoot, 'index.html'));
const rendered = fs.existsSync(ssrEntry);
const mark = rendered ? '' : ' data-ssr';
const end = rendered ? '/>' : '>';

describe.skipIf(!built)('server-rendered product <head>', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(async () => t?.close());

  it('puts the product title, description, OG tags and JSON-LD with the discounted price in index.html', async () => {
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, {
      sellerId: seller.id,
      categoryId: category.id,
      name: 'Indigo "Block" Kurta <b>',
      price: '1000.00',
      description: 'Hand block printed cotton kurta. '.repeat(10),
    });
    await createDiscount(t.db, { productId: product.id, discountValue: '10', discountUnit: 'percentage' });

    const res = await t.app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain(`<title${mark}>Indigo &quot;Block&quot; Kurta &lt;b&gt; · Haat</title>`);
    expect(html).toContain(
      `<meta${mark} property="og:title" content="Indigo &quot;Block&quot; Kurta &lt;b&gt;"${end}`,
    );
    expect(html).toContain(
      `<meta${mark} property="og:url" content="https://shop.example/product/${product.id}"${end}`,
    );
    expect(html).toContain(`<meta${mark} property="product:price:amount" content="900.00"${end}`);
    const ld = new RegExp(`<script${mark} type="application/ld\\+json">(.*?)</script>`, 's').exec(html)?.[1];
    expect(ld).toBeTruthy();
    const data = JSON.parse(ld!);
    expect(data).toMatchObject({ '@type': 'Product', offers: { price: '900.00', priceCurrency: 'INR' } });
    expect(html).toContain('<div id="root">');
  });

  it('sends the plain app for an unknown or inactive product, and for other routes', async () => {
    const seller = await createUser(t.db, { roles: ['Seller-Company'] });
    const category = await createCategory(t.db);
    const hidden = await createProduct(t.db, { sellerId: seller.id, categoryId: category.id, status: false });
    for (const url of [`/product/${hidden.id}`, '/product/00000000-0000-4000-8000-000000000000', '/cart']) {
      const res = await t.app.inject({ method: 'GET', url });
      // A rendered page of a product nobody may see is a 404 (the browser shows "not found").
      expect(res.statusCode, url).toBe(rendered && url !== '/cart' ? 404 : 200);
      expect(res.body, url).not.toContain('data-ssr');
      expect(res.body, url).toContain('<title>Haat</title>');
    }
  });
});
