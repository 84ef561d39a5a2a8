import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product, ProductList } from '#shared/schemas/product.ts';
import { baseURL, openPage, reportPagesOnFailure } from './support.ts';

/**
 * Server-rendered storefront pages in a real browser (docs/decisions/0126-server-rendering.md): each
 * arrives with its content, hydrates without a console error or a hydration warning, keeps the very
 * elements the server sent (React adopted them rather than rendering anew), and then works: add to cart
 * from a product page, with the cart badge (browser storage) following after hydration.
 */

const openPages = reportPagesOnFailure('server-rendering');

const api = async <T>(p: string): Promise<T> => {
  const res = await fetch(`${baseURL}${p}`);
  if (!res.ok) throw new Error(`${p}: ${String(res.status)}`);
  return (await res.json()) as T;
};

const slug = (s: string) => encodeURIComponent(s.trim().toLowerCase().replace(/\s+/g, '-'));

/** A page that records console errors and warnings, uncaught errors and 401 answers. */
async function watchedPage(locale = 'en-IN'): Promise<{ page: Page; problems: string[] }> {
  const page = await openPage({ width: 412, height: 900, locale });
  openPages.push(page);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() === 401) problems.push(`401 from ${r.url()}`);
  });
  // Remember the server's elements before the app's script runs (module scripts run after 'interactive').
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as { __ssr?: { h1: Element | null; hasData: boolean } };
      w.__ssr = {
        h1: document.querySelector('main h1'),
        hasData: document.getElementById('haat-data') !== null,
      };
    });
  });
  return { page, problems };
}

/** Load `url`, check the server sent its heading, wait for hydration, check React kept that element. */
async function loadAndHydrate(page: Page, url: string, heading: string | RegExp) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(200);
  const served = await page.evaluate(() => {
    const w = window as unknown as { __ssr?: { h1: Element | null; hasData: boolean } };
    return { h1: w.__ssr?.h1?.textContent ?? null, hasData: w.__ssr?.hasData ?? false };
  });
  expect(served.hasData, `${url}: server-rendered`).toBe(true);
  if (typeof heading === 'string') expect(served.h1, url).toBe(heading);
  else expect(served.h1, url).toMatch(heading);
  // Hydrated (the app marks <html data-hydrated>), over the heading the server sent: the same element,
  // not a new one.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const same = await page.evaluate(() => {
    const w = window as unknown as { __ssr?: { h1: Element | null } };
    return document.querySelector('main h1') === w.__ssr?.h1;
  });
  expect(same, `${url}: hydrated over the server's HTML`).toBe(true);
  await page.waitForLoadState('networkidle');
}

describe('server-rendered storefront pages in the browser', () => {
  it('home, search, category, shop and product pages hydrate without errors, then add to cart works', async () => {
    const list = await api<ProductList>('/api/products?pageNumber=1');
    const withShop = list.products.find((p) => p.shop) ?? list.products[0];
    if (!withShop) throw new Error('the demo shop has no products');
    const product = await api<Product>(`/api/products/${withShop._id}`);
    const word = product.name.split(/\s+/).find((w) => w.length > 3) ?? product.name;
    const levels = [product.category.category, product.category.subCategory].filter(Boolean) as string[];

    const { page, problems } = await watchedPage();
    await loadAndHydrate(page, '/', 'Latest Products');
    await loadAndHydrate(page, `/search/${encodeURIComponent(word)}`, `Search results for “${word}”`);
    await expect.poll(() => page.getByRole('link', { name: product.name }).count()).toBeGreaterThan(0);
    // A client-side navigation writes the next page's head: its title, one description, one canonical URL.
    await page.getByRole('link', { name: product.name }).first().click();
    await page.waitForURL((u) => u.pathname === `/product/${product._id}`);
    await expect.poll(() => page.title()).toBe(`${product.name} · Haat`);
    const head = await page.evaluate(() => ({
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      descriptions: document.querySelectorAll('meta[name="description"]').length,
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    }));
    expect(head.canonical).toHaveLength(1);
    expect(head.canonical[0]).toMatch(new RegExp(`/product/${product._id}$`));
    expect(head.descriptions).toBe(1);
    expect(head.ogTitle).toBe(product.name);
    await loadAndHydrate(page, `/categories/${levels.map(slug).join('/')}`, /\S/);
    if (product.shop) {
      const shopUrl = `/shop/${encodeURIComponent(product.shop.shopName.trim().replace(/\s+/g, '-'))}`;
      await loadAndHydrate(page, shopUrl, product.shop.shopName);
    }
    await loadAndHydrate(page, `/product/${product._id}`, product.name);
    await loadAndHydrate(page, '/page/2', 'Latest Products');

    // Interactive: choose the first size and colour that can be had, add to cart (a client navigation).
    await page.goto(`/product/${product._id}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('form[aria-label="Buy this product"]').waitFor();
    for (const group of ['Size', 'Colour']) {
      const options = page.getByRole('group', { name: new RegExp(`^${group}`) });
      if ((await options.count()) === 0) continue;
      const id = await options.getByRole('radio', { disabled: false }).first().getAttribute('id');
      await page.locator(`label[for="${id ?? ''}"]`).click();
    }
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');

    // Back on a server-rendered page, the badge comes from browser storage once hydrated, without a
    // mismatch (the server's HTML has no cart).
    await loadAndHydrate(page, '/', 'Latest Products');
    await page.getByText('1 items').first().waitFor({ state: 'attached' });

    expect(problems).toEqual([]);
  });

  it('a visitor whose display currency is not INR hydrates without errors too', async () => {
    const list = await api<ProductList>('/api/products?pageNumber=1');
    const first = list.products[0];
    if (!first) throw new Error('the demo shop has no products');
    const { page, problems } = await watchedPage('en-US');
    await loadAndHydrate(page, `/product/${first._id}`, first.name);
    await loadAndHydrate(page, '/', 'Latest Products');
    expect(problems).toEqual([]);
  });
});
