import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product, ProductList } from '../../src/shared/schemas/product.ts';
import type { Wishlist } from '../../src/shared/schemas/wishlist.ts';
import { baseURL, openPage, reportPagesOnFailure, screenshot } from './support.ts';

/**
 * The wishlist in a real browser (docs/product/catalog.md#wishlist): a guest hearts a product on a grid,
 * signs in as the demo buyer, finds it on /wishlist (the guest list merged into the account), moves it to
 * the cart choosing a size, and the cart holds that size while the wishlist no longer holds the product.
 * Screenshots at phone (390×844) and desktop size.
 */

const BUYER = 'buyer@haat.test';
const PASSWORD = 'Demo@12345';

// When a test fails, each page it opened is reported (URL, main text, screenshot).
const openPages = reportPagesOnFailure('wishlist');

async function shopper(width: number, height: number): Promise<Page> {
  const page = await openPage({ width, height });
  openPages.push(page);
  return page;
}

/** The buyer's bearer token, for setting the scene through the API. */
async function buyerToken(): Promise<string> {
  const res = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BUYER, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function accountWishlist(token: string): Promise<Product[]> {
  const res = await fetch(`${baseURL}/api/wishlist`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as Wishlist).products;
}

/** Start from an empty account list, whatever an earlier run left. */
async function emptyAccountWishlist(token: string) {
  for (const p of await accountWishlist(token)) {
    await fetch(`${baseURL}/api/wishlist/${p._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
}

/** A demo product sold in several sizes, with a size in stock that is not the first one. */
async function sizedProduct(): Promise<{ product: Product; size: string }> {
  const res = await fetch(`${baseURL}/api/products?pageNumber=1`);
  const { products } = (await res.json()) as ProductList;
  for (const product of products) {
    const sizes = new Set(product.variants.map((v) => v.size));
    const pick = product.variants.slice(1).find((v) => v.countInStock > 0 && v.size !== 'N/A');
    if (sizes.size > 1 && pick && !product.variants.some((v) => v.colour))
      return { product, size: pick.size };
  }
  throw new Error('no demo product with several sizes on the first page');
}

async function noSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

describe('wishlist in the browser', () => {
  it('guest hearts a product → signs in → wishlist shows it → move to cart in a size (phone)', async () => {
    const token = await buyerToken();
    await emptyAccountWishlist(token);
    const { product, size } = await sizedProduct();

    const page = await shopper(390, 844);
    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    const card = page
      .getByRole('list', { name: /./ })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) })
      .first();
    const heart = card.getByRole('button', { name: 'Save to wishlist' });
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    const saved = card.getByRole('button', { name: 'Remove from wishlist' });
    await saved.waitFor();
    expect(await saved.getAttribute('aria-pressed')).toBe('true');
    // Still on the search page: the heart took the tap, not the card's link.
    expect(new URL(page.url()).pathname).toMatch(/^\/search\//);
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toContain(product._id);
    await screenshot(page, 'wishlist-grid-heart-phone', { fullPage: false });

    // The guest's list, before signing in: the heart beside the cart in the phone's bar leads there.
    await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL('**/wishlist');
    await page
      .getByRole('list', { name: 'Saved products' })
      .getByRole('listitem', { name: product.name })
      .waitFor();
    await page.getByText('Saved on this device only.').waitFor();
    await screenshot(page, 'wishlist-guest-phone');

    // Sign in: the guest list goes to the account and is forgotten here.
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('Email Address').fill(BUYER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/wishlist');
    const item = page.getByRole('listitem', { name: product.name });
    await item.waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
    expect((await accountWishlist(token)).map((p) => p._id)).toContain(product._id);
    await expect.poll(() => page.getByText('Saved on this device only.').count()).toBe(0);
    await noSideScroll(page);
    await screenshot(page, 'wishlist-page-phone');

    // Move to cart asks for the size; sold-out sizes cannot be chosen.
    await item.getByRole('button', { name: 'Move to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a size' });
    await dialog.waitFor();
    const addButton = dialog.getByRole('button', { name: 'Add to cart' });
    expect(await addButton.isDisabled()).toBe(true);
    for (const v of product.variants.filter((x) => x.countInStock <= 0)) {
      expect(await dialog.getByRole('radio', { name: new RegExp(`^${v.size}`) }).isDisabled()).toBe(true);
    }
    await page.locator('.modal.show').waitFor();
    await page.waitForTimeout(400); // the fade-in, for the screenshot
    await dialog.getByRole('radio', { name: size, exact: true }).check({ force: true });
    await page.waitForTimeout(300); // the button's colour transition, for the screenshot
    await screenshot(page, 'wishlist-move-dialog-phone', { fullPage: false });
    await addButton.click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByText(`Added to your cart: ${product.name} (${size}).`).waitFor();
    await page.getByText('Your wishlist is empty').waitFor();
    await screenshot(page, 'wishlist-moved-phone');
    await expect
      .poll(async () => (await accountWishlist(token)).map((p) => p._id))
      .not.toContain(product._id);

    // The cart holds one of that size.
    const lines = (await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'))) as {
      product: string;
      size?: string;
      variant?: string;
      qty: number;
    }[];
    const line = lines.find((l) => l.product === product._id);
    expect(line).toMatchObject({ size, qty: 1 });
    expect(line?.variant).toBe(product.variants.find((v) => v.size === size)?._id);
    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL('**/cart');
    const cartLine = page.getByRole('main').getByRole('link', { name: product.name }).first();
    await cartLine.waitFor();
    expect(await page.getByRole('main').innerText()).toContain(size);
    await screenshot(page, 'wishlist-cart-phone');

    // Moved out of the wishlist: the product page offers to save it again.
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Save to wishlist' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'wishlist-product-page-phone', { fullPage: false });
  });

  it('signed in, the product page heart saves and removes; the wishlist page at desktop size', async () => {
    const token = await buyerToken();
    await emptyAccountWishlist(token);
    const { product } = await sizedProduct();

    const page = await shopper(1280, 900);
    await page.goto('/login?redirect=/');
    await page.getByLabel('Email Address').fill(BUYER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/product/${product._id}`);
    const save = page.getByRole('button', { name: 'Save to wishlist' });
    // The page arrives rendered by the server: a click lands only once the app has hydrated it.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await save.click();
    await page.getByRole('button', { name: 'Remove from wishlist' }).waitFor();
    // The heart shows the change at once; the server has it a moment later.
    await expect.poll(async () => (await accountWishlist(token)).map((p) => p._id)).toEqual([product._id]);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await screenshot(page, 'wishlist-product-page-desktop', { fullPage: false });

    // The grid's hearts show what the account saved.
    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) })
      .first()
      .getByRole('button', { name: 'Remove from wishlist' })
      .waitFor();
    await screenshot(page, 'wishlist-grid-desktop', { fullPage: false });

    // The header link leads to the list.
    await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL('**/wishlist');
    await page.getByRole('listitem', { name: product.name }).waitFor();
    await screenshot(page, 'wishlist-page-desktop');

    // Remove empties it (and the account's list), leaving a way back to the shop.
    await page.getByRole('listitem', { name: product.name }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Your wishlist is empty').waitFor();
    await page.getByRole('link', { name: 'Start shopping' }).waitFor();
    await expect.poll(() => accountWishlist(token)).toEqual([]);
    await screenshot(page, 'wishlist-empty-desktop');
  });
});
