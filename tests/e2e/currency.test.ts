import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '#shared/currencies.ts';
import { formatMoney, parseMoney, type CurrencySpec } from '#shared/money.ts';
import { convertFromInr } from '#shared/pricing.ts';
import { moneyLocaleFor, rateFromInrTable, type RatesResponse } from '#shared/rates.ts';
import type { Product, ProductDiscount, ProductList } from '#shared/schemas/product.ts';
import { baseURL, openPage, screenshot, untilHydrated } from './support.ts';

/**
 * The display currency in a real browser (issue 8 "Done when"): the header picker re-prices home, product,
 * cart and checkout in USD with the server's rates; an order placed in USD stays in USD on its page and in
 * My Purchases after switching back to INR; with no choice, the browser locale decides (USD as the last
 * resort). The e2e server has no RATES_URL, so the bundled snapshot is used and its date is on screen.
 */

const PASSWORD = 'Demo@12345';

const api = async <T>(p: string): Promise<T> => {
  const res = await fetch(`${baseURL}${p}`);
  if (!res.ok) throw new Error(`${p}: ${String(res.status)}`);
  return (await res.json()) as T;
};

const spec = (code: string): CurrencySpec => {
  const c = CURRENCIES.find((x) => x.code === code);
  if (!c) throw new Error(code);
  return c;
};
const USD = spec('USD');
const INR = spec('INR');

/** What <Price> shows for an INR amount (minor units) in `currency`, at the server's rate. */
async function priced(minorInr: number, currency: CurrencySpec): Promise<string> {
  const table = await api<RatesResponse>('/api/rates/INR');
  const rate = rateFromInrTable(table.inr as Record<string, number>, currency.code);
  if (!rate) throw new Error(`no rate for ${currency.code}`);
  return formatMoney(convertFromInr(minorInr, rate, currency), currency, moneyLocaleFor(currency.code));
}

async function pageIn(locale: string, width = 1280, height = 900): Promise<Page> {
  const seed = await openPage({ width, height });
  const browser: Browser | null = seed.context().browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ baseURL, viewport: { width, height }, locale });
  return untilHydrated(await context.newPage());
}

/** A product on the first home page, in stock, without sizes or any discount (so its price is its list price). */
async function plainProduct(): Promise<Product> {
  const discounted = new Set(
    (await api<ProductDiscount[]>('/api/product-discounts')).map((d) => d.product_id),
  );
  const { products } = await api<ProductList>('/api/products');
  const product = products.find(
    (p) =>
      p.countInStock >= 3 &&
      !discounted.has(p._id) &&
      (p.sizes.length === 0 || p.sizes.every((s) => s === 'N/A')),
  );
  if (!product) throw new Error('no undiscounted, unsized product in stock on the first page');
  return product;
}

const picker = (page: Page) => page.getByRole('combobox', { name: 'Display currency' });

async function openNavbar(page: Page) {
  const toggler = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggler.isVisible()) {
    await toggler.click();
    await page.locator('#main-nav.show').waitFor();
  }
}

describe('display currency in the browser', () => {
  it('re-prices home, product, cart and checkout in USD; a USD order stays USD after switching back to INR', async () => {
    const product = await plainProduct();
    const unit = parseMoney(product.price);
    const page = await pageIn('en-IN');

    await page.goto('/login');
    await page.getByLabel('Email Address').fill('buyer@haat.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Home in the buyer's own currency (INR, from their country).
    const card = page
      .getByRole('list', { name: 'Latest Products' })
      .getByRole('listitem')
      .filter({ hasText: product.name });
    await card.getByText(await priced(unit, INR), { exact: true }).waitFor();
    expect(await picker(page).inputValue()).toBe('INR');
    expect(await page.getByText(/Offline rates/).count()).toBe(0);

    // Switch to USD: the card re-prices, and the offline snapshot's date is stated.
    const usdUnit = await priced(unit, USD);
    await picker(page).selectOption('USD');
    await card.getByText(usdUnit, { exact: true }).waitFor();
    const note = page.getByRole('note').filter({ hasText: /Offline rates/ });
    await note.waitFor();
    const { date } = await api<RatesResponse>('/api/rates/INR');
    const [y, m, d] = date.split('-').map(Number);
    expect(await note.innerText()).toContain(String(d));
    expect(await note.innerText()).toContain(String(y));
    expect(m).toBeGreaterThan(0);
    expect(await page.getByRole('main').getByText('₹').count()).toBe(0);
    await screenshot(page, 'currency-home-usd-desktop');

    // Product page: the same price.
    await card.getByRole('link').first().click();
    await page.waitForURL(`**/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('main').getByText(usdUnit, { exact: true }).first().waitFor();
    await screenshot(page, 'currency-product-usd-desktop');

    // Cart: two of it; the subtotal is two converted unit prices.
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    const usdLine = formatMoney(2 * parseMoney(usdUnit.replace(/[$,]/g, ''), 2), USD, 'en');
    const summary = page.getByRole('region', { name: /Subtotal/ });
    await summary.getByText(usdLine, { exact: true }).waitFor();
    await screenshot(page, 'currency-cart-usd-desktop');

    // Checkout: shipping, cash on delivery, Place Order in USD.
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL('**/shipping');
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByLabel('Postal Code').fill('560038');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/payment');
    await page.getByLabel('Cash on Delivery').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/placeorder');
    const orderSummary = page.getByRole('region', { name: 'Order Summary' });
    await orderSummary.getByText(usdLine, { exact: true }).waitFor();
    expect(await orderSummary.innerText()).not.toContain('₹');
    await screenshot(page, 'currency-placeorder-usd-desktop');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
    const orderNumber = (
      await page.getByRole('heading', { level: 1, name: /^Order HAAT-\d{4}-\d{6}$/ }).innerText()
    ).replace(/^Order /, '');
    await orderSummary.getByText(usdLine, { exact: true }).waitFor();
    const totalUsd = await orderSummary
      .getByText(/^\$[\d,]+\.\d\d$/)
      .last()
      .innerText();

    // Back to INR: the storefront is in rupees again, the order is still in dollars.
    await openNavbar(page);
    await picker(page).selectOption('INR');
    await page.reload();
    await orderSummary.getByText(usdLine, { exact: true }).waitFor();
    await orderSummary.getByText(totalUsd, { exact: true }).first().waitFor();
    expect(await picker(page).inputValue()).toBe('INR');
    await screenshot(page, 'currency-order-usd-after-inr-desktop');

    await page.goto('/profile');
    const purchase = page
      .getByRole('region', { name: 'My Purchases' })
      .getByRole('listitem')
      .filter({ hasText: orderNumber });
    await purchase.getByText(totalUsd, { exact: true }).waitFor();
    await screenshot(page, 'currency-my-purchases-desktop');

    await page.goto('/');
    await card.getByText(await priced(unit, INR), { exact: true }).waitFor();
  });

  it('with no choice, follows the browser locale (en-US → USD, de-DE → EUR, en-IN → INR), else USD; a visitor’s pick sticks', async () => {
    const product = await plainProduct();
    const unit = parseMoney(product.price);
    for (const [locale, code] of [
      ['en-US', 'USD'],
      ['de-DE', 'EUR'],
      ['en-IN', 'INR'],
      ['en', 'USD'],
    ] as const) {
      const page = await pageIn(locale);
      await page.goto('/');
      const card = page
        .getByRole('list', { name: 'Latest Products' })
        .getByRole('listitem')
        .filter({ hasText: product.name });
      await card.getByText(await priced(unit, spec(code)), { exact: true }).waitFor();
      expect(await picker(page).inputValue(), locale).toBe(code);
      await page.context().close();
    }

    // A visitor picks JPY at 360 px: no decimals, and it survives a reload.
    const page = await pageIn('en-US', 360, 780);
    await page.goto('/');
    await openNavbar(page);
    await picker(page).selectOption('JPY');
    const card = page
      .getByRole('list', { name: 'Latest Products' })
      .getByRole('listitem')
      .filter({ hasText: product.name });
    const jpy = await priced(unit, spec('JPY'));
    expect(jpy).toMatch(/^¥[\d,]+$/);
    await card.getByText(jpy, { exact: true }).waitFor();
    await page.reload();
    await card.getByText(jpy, { exact: true }).waitFor();
    await openNavbar(page);
    await screenshot(page, 'currency-picker-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
