import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '#shared/currencies.ts';
import { rateFromInrTable, type RatesResponse } from '#shared/rates.ts';
import type { ProductList } from '#shared/schemas/product.ts';
import { displayTextToInr, inrToDisplayText } from '#web/features/catalog/lib/filter-params.ts';
import { baseURL, openPage, reportPagesOnFailure, screenshot } from './support.ts';

/**
 * Filters and sort on the storefront lists (search, category, shop pages) in a real browser: the phone
 * sheet (390×844) and the desktop sidebar, the URL as the state (Back, reload), the result count and chips
 * against what the API answers for the same query.
 */

const api = async <T>(p: string): Promise<T> => {
  const res = await fetch(`${baseURL}${p}`);
  if (!res.ok) throw new Error(`${p}: ${String(res.status)}`);
  return (await res.json()) as T;
};

// When a test fails, each page it opened is reported (URL, main text, screenshot).
const openPages = reportPagesOnFailure('filters');

async function shopperPage(width: number, height: number): Promise<Page> {
  const page = await openPage({ width, height, locale: 'en-IN' });
  openPages.push(page);
  return page;
}

const CATEGORY = '/categories/fashion-%26-accessories/men-clothes';
const GRID = 'Products in Men Clothes';

/** The men's clothing category's ids, as the category page asks for them. */
async function menClothesIds(): Promise<string[]> {
  const { categoryIDs } = await api<{ categoryIDs: string[] }>(
    `/api/category/men-clothes?parents=${encodeURIComponent('fashion-&-accessories')}`,
  );
  return categoryIDs;
}

/** What the API lists for the category under the page's current query. */
async function expectedFor(page: Page, ids: string[]): Promise<ProductList> {
  const q = new URL(page.url()).searchParams;
  q.set('categoryIDs', ids.join(','));
  q.delete('page');
  return api<ProductList>(`/api/products/category?${q.toString()}`);
}

/** The names on the cards, once the list is no longer a placeholder. */
async function cardNames(page: Page, grid: string): Promise<string[]> {
  await page.locator('[aria-busy="false"]').getByRole('list', { name: grid }).waitFor();
  return page.getByRole('list', { name: grid }).getByRole('heading').allInnerTexts();
}

/** The final prices on the cards, in rupees. */
async function cardPrices(page: Page, grid: string): Promise<number[]> {
  const texts = await page.getByRole('list', { name: grid }).locator('.haat-price-final').allInnerTexts();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}

const resultCount = (page: Page) => page.getByText(/^\d[\d,]* results?$/);

async function expectListing(page: Page, ids: string[]) {
  const expected = await expectedFor(page, ids);
  await expect
    .poll(() => resultCount(page).innerText())
    .toBe(`${String(expected.total)} result${expected.total === 1 ? '' : 's'}`);
  await expect.poll(() => cardNames(page, GRID)).toEqual(expected.products.map((p) => p.name));
  return expected;
}

/**
 * The accessibility basics of a filter panel, checked by hand (the project has no axe): every control has
 * a label, every group of controls is a fieldset with a legend.
 */
async function expectLabelled(page: Page, root: string) {
  const problems = await page.evaluate((selector) => {
    const out: string[] = [];
    const scope = document.querySelector(selector);
    if (!scope) return [`no ${selector}`];
    for (const el of Array.from(scope.querySelectorAll('input, select'))) {
      const control = el as HTMLInputElement;
      const named = (control.labels?.length ?? 0) > 0 || control.getAttribute('aria-label');
      if (!named) out.push(`unlabelled ${control.outerHTML}`);
      const fieldset = control.closest('fieldset');
      if (!fieldset?.querySelector(':scope > legend'))
        out.push(`outside a fieldset with a legend: ${control.outerHTML}`);
    }
    return out;
  }, root);
  expect(problems).toEqual([]);
}

/** Before a full-page screenshot: every image loaded. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    for (const img of Array.from(document.querySelectorAll('img[loading="lazy"]'))) {
      (img as HTMLImageElement).loading = 'eager';
    }
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

describe('filters and sort', () => {
  it('on a phone: the Filters sheet, chips, sort, Back and reload', async () => {
    const ids = await menClothesIds();
    const page = await shopperPage(390, 844);
    await page.goto(CATEGORY);
    const all = await expectListing(page, ids);
    expect(all.facets).toBeDefined();

    // The sidebar is not shown on a phone: the Filters button opens the sheet.
    expect(await page.getByRole('heading', { name: 'Filters', level: 2 }).isVisible()).toBe(false);
    const open = page.getByRole('button', { name: /^Filters/ });
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await expectLabelled(page, '.offcanvas');
    // Sizes are toggle buttons: tick through the label.
    await sheet
      .getByRole('group', { name: 'Size' })
      .locator('label', { hasText: /^S \(\d+\)$/ })
      .click();
    await sheet
      .getByRole('group', { name: 'Brand' })
      .getByLabel(/^Urban Desi \(\d+\)$/)
      .check();
    // Nothing applies before Apply.
    expect(new URL(page.url()).search).toBe('');
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await sheet.waitFor({ state: 'hidden' });

    await page.waitForURL((url) => url.searchParams.get('size') === 'S');
    const filteredUrl = new URL(page.url());
    expect(filteredUrl.searchParams.getAll('brand')).toEqual(['Urban Desi']);
    const filtered = await expectListing(page, ids);
    expect(filtered.total).toBeGreaterThan(1);
    expect(filtered.total).toBeLessThan(all.total ?? 0);
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter Size: S' }).waitFor();
    await chips.getByRole('button', { name: 'Remove filter Brand: Urban Desi' }).waitFor();
    await expect.poll(() => open.innerText()).toMatch(/Filters\s*2/);

    // Sort by price, low to high: the cards' prices go up.
    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await expectListing(page, ids);
    const prices = await cardPrices(page, GRID);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await settle(page);
    await screenshot(page, 'filters-mobile');

    // The sheet at work, for the README.
    await open.click();
    // Once it has slid in.
    await page.locator('.offcanvas.show:not(.showing)').waitFor();
    // The slide's transform ends after the class changes: wait until the sheet sits at the left edge.
    await page.waitForFunction(
      () => document.querySelector('.offcanvas.show')?.getBoundingClientRect().left === 0,
    );
    await screenshot(page, 'filters-sheet-mobile', { fullPage: false });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    // Focus goes back to the button that opened the sheet.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^Filters/);

    // Back: the filters without the sort; again: no filters.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('sort') && url.searchParams.get('size') === 'S');
    await expectListing(page, ids);
    await page.goBack();
    await page.waitForURL((url) => url.search === '');
    await expectListing(page, ids);
    expect(await chips.count()).toBe(0);

    // Forward, reload: the same filtered, sorted view.
    await page.goForward();
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await page.reload();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');
    await expectListing(page, ids);
    await chips.getByRole('button', { name: 'Remove filter Brand: Urban Desi' }).waitFor();

    // Clear all: every filter goes, the sort stays.
    await chips.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL((url) => url.search === '?sort=price_asc');
    await expectListing(page, ids);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('on a desktop: the sidebar applies each tick, chips remove them, search pages filter too', async () => {
    const ids = await menClothesIds();
    const page = await shopperPage(1280, 900);
    await page.goto(CATEGORY);
    await expectListing(page, ids);
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);

    const sidebar = page.getByRole('region', { name: 'Filters' });
    await expectLabelled(page, '.haat-filter-sidebar');
    // Each tick applies at once.
    await sidebar
      .getByRole('group', { name: 'Brand' })
      .getByLabel(/^Denim Desh \(\d+\)$/)
      .check();
    await page.waitForURL((url) => url.searchParams.get('brand') === 'Denim Desh');
    const denim = await expectListing(page, ids);
    expect(denim.products.every((p) => p.brand === 'Denim Desh')).toBe(true);

    // Price range in rupees (an Indian shopper): the facet's range shows as placeholders.
    const price = sidebar.getByRole('group', { name: 'Price' });
    await price.getByLabel('Min (INR)').fill('1400');
    await price.getByRole('button', { name: 'Go' }).click();
    await page.waitForURL((url) => url.searchParams.get('minPrice') === '1400');
    const pricey = await expectListing(page, ids);
    expect(pricey.total).toBeLessThan(denim.total ?? 0);
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: /^Remove filter Price: from ₹1,400/ }).waitFor();

    await settle(page);
    await screenshot(page, 'filters-desktop');

    // A range the wrong way round is refused with a message, not applied; typing again clears it.
    await price.getByLabel('Max (INR)').fill('100');
    await price.getByRole('button', { name: 'Go' }).click();
    await price.getByRole('alert').waitFor();
    expect(new URL(page.url()).searchParams.has('maxPrice')).toBe(false);
    expect(await price.getByLabel('Max (INR)').getAttribute('aria-invalid')).toBe('true');
    await price.getByLabel('Max (INR)').fill('');
    await price.getByRole('alert').waitFor({ state: 'detached' });

    // Removing a chip removes that filter only.
    await chips.getByRole('button', { name: /^Remove filter Price/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('minPrice'));
    expect(new URL(page.url()).searchParams.get('brand')).toBe('Denim Desh');
    await expectListing(page, ids);

    // Search results filter the same way; the category links carry the filters along.
    await page.goto('/search/kurta?inStock=1&sort=price_desc');
    const q = new URL(page.url()).searchParams;
    q.set('keyword', 'kurta');
    const expected = await api<ProductList>(`/api/products?${q.toString()}`);
    await expect
      .poll(() => resultCount(page).innerText())
      .toBe(`${String(expected.total)} result${expected.total === 1 ? '' : 's'}`);
    await expect
      .poll(() => cardNames(page, 'Search results for “kurta”'))
      .toEqual(expected.products.map((p) => p.name));

    // The category links filter the search: they stay on the results, set category= and keep the rest.
    const categories = page.getByRole('navigation', { name: 'Categories' }).first();
    const links = categories.getByRole('link');
    await links.first().waitFor();
    expect(await links.first().getAttribute('href')).toMatch(
      /^\/search\/kurta\?category=[^&]+&inStock=1&sort=price_desc$/,
    );
    // On a word found across top levels ("cotton": clothes, bedsheets, towels), pick one that holds some.
    await page.goto('/search/cotton');
    const all = await api<ProductList>('/api/products?keyword=cotton&sort=relevance');
    const grid = 'Search results for “cotton”';
    await expect
      .poll(() => resultCount(page).innerText())
      .toBe(`${String(all.total)} result${all.total === 1 ? '' : 's'}`);
    await links.first().waitFor();
    let chosen: { name: string; list: ProductList } | undefined;
    for (const name of await links.allInnerTexts()) {
      const narrowed = new URLSearchParams({ keyword: 'cotton', category: name });
      const list = await api<ProductList>(`/api/products?${narrowed.toString()}`);
      if ((list.total ?? 0) > 0 && (list.total ?? 0) < (all.total ?? 0)) {
        chosen = { name, list };
        break;
      }
    }
    if (!chosen) throw new Error('no top level narrows the cotton products');
    const { name, list } = chosen;
    await categories.getByRole('link', { name, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === name);
    expect(new URL(page.url()).pathname).toBe('/search/cotton');
    await expect
      .poll(() => resultCount(page).innerText())
      .toBe(`${String(list.total)} result${list.total === 1 ? '' : 's'}`);
    await expect.poll(() => cardNames(page, grid)).toEqual(list.products.map((p) => p.name));
    await expect
      .poll(() => categories.getByRole('link', { name, exact: true }).getAttribute('aria-current'))
      .toBe('page');
    // Its chip removes it: every cotton product again.
    await chips.getByRole('button', { name: `Remove filter Category: ${name}` }).click();
    await page.waitForURL((url) => !url.searchParams.has('category'));
    await expect
      .poll(() => resultCount(page).innerText())
      .toBe(`${String(all.total)} result${all.total === 1 ? '' : 's'}`);
  });

  it('in dollars: the price inputs are in the display currency, the URL in rupees', async () => {
    const usd = CURRENCIES.find((c) => c.code === 'USD');
    if (!usd) throw new Error('no USD');
    const table = await api<RatesResponse>('/api/rates/INR');
    const rate = rateFromInrTable(table.inr as Record<string, number>, 'USD');
    if (!rate) throw new Error('no USD rate');
    const page = await shopperPage(1280, 900);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('displayCurrency', '{"code":"USD","userId":null}'));
    await page.goto(`${CATEGORY}?minPrice=1000`);
    const price = page.getByRole('region', { name: 'Filters' }).getByRole('group', { name: 'Price' });
    const min = price.getByLabel('Min (USD)');
    await expect.poll(() => min.inputValue()).toBe(inrToDisplayText(1000, usd, rate));
    await price.getByLabel('Max (USD)').fill('25');
    await price.getByRole('button', { name: 'Go' }).click();
    const maxInr = displayTextToInr('25', usd, rate);
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === String(maxInr));
    expect(new URL(page.url()).searchParams.get('minPrice')).toBe('1000');
    await page
      .getByRole('list', { name: 'Active filters' })
      .getByRole('button', { name: /^Remove filter Price: \$[\d.]+ – \$25\.00$/ })
      .waitFor();
  });
});
