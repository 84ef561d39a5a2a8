import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDeliveryDate } from '#shared/delivery.ts';
import type { DeliveryPromise } from '#shared/schemas/delivery.ts';
import type { Product, ProductList } from '#shared/schemas/product.ts';
import { baseURL, openPage, reportPagesOnFailure, screenshot } from './support.ts';

/**
 * The delivery promise on a phone (docs/decisions/0113-delivery-promise.md): a shopper checks a pincode on
 * a product page and sees the date and cash on delivery; the operator stops delivering to one pincode from
 * the Admin page, and the product page says why it cannot go there. The seller's delivery-area page is
 * looked at too. Screenshots at 375×812.
 */

const PASSWORD = 'Demo@12345';
const PHONE = { width: 375, height: 812 };
const REFUSED = '744101';
const pages = reportPagesOnFailure('delivery');

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function someProduct(): Promise<{ id: string; name: string }> {
  const res = await fetch(`${baseURL}/api/products`);
  const first = ((await res.json()) as ProductList).products[0];
  if (!first) throw new Error('The demo shop has no products');
  return { id: first._id, name: first.name };
}

/** A product of the shop with stock to spare. */
async function shopProduct(shop: string): Promise<Product> {
  const res = await fetch(`${baseURL}/api/shops/products/${encodeURIComponent(shop)}`);
  const product = ((await res.json()) as ProductList).products.find((p) => p.countInStock >= 5);
  if (!product) throw new Error(`no product with stock in ${shop}`);
  return product;
}

/** The cart as the storefront keeps it (localStorage `cartItems`), with no checkout steps saved. */
async function fillCart(page: Page, products: Product[]) {
  await page.goto('/help');
  const lines = products.map((p) => {
    const size = p.variants.find((v) => v.size !== 'N/A' && v.countInStock > 0)?.size;
    return {
      product: p._id,
      name: p.name,
      image: p.image[0] ?? '',
      price: p.price,
      currency: p.currency,
      countInStock: p.countInStock,
      categoryId: p.categoryId,
      qty: 1,
      ...(size ? { size } : {}),
    };
  });
  await page.evaluate((items) => {
    localStorage.setItem('cartItems', JSON.stringify(items));
    for (const key of ['shippingAddress', 'billingAddress', 'paymentMethod', 'couponCodes']) {
      localStorage.removeItem(key);
    }
  }, lines);
}

const promiseOf = async (product: string, pincode: string) =>
  (await (
    await fetch(`${baseURL}/api/delivery/promise?product=${product}&pincode=${pincode}`)
  ).json()) as DeliveryPromise;

/** Admin's pincode editor: find the pincode, set one of its boxes ("We deliver here", "Cash on delivery"), save. */
async function setFlag(page: Page, pincode: string, flag: string, on: boolean) {
  await page.goto('/admin/delivery');
  await page.getByRole('heading', { name: 'Delivery', level: 1 }).waitFor();
  await page.getByLabel('Pincode, district or state').fill(pincode);
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click(); // not the header's
  const row = page.getByRole('form', { name: `Pincode ${pincode}` });
  const box = row.getByLabel(flag);
  if ((await box.isChecked()) !== on) await box.click();
  await row.getByRole('button', { name: 'Save' }).click();
  await row.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
}

describe('the pincode check on a phone', () => {
  it('answers with a date and COD, and says why a pincode cannot be served', async () => {
    const product = await someProduct();
    const shopper = await openPage(PHONE);
    pages.push(shopper);
    await shopper.goto(`/product/${product.id}`);
    await shopper.getByRole('heading', { name: product.name, level: 1 }).waitFor();

    const check = shopper.getByRole('region', { name: 'Check delivery' });
    const pincode = check.getByLabel('Delivery pincode');
    // A malformed pincode is refused in the browser.
    await pincode.fill('5600');
    await check.getByRole('button', { name: 'Check' }).click();
    await check.getByText('Please enter a valid 6-digit pincode').waitFor();

    await pincode.fill('560038');
    await check.getByRole('button', { name: 'Check' }).click();
    const expected = await promiseOf(product.id, '560038');
    expect(expected.deliverable).toBe(true);
    await check.getByText(`Delivery by ${formatDeliveryDate(expected.deliveryBy!)}`).waitFor();
    await check.getByText('Cash on delivery available').waitFor();
    await check.getByText('to 560038, Bengaluru, Karnataka').waitFor();
    await check.scrollIntoViewIfNeeded();
    await screenshot(shopper, 'delivery-check-phone', { fullPage: false });

    // Remembered: a reload answers for the same pincode without typing.
    await shopper.reload();
    await shopper
      .getByRole('region', { name: 'Check delivery' })
      .getByText('Cash on delivery available')
      .waitFor();
    expect(await shopper.getByLabel('Delivery pincode').inputValue()).toBe('560038');

    // An unknown pincode.
    await pincode.fill('999999');
    await check.getByRole('button', { name: 'Check' }).click();
    await check.getByText('We could not find pincode 999999').waitFor();

    // The operator stops delivering to Port Blair (Admin page, on a phone too).
    const admin = await openPage(PHONE);
    pages.push(admin);
    await signIn(admin, 'admin@haat.test');
    await setFlag(admin, REFUSED, 'We deliver here', false);
    await screenshot(admin, 'delivery-admin-phone');
    try {
      await pincode.fill(REFUSED);
      await check.getByRole('button', { name: 'Check' }).click();
      await check.getByText(`Not deliverable to ${REFUSED}`).waitFor();
      await check.getByText(`We do not deliver to ${REFUSED} yet`).waitFor();
      await check.scrollIntoViewIfNeeded();
      await screenshot(shopper, 'delivery-refused-phone', { fullPage: false });
    } finally {
      await setFlag(admin, REFUSED, 'We deliver here', true);
    }
    expect((await promiseOf(product.id, REFUSED)).deliverable).toBe(true);
  });

  it("the seller's delivery-area page lists India's states and narrows where the shop ships", async () => {
    const seller = await openPage(PHONE);
    pages.push(seller);
    await signIn(seller, 'seller@haat.test');
    await seller.goto('/seller/delivery');
    await seller.getByRole('heading', { name: 'Delivery Area', level: 1 }).waitFor();
    await seller.getByRole('checkbox', { name: 'Ladakh' }).waitFor();
    expect(await seller.getByRole('checkbox', { name: 'I accept cash on delivery' }).isChecked()).toBe(true);

    // Kavya Textiles stops shipping to the Andaman islands (prefix 744): its products say so.
    const product = await shopProduct('Kavya Textiles');
    const prefixes = seller.getByLabel('Pincodes you never ship to');
    await prefixes.fill('74a');
    await seller.getByRole('button', { name: 'Save Delivery Area' }).click();
    await seller.getByText('Each excluded prefix is 1 to 6 digits.').waitFor();
    await prefixes.fill('744');
    await seller.getByRole('button', { name: 'Save Delivery Area' }).click();
    await seller.getByText('Delivery area saved.').waitFor();
    await screenshot(seller, 'delivery-seller-area-phone');
    try {
      expect(await promiseOf(product._id, REFUSED)).toMatchObject({
        deliverable: false,
        reason: `Kavya Textiles does not ship to ${REFUSED}`,
      });
    } finally {
      await prefixes.fill('');
      await seller.getByRole('button', { name: 'Save Delivery Area' }).click();
      await seller.getByText('Delivery area saved.').waitFor();
    }
    expect((await promiseOf(product._id, REFUSED)).deliverable).toBe(true);
  });

  it('checkout shows a date per seller, and the payment step hides COD where the pincode refuses it', async () => {
    const kavya = await shopProduct('Kavya Textiles');
    const meera = await shopProduct('Meera Handlooms');
    const buyer = await openPage(PHONE);
    pages.push(buyer);
    await fillCart(buyer, [kavya, meera]);
    await signIn(buyer, 'buyer@haat.test');
    await buyer.goto('/shipping');
    await buyer.getByRole('group', { name: 'Shipping address' }).getByLabel('Postal Code').fill('560038');
    await buyer.getByRole('button', { name: 'Continue' }).click();
    await buyer.waitForURL('**/payment');
    const cod = buyer.getByRole('radio', { name: 'Cash on Delivery' });
    await buyer.getByText('Pay when your order arrives.').waitFor();
    expect(await cod.isDisabled()).toBe(false);
    await buyer.getByRole('button', { name: 'Continue' }).click();
    await buyer.waitForURL('**/placeorder');

    const dates = buyer.getByRole('list', { name: 'Delivery dates' });
    for (const [shop, product] of [
      ['Kavya Textiles', kavya],
      ['Meera Handlooms', meera],
    ] as const) {
      const answer = await promiseOf(product._id, '560038');
      await dates
        .getByRole('listitem')
        .filter({ hasText: shop })
        .getByText(`Arrives by ${formatDeliveryDate(answer.deliveryBy!)}`)
        .waitFor();
    }
    expect(await buyer.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(false);
    await screenshot(buyer, 'delivery-placeorder-phone');

    const admin = await openPage(PHONE);
    pages.push(admin);
    await signIn(admin, 'admin@haat.test');
    await setFlag(admin, '560038', 'Cash on delivery', false);
    try {
      await buyer.goto('/payment');
      await buyer.getByText('Cash on delivery is not available for this pincode').waitFor();
      expect(await cod.isDisabled()).toBe(true);
      expect(await buyer.getByRole('radio', { name: 'RazorPay' }).isChecked()).toBe(true);
      await screenshot(buyer, 'delivery-payment-no-cod-phone');
    } finally {
      await setFlag(admin, '560038', 'Cash on delivery', true);
    }
  });
});
