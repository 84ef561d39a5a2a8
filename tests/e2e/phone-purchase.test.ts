import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/schemas/order.ts';
import type { ProductList } from '../../src/shared/schemas/product.ts';
import { baseURL, DEMO_PASSWORD, openPage, screenshot } from './support.ts';

/**
 * Buying on a phone (docs/decisions/0132-phone-purchase-flow.md), at 390×844: search from the header bar,
 * filter the results, open a product, choose the size in the sticky bar, Buy Now, sign in, the checkout
 * steps, Place Order and pay in the RazorPay sandbox. The order holds exactly the Buy Now line, and the
 * cart holds what it held before.
 */

const PHONE = { width: 390, height: 844 };
const BRAND = 'Meera Handlooms';

const cartItems = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[]);

/** A stored cart line for a product of one variant, as the product page would write it. */
function cartLine(p: ProductList['products'][number], qty: number) {
  const v = p.variants[0]!;
  return {
    product: p._id,
    name: p.name,
    image: p.image[0] ?? '',
    price: p.price,
    currency: p.currency,
    countInStock: v.countInStock,
    categoryId: p.categoryId,
    qty,
    variant: v._id,
  };
}

/** A product already in the cart: something other than a kurta, with stock to spare. */
async function somethingElse() {
  const list = (await (await fetch(`${baseURL}/api/products?keyword=backpack`)).json()) as ProductList;
  const p = list.products.find((x) => x.countInStock > 5 && x.variants.length === 1);
  if (!p) throw new Error('no backpack in the demo shop');
  return cartLine(p, 2);
}

/** The page stays within the screen's width. */
async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

describe('buying on a phone', () => {
  it('search → filter → product → size in the sticky bar → Buy Now → sign in → checkout → paid; the cart is kept', async () => {
    const page = await openPage(PHONE);
    await page.goto('/');
    const before = [await somethingElse()];
    await page.evaluate((lines) => localStorage.setItem('cartItems', JSON.stringify(lines)), before);
    await page.reload();

    // Search sits in the header bar, usable without opening the menu.
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    expect(await search.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await screenshot(page, 'phone-home', { fullPage: false });
    await search.fill('kurta');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/kurta');

    // A filter from the Filters sheet: one brand.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet
      .getByRole('group', { name: 'Brand' })
      .getByLabel(new RegExp(`^${BRAND} \\(\\d+\\)$`))
      .check();
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.searchParams.get('brand') === BRAND);
    const grid = page.locator('[aria-busy="false"]').getByRole('list', { name: /kurta/i });
    await grid.waitFor();
    await screenshot(page, 'phone-search-filtered', { fullPage: false });
    const card = grid.getByRole('listitem').first();
    const name = await card.getByRole('heading').innerText();
    await card.getByRole('link', { name }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/product/'));
    const productId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // The sticky bar: price, size, Add to Cart and Buy Now at the bottom of the first screen.
    const bar = page.getByRole('region', { name: 'Buy from the bar' });
    const buyNow = bar.getByRole('button', { name: 'Buy Now' });
    const box = await buyNow.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await bar.locator('.haat-price-final').innerText()).toMatch(/₹/);
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-product', { fullPage: false });

    // Buy Now without a size asks for one.
    await buyNow.click();
    await bar.getByRole('alert').filter({ hasText: 'Please choose a size' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/product/${productId}`);
    await screenshot(page, 'phone-product-size-asked', { fullPage: false });

    // Choose a size in the bar: the panel follows (one state).
    const product = (await (await fetch(`${baseURL}/api/products/${productId}`)).json()) as {
      variants: { _id: string; size: string; countInStock: number }[];
    };
    const variant = product.variants.find((v) => v.size !== 'N/A' && v.countInStock > 0)!;
    await bar.getByRole('combobox', { name: 'Size' }).selectOption({ label: variant.size });
    await bar.getByRole('alert').waitFor({ state: 'detached' });
    const panelSize = page
      .getByRole('form', { name: 'Buy this product' })
      .getByRole('radio', { name: new RegExp(`^${variant.size}\\b`) });
    expect(await panelSize.isChecked()).toBe(true);
    await screenshot(page, 'phone-product-size-chosen', { fullPage: false });
    await buyNow.click();

    // Signed out: sign in first, then straight into checkout.
    await page.waitForURL(/\/login\?redirect=shipping$/);
    await page.getByLabel('Email Address').fill('buyer@haat.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/shipping');
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByLabel('Postal Code').fill('560038');
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/payment');
    expect(await page.getByLabel('RazorPay').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Review: only the Buy Now line, and a word that the cart is kept.
    await page.waitForURL((url) => url.pathname === '/placeorder');
    await page.getByRole('heading', { name: 'Place Order', level: 1 }).waitFor();
    await page.getByText('Buying this item only').waitFor();
    const main = page.getByRole('main');
    await main
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .waitFor();
    expect(await main.getByRole('link', { name: before[0]!.name }).count()).toBe(0);
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-placeorder');
    await page.getByRole('button', { name: 'Place Order' }).click();

    // The order page: pay in the RazorPay sandbox.
    await page.waitForURL((url) => url.pathname.startsWith('/order/'));
    const orderId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('button', { name: 'Pay with RazorPay' }).click();
    const dialog = page.getByRole('dialog', { name: /RazorPay checkout/ });
    await dialog.getByText('SANDBOX', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Thank you for your order!').waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-order-paid');

    // The order holds exactly that line, and it is paid.
    const order = await page.evaluate(
      async (id) => (await fetch(`/api/orders/${id}`, { credentials: 'include' })).json() as Promise<Order>,
      orderId,
    );
    expect(order.isPaid).toBe(true);
    expect(order.orderItems).toHaveLength(1);
    expect(order.orderItems[0]).toMatchObject({ product: productId, variant: variant._id, qty: 1 });

    // The cart holds what it held before Buy Now; Buy Now is over.
    expect(await cartItems(page)).toEqual(before);
    expect(await page.evaluate(() => sessionStorage.getItem('buyNow'))).toBeNull();
    await page.goto('/cart');
    await page.getByRole('link', { name: before[0]!.name }).first().waitFor();
    await screenshot(page, 'phone-cart-after', { fullPage: false });
  });

  it('the cart line has a quantity stepper that stops at the per-order limit', async () => {
    const page = await openPage(PHONE);
    await page.goto('/');
    const line = { ...(await somethingElse()), qty: 9 };
    await page.evaluate((lines) => localStorage.setItem('cartItems', JSON.stringify(lines)), [line]);
    await page.goto('/cart');
    const more = page.getByRole('button', { name: `One more of ${line.name}` });
    const qty = page.getByLabel(`Quantity of ${line.name}`, { exact: true });
    await more.waitFor();
    await more.click();
    expect(await qty.inputValue()).toBe('10');
    expect(await more.isDisabled()).toBe(true);
    await page.getByText('At most 10 per order').waitFor();
    await page.getByRole('button', { name: `One fewer of ${line.name}` }).click();
    expect(await qty.inputValue()).toBe('9');
    expect((await cartItems(page))[0]).toMatchObject({ qty: 9 });
    await screenshot(page, 'phone-cart-stepper', { fullPage: false });
  });

  it('a cart line kept from before the limit was lowered is cut to it, and the cart says so', async () => {
    const list = (await (await fetch(`${baseURL}/api/products?pageSize=50`)).json()) as ProductList;
    const p = list.products.find((x) => x.variants.length === 1 && x.variants[0]!.countInStock > 12);
    if (!p) throw new Error('no product with more than 12 in stock in the demo shop');
    const line = cartLine(p, 13);
    const page = await openPage(PHONE);
    await page.goto('/');
    await page.evaluate((lines) => localStorage.setItem('cartItems', JSON.stringify(lines)), [line]);
    await page.goto('/cart');
    await page
      .getByText(
        `At most 10 of ${p.name} can be bought in one order: the quantity was reduced from 13 to 10.`,
      )
      .waitFor();
    expect(await page.getByLabel(`Quantity of ${p.name}`, { exact: true }).inputValue()).toBe('10');
    expect((await cartItems(page))[0]).toMatchObject({ qty: 10 });
    await screenshot(page, 'phone-cart-over-limit', { fullPage: false });
  });
});
