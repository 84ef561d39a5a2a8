import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../../src/shared/i18n/languages.ts';
import type { Order } from '../../src/shared/schemas/order.ts';
import { baseURL, DEMO_PASSWORD, openPage, reportPagesOnFailure, screenshot } from './support.ts';

/**
 * The phone purchase of phone-purchase.test.ts in Hindi (issue 18): a browser that asks for Hindi searches,
 * filters, opens a product, chooses the size in the sticky bar, Buy Now, signs in, goes through checkout and
 * pays in the RazorPay sandbox, finding every control by its Hindi name. The names come from the
 * catalogues: `say('Buy Now')` is the Hindi message whose English is 'Buy Now', so the test fails when a
 * control on the way is still English (or its message is missing) and does not break when a translation
 * is reworded.
 */

const PHONE = { width: 390, height: 844 };
const BRAND = 'Meera Handlooms';
const opened = reportPagesOnFailure('hindi-purchase');

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/shared/i18n/locales');
const read = (code: string) =>
  flattenMessages(JSON.parse(fs.readFileSync(path.join(locales, `${code}.json`), 'utf8')));
const english = read('en');
const hindi = read('hi');

/**
 * The Hindi for an English UI text, with `{name}` placeholders filled in. Several ids may share an English
 * text; they must then agree in Hindi too, or the test cannot know which one the screen shows.
 */
function say(text: string, values: Record<string, string> = {}): string {
  const ids = Object.keys(english).filter((id) => english[id] === text);
  if (ids.length === 0) throw new Error(`no message says "${text}" in English`);
  const options = new Set(ids.map((id) => hindi[id]));
  if (options.size > 1) {
    // Prefer the common namespace's wording when a feature repeats it differently.
    const common = ids.find((id) => id.startsWith('common.'));
    if (!common)
      throw new Error(`"${text}" has ${String(options.size)} Hindi translations: ${ids.join(', ')}`);
    return fill(hindi[common]!, values);
  }
  const out = fill([...options][0]!, values);
  expect(out, `"${text}" is translated`).not.toBe(text);
  return out;
}
const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** The Devanagari font has arrived before a screenshot (it swaps in: ADR 0135). */
async function fontsReady(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

describe('buying on a phone, in Hindi', () => {
  it('search → filter → product → size → Buy Now → sign in → checkout → paid, every control in Hindi', async () => {
    const page = await openPage({ ...PHONE, locale: 'hi-IN' });
    opened.push(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('hi');

    const search = page.getByRole('banner').getByRole('searchbox', { name: say('Search products') });
    await search.fill('kurta');
    await fontsReady(page);
    await screenshot(page, 'hindi-phone-home', { fullPage: false });
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/kurta');

    await page.getByRole('button', { name: new RegExp(`^${say('Filters')}`) }).click();
    const sheet = page.getByRole('dialog', { name: say('Filters') });
    await sheet
      .getByRole('group', { name: say('Brand') })
      .getByLabel(new RegExp(`^${BRAND} \\(\\d+\\)$`))
      .check();
    await sheet.getByRole('button', { name: say('Apply') }).click();
    await sheet.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.searchParams.get('brand') === BRAND);
    const grid = page.locator('[aria-busy="false"]').getByRole('list').first();
    await grid.waitFor();
    await fontsReady(page);
    await screenshot(page, 'hindi-phone-search', { fullPage: false });
    const card = grid.getByRole('listitem').first();
    const name = await card.getByRole('heading').innerText();
    await card.getByRole('link', { name }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/product/'));
    const productId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    const bar = page.getByRole('region', { name: say('Buy from the bar') });
    const buyNow = bar.getByRole('button', { name: say('Buy Now') });
    await buyNow.click();
    await bar
      .getByRole('alert')
      .filter({ hasText: say('Please choose a size') })
      .waitFor();
    const product = (await (await fetch(`${baseURL}/api/products/${productId}`)).json()) as {
      variants: { _id: string; size: string; countInStock: number }[];
    };
    const variant = product.variants.find((v) => v.size !== 'N/A' && v.countInStock > 0)!;
    await bar.getByRole('combobox', { name: say('Size') }).selectOption({ label: variant.size });
    await bar.getByRole('alert').waitFor({ state: 'detached' });
    await expectNoSideScroll(page);
    await fontsReady(page);
    await screenshot(page, 'hindi-phone-product', { fullPage: false });
    await buyNow.click();

    await page.waitForURL(/\/login\?redirect=shipping$/);
    await page.getByLabel(say('Email Address')).fill('buyer@haat.test');
    await page.getByLabel(say('Password'), { exact: true }).fill(DEMO_PASSWORD);
    await page
      .getByRole('main')
      .getByRole('button', { name: say('Sign In') })
      .click();
    await page.waitForURL((url) => url.pathname === '/shipping');
    const shipping = page.getByRole('group', { name: say('Shipping address') });
    await shipping.getByLabel(say('Postal Code')).fill('560038');
    await expectNoSideScroll(page);
    await fontsReady(page);
    await screenshot(page, 'hindi-phone-shipping', { fullPage: false });
    await page.getByRole('button', { name: exactly(say('Continue')) }).click();
    await page.waitForURL((url) => url.pathname === '/payment');
    expect(await page.getByLabel('RazorPay').isChecked()).toBe(true);
    await page.getByRole('button', { name: exactly(say('Continue')) }).click();

    await page.waitForURL((url) => url.pathname === '/placeorder');
    await page.getByRole('heading', { name: say('Place Order'), level: 1 }).waitFor();
    await page
      .getByText(say('Buying this item only: anything in your cart stays there for later.'))
      .waitFor();
    await expectNoSideScroll(page);
    await fontsReady(page);
    await screenshot(page, 'hindi-phone-placeorder', { fullPage: false });
    await page.getByRole('button', { name: exactly(say('Place Order')) }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/order/'));
    const orderId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('button', { name: say('Pay with {provider}', { provider: 'RazorPay' }) }).click();
    const dialog = page.getByRole('dialog', { name: /RazorPay/ });
    await dialog.getByRole('button', { name: exactly(say('Pay')) }).click();
    await page.getByText(say('Thank you for your order!')).waitFor();
    await fontsReady(page);
    await screenshot(page, 'hindi-phone-paid', { fullPage: false });

    const order = await page.evaluate(
      async (id) => (await fetch(`/api/orders/${id}`, { credentials: 'include' })).json() as Promise<Order>,
      orderId,
    );
    expect(order.isPaid).toBe(true);
    expect(order.orderItems).toHaveLength(1);
    expect(order.orderItems[0]).toMatchObject({ product: productId, variant: variant._id, qty: 1 });

    // Hindi dates on the order page (the language's Intl locale).
    expect(await page.getByRole('main').innerText()).toMatch(
      /जन॰|फ़र॰|मार्च|अप्रैल|मई|जून|जुल॰|अग॰|सित॰|अक्तू॰|नव॰|दिस॰/,
    );
    expect(errors).toEqual([]);
  });
});
