import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product, ProductList } from '../../src/shared/schemas/product.ts';
import { baseURL, openPage, screenshot } from './support.ts';

/**
 * Product variants in a real browser (docs/decisions/0102-product-variants.md): a buyer sees a sold-out
 * size disabled, adds M and then L of one kurta (two cart lines), checks out with cash on delivery and
 * finds both sizes on the order; a seller edits the variant grid (a stock, a new colour) and sees it on
 * the product page. At phone (390×844) and desktop size.
 */

const PASSWORD = 'Demo@12345';
const SELLER_SHOP = 'Kavya Textiles';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function shopProducts(): Promise<Product[]> {
  const res = await fetch(`${baseURL}/api/shops/products/${encodeURIComponent(SELLER_SHOP)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as ProductList).products;
}

/** The seller's products sold in at least three real sizes, without colours, each size in stock. */
async function sizedProducts(): Promise<Product[]> {
  return (await shopProducts()).filter(
    (p) =>
      p.status &&
      p.variants.length >= 3 &&
      p.variants.every((v) => v.size !== 'N/A' && v.colour === null && v.countInStock > 0),
  );
}

/** Sets the stock of the product's variants as the seller, through the API (one PUT with the grid). */
async function setStock(seller: Page, product: Product, stock: Record<string, number>) {
  const res = await seller.request.put(`/api/products/${product._id}`, {
    headers: { Origin: baseURL },
    data: {
      variants: product.variants.map((v) => ({
        _id: v._id,
        size: v.size,
        colour: v.colour,
        sku: v.sku,
        countInStock: stock[v.size] ?? v.countInStock,
        price: v.price,
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Product;
}

/** A size or colour button of the product page's purchase panel (a radio behind a label). */
const option = (panel: Locator, group: 'Size' | 'Colour', name: RegExp) =>
  panel.getByRole('group', { name: new RegExp(`^${group}`) }).getByRole('radio', { name });

async function pick(panel: Locator, group: 'Size' | 'Colour', value: string) {
  const radio = option(panel, group, new RegExp(`^${value}\\b`));
  // The radio is drawn as its label (Bootstrap's btn-check): click the label.
  const id = await radio.getAttribute('id');
  await panel.locator(`label[for="${id ?? ''}"]`).click();
  expect(await radio.isChecked()).toBe(true);
}

async function buyerFlow(width: number, height: number, tag: string) {
  const [product] = (await sizedProducts()).slice(-1);
  if (!product) throw new Error(`no product in sizes in ${SELLER_SHOP}`);
  const [s, m, l] = product.variants.map((v) => v.size);
  if (!s || !m || !l) throw new Error('three sizes expected');

  // The seller sells out the first size and leaves three of the third (low stock).
  const seller = await openPage({ width: 1280 });
  await signIn(seller, 'seller@haat.test');
  await setStock(seller, product, { [s]: 0, [m]: 8, [l]: 3 });

  const buyer = await openPage({ width, height });
  await signIn(buyer, 'buyer@haat.test');
  await buyer.evaluate(() => localStorage.setItem('cartItems', '[]'));
  await buyer.goto(`/product/${product._id}`);
  await buyer.getByRole('heading', { level: 1, name: product.name }).waitFor();
  const panel = buyer.getByRole('form', { name: 'Buy this product' });
  // The panel's Add to Cart on a wide screen, the sticky bar's on a phone (ADR 0132): the one shown.
  const addToCart = buyer.getByRole('button', { name: 'Add to Cart' });

  // Every size is shown; the sold-out one is disabled and says so.
  const soldOut = option(panel, 'Size', new RegExp(`^${s}\\b`));
  expect(await soldOut.isDisabled()).toBe(true);
  expect(await soldOut.getAttribute('id')).toBeTruthy();
  expect(await panel.locator(`label[for="${(await soldOut.getAttribute('id')) ?? ''}"]`).innerText()).toMatch(
    /sold out/,
  );
  expect(await option(panel, 'Size', new RegExp(`^${m}\\b`)).isDisabled()).toBe(false);

  // Add to Cart without a size: asked to choose one first.
  await addToCart.click();
  await panel.getByText('Please choose a size').waitFor();
  await screenshot(buyer, `variants-product-${tag}`);

  // M, then L: two lines in the cart.
  await pick(panel, 'Size', m);
  await addToCart.click();
  await buyer.waitForURL('**/cart');
  await buyer.goto(`/product/${product._id}`);
  await pick(panel, 'Size', l);
  await panel.getByText('Only 3 left').waitFor();
  // The quantity stops at the variant's stock.
  await stepUpTo(panel, 3);
  await screenshot(buyer, `variants-product-low-${tag}`);
  await addToCart.click();
  await buyer.waitForURL('**/cart');

  const lines = buyer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await lines.nth(1).waitFor();
  // Counted until the list settles (the cart may be re-rendering as its prices arrive).
  await expect.poll(() => lines.count()).toBe(2);
  expect(await lines.nth(0).innerText()).toContain(`Size: ${m}`);
  expect(await lines.nth(1).innerText()).toContain(`Size: ${l}`);
  await buyer.getByRole('heading', { name: 'Subtotal (2 items)' }).waitFor();
  await screenshot(buyer, `variants-cart-${tag}`);

  // Checkout with cash on delivery.
  await buyer.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await buyer.waitForURL('**/shipping');
  const shipping = buyer.getByRole('group', { name: 'Shipping address' });
  await shipping.getByLabel('Postal Code').fill('560038');
  await buyer.getByRole('button', { name: 'Continue' }).click();
  await buyer.waitForURL('**/payment');
  await buyer.getByLabel('Cash on Delivery').check();
  await buyer.getByRole('button', { name: 'Continue' }).click();
  await buyer.waitForURL('**/placeorder');
  const main = buyer.getByRole('main');
  await main.getByText(`Size: ${m}`).waitFor();
  await main.getByText(`Size: ${l}`).waitFor();
  await buyer.getByRole('button', { name: 'Place Order' }).click();
  await buyer.waitForURL(/\/order\/[0-9a-f-]{36}$/);
  await main.getByText('Thank you for your order!').waitFor();
  // Both sizes, as order items and in the seller's parcel.
  const items = main.getByRole('region', { name: 'Order Items' });
  const parcel = main.getByRole('region', { name: /^Your parcel/ });
  for (const where of [items, parcel]) {
    await where.getByText(`Size: ${m}`).waitFor();
    await where.getByText(`Size: ${l}`).waitFor();
  }
  await screenshot(buyer, `variants-order-${tag}`);

  // The stock was taken from each variant.
  const after = (await (await fetch(`${baseURL}/api/products/${product._id}`)).json()) as Product;
  const stockOf = (size: string) => after.variants.find((v) => v.size === size)?.countInStock;
  expect([stockOf(s), stockOf(m), stockOf(l)]).toEqual([0, 7, 2]);
}

describe('product variants', () => {
  it('a buyer orders two sizes of one product (phone)', async () => {
    await buyerFlow(390, 844, 'mobile');
  });

  it('a buyer orders two sizes of one product (desktop)', async () => {
    await buyerFlow(1280, 900, 'desktop');
  });

  for (const [tag, width, height] of [
    ['mobile', 390, 844],
    ['desktop', 1280, 900],
  ] as const) {
    it(`a seller edits the variant grid and sees it on the product page (${tag})`, async () => {
      const products = await sizedProducts();
      // The first such product (the mobile run gives it colours, so the desktop run takes the next one).
      const product = products[0];
      if (!product) throw new Error('no product in sizes');
      const [first, second] = product.variants;
      if (!first || !second) throw new Error('two variants expected');

      const page = await openPage({ width, height });
      await signIn(page, 'seller@haat.test');
      await page.goto(`/product/${product._id}/edit`);
      await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
      const grid = page.getByRole('group', { name: 'Stock, SKU and price of each size and colour' });
      await grid.waitFor();

      // A colour: the stock already entered becomes Red's, and each size gets a Blue row.
      await page.getByLabel('Colour to add').fill('red');
      await page.getByRole('button', { name: 'Add colour' }).click();
      await page.getByLabel(`Stock for ${first.size} / Red`).waitFor();
      await page.getByLabel('Colour to add').fill('Blue');
      await page.getByLabel('Colour to add').press('Enter');
      const blueStock = page.getByLabel(`Stock for ${first.size} / Blue`);
      await blueStock.waitFor();
      expect(await blueStock.inputValue()).toBe('0');
      expect(await page.getByLabel(`SKU for ${first.size} / Blue`).inputValue()).toMatch(/-BLUE$/);
      await blueStock.fill('6');
      await page.getByLabel(`Stock for ${second.size} / Red`).fill('2');
      // A bad SKU is named next to its cell.
      await page.getByLabel(`SKU for ${second.size} / Blue`).fill('no spaces allowed');
      await page.getByRole('button', { name: 'Update Product' }).click();
      await page
        .getByText('Please enter a SKU of up to 40 letters, digits, dashes or underscores.')
        .first()
        .waitFor();
      await screenshot(page, `variants-grid-error-${tag}`);
      await page.getByLabel(`SKU for ${second.size} / Blue`).fill(`SKU-${second.size}-BLUE-E2E`);
      await grid.scrollIntoViewIfNeeded();
      await screenshot(page, `variants-grid-${tag}`);
      await page.getByRole('button', { name: 'Update Product' }).click();
      await page.waitForURL('**/seller/productlist');

      // My Products: stock per variant, with the low one named.
      // (Phones show cards, wider screens the table: look at what is visible.)
      await page.getByText(`${second.size} / Red: 2`).filter({ visible: true }).first().waitFor();
      await page
        .getByText(/Low stock: .*Red/)
        .filter({ visible: true })
        .first()
        .waitFor();
      await screenshot(page, `variants-my-products-${tag}`);

      // The product page offers Red and Blue; Blue in the first size has 6.
      await page.goto(`/product/${product._id}`);
      const panel = page.getByRole('form', { name: 'Buy this product' });
      await option(panel, 'Colour', /^Blue/).waitFor();
      await pick(panel, 'Size', first.size);
      await pick(panel, 'Colour', 'Blue');
      await stepUpTo(panel, 6);
      // The second size has none in Blue: disabled while Blue is chosen, and named so.
      const secondInBlue = option(panel, 'Size', new RegExp(`^${second.size}\\b`));
      expect(await secondInBlue.isDisabled()).toBe(true);
      const secondId = (await secondInBlue.getAttribute('id')) ?? '';
      expect(await panel.locator(`label[for="${secondId}"]`).innerText()).toMatch(/sold out/);
      await pick(panel, 'Colour', 'Red');
      await pick(panel, 'Size', second.size);
      await panel.getByText('Only 2 left').waitFor();
      // Let the buttons' colour transition (0.15 s) finish, or the picture shows the old size still chosen.
      await page.waitForTimeout(400);
      await screenshot(page, `variants-product-colours-${tag}`);

      const saved = (await (await fetch(`${baseURL}/api/products/${product._id}`)).json()) as Product;
      expect(saved.variants.find((v) => v.size === first.size && v.colour === 'Blue')?.countInStock).toBe(6);
      expect(saved.variants.find((v) => v.size === second.size && v.colour === 'Red')?.countInStock).toBe(2);
    });
  }
});

/** Presses the stepper's + until it turns off: it must stop at `max`. */
async function stepUpTo(panel: Locator, max: number) {
  const more = panel.getByRole('button', { name: 'One more' });
  for (let i = 1; i < max; i++) await more.click();
  expect(await more.isDisabled()).toBe(true);
  expect(await panel.getByLabel('Quantity', { exact: true }).inputValue()).toBe(String(max));
  // Back to one, the quantity the rest of the test buys.
  await panel.getByLabel('Quantity', { exact: true }).fill('1');
}
