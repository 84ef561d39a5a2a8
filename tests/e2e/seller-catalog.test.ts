import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { variantUrl } from '#shared/images.ts';
import { earliestDiscountDate, PRODUCT_MSG, VARIANT_MSG } from '#shared/schemas/product-form.ts';
import type { Product, ProductDiscount, ProductList } from '#shared/schemas/product.ts';
import { baseURL, openPage, screenshot } from './support.ts';

/**
 * Seller and admin catalog management in a real browser (issue 4 "Done when"): a seller creates a product
 * with two images, a size set and a discount in one request, finds it in My Products, deactivates it (gone
 * from the storefront), reactivates it, fixes a typo in its name with its first edit (creating it did not
 * lock it), then finds it locked; the admin edits a category markup. Screenshots of
 * the product form, My Products and the markups at 1280 and 360 px.
 */

const PASSWORD = 'Demo@12345';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A small picture made in the test: a coloured square with a stripe. */
const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 480, height: 480, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: { create: { width: 480, height: 80, channels: 3, background: { r: 250, g: 240, b: 220 } } },
        top: 200,
        left: 0,
      },
    ])
    .png()
    .toBuffer();

/** Storefront search as a visitor sees it (no cookies). */
async function storefrontIds(keyword: string): Promise<string[]> {
  const res = await fetch(`${baseURL}/api/products?keyword=${encodeURIComponent(keyword)}`);
  return ((await res.json()) as ProductList).products.map((p) => p._id);
}

/**
 * Wait until a select offers `value`. The option's value is read as a property: Preact sets it that way,
 * with no `value` attribute for `option[value=…]` to match (ADR 0130).
 */
async function offered(page: Page, label: string, value: string) {
  const select = page.getByLabel(label, { exact: true });
  await expect
    .poll(() =>
      select.evaluate((s: HTMLSelectElement, v) => [...s.options].some((o) => o.value === v), value),
    )
    .toBe(true);
  return select;
}

/** Pick a value in a select once its option has arrived from the category API. */
async function choose(page: Page, label: string, value: string) {
  await (await offered(page, label, value)).selectOption(value);
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function confirmDialog(page: Page, text: string, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('seller and admin catalog management', () => {
  it('a seller creates, finds, deactivates, reactivates and edits a product', async () => {
    const page = await openPage({ width: 1280, height: 1000 });
    await signIn(page, 'seller@haat.test');

    await page.goto('/seller/product/create');
    await page.getByRole('heading', { name: 'Create Product' }).waitFor();
    await offered(page, 'Main category', 'Fashion & Accessories');

    // The shared schema's docs/product/messages.md messages on an empty submit.
    await page.getByRole('button', { name: 'Create Product' }).click();
    const alert = page.getByRole('alert').filter({ hasText: PRODUCT_MSG.name });
    await alert.waitFor();
    for (const message of [
      PRODUCT_MSG.name,
      PRODUCT_MSG.brand,
      PRODUCT_MSG.price,
      VARIANT_MSG.required,
      PRODUCT_MSG.description,
      PRODUCT_MSG.image,
      PRODUCT_MSG.category,
      PRODUCT_MSG.sizes,
    ])
      expect(await alert.innerText()).toContain(message);
    await screenshot(page, 'product-form-validation-desktop');

    const id = unique();
    const typo = `Indgo Casual Shirt ${id}`;
    const name = `Indigo Casual Shirt ${id}`;
    await page.getByLabel('Name', { exact: true }).fill(typo);
    await page.getByLabel('Brand').fill('Kavya Textiles');
    await page.getByLabel('Price', { exact: true }).fill('1499');
    await page
      .getByLabel('Description')
      .fill('Hand-dyed indigo cotton shirt with coconut-shell buttons. Relaxed fit.');

    // Five cascading levels.
    await page.getByLabel('Main category', { exact: true }).selectOption('Fashion & Accessories');
    await choose(page, 'Subcategory', 'Men Clothes');
    await choose(page, 'Level 3 category', 'Topwear');
    await choose(page, 'Level 4 category', 'Shirts');
    await choose(page, 'Level 5 category', 'Casual Shirts');
    await page.getByText("Haat's markup for Fashion & Accessories").waitFor();

    // Clothes sizes; shoe sizes are not offered.
    await page.locator('label[for="size-7XL"]').waitFor();
    expect(await page.locator('label[for="size-8"]').count()).toBe(0);
    for (const size of ['M', 'L', 'XL']) await page.locator(`label[for="size-${size}"]`).click();
    // The variant grid: a row per size, stock entered per size, the total beside it.
    for (const [size, stock] of [
      ['M', '4'],
      ['L', '3'],
      ['XL', '3'],
    ] as const)
      await page.getByLabel(`Stock for ${size}`, { exact: true }).fill(stock);
    expect(await page.getByTestId('total-stock').innerText()).toBe('10');

    // Two images, previewed; one more removed again.
    await page.locator('#product-images').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await picture(30, 60, 140) },
      { name: 'back.png', mimeType: 'image/png', buffer: await picture(20, 100, 120) },
      { name: 'extra.png', mimeType: 'image/png', buffer: await picture(200, 80, 40) },
    ]);
    await page.getByAltText('Product image 3').waitFor();
    await page.getByRole('button', { name: 'Remove image 3' }).click();
    await page.getByAltText('Product image 3').waitFor({ state: 'detached' });
    expect(await page.getByAltText(/^Product image \d$/).count()).toBe(2);

    // A discount: 10 % until a week after the earliest date allowed.
    await page.getByLabel('Add Discount').check();
    await page.getByLabel('Discount value').fill('10');
    await page.getByLabel('Unit').selectOption('percentage');
    const until = new Date(`${earliestDiscountDate()}T00:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 7);
    await page.getByLabel('Valid until').fill(until.toISOString().slice(0, 10));
    await page.getByText('Buyers pay').waitFor();
    await page.getByRole('heading', { name: 'Create Product' }).click();
    await screenshot(page, 'product-form-desktop');

    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.waitForURL('**/seller/productlist');
    await page.getByRole('heading', { name: 'My Products' }).waitFor();
    const mine = row(page, typo);
    await mine.waitFor();
    expect(await mine.innerText()).toContain('Active');
    expect(await mine.innerText()).toContain('1,499.00');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'my-products-desktop');

    // What was saved: two images with their variants, the sizes, the discount (active).
    const productId =
      (await mine.getByRole('link', { name: typo, exact: true }).getAttribute('href'))?.split('/').pop() ??
      '';
    const product = (await (await page.request.get(`/api/products/${productId}`)).json()) as Product;
    expect(product).toMatchObject({
      name: typo,
      price: 1499,
      countInStock: 10,
      sizes: ['M', 'L', 'XL'],
      status: true,
    });
    expect(product.image).toHaveLength(2);
    for (const url of product.image)
      for (const variant of [url, variantUrl(url, 'thumbnail'), variantUrl(url, 'medium')])
        expect((await page.request.get(variant)).headers()['content-type']).toBe('image/webp');
    const discount = (await (
      await page.request.get(`/api/product-discounts/${productId}`)
    ).json()) as ProductDiscount;
    expect(discount).toMatchObject({ discount_value: 10, discount_unit: 'percentage', activate: true });
    expect(await storefrontIds(typo)).toContain(productId);

    // Deactivate after the prompt: gone from the storefront.
    await mine.getByRole('button', { name: `Deactivate ${typo}` }).click();
    await confirmDialog(page, 'Are you sure you want to activate/deactivate this product?', 'Deactivate');
    await mine.getByText('Inactive').waitFor();
    expect(await storefrontIds(typo)).not.toContain(productId);

    // Reactivate: back on the storefront.
    await mine.getByRole('button', { name: `Activate ${typo}` }).click();
    await confirmDialog(page, 'Are you sure you want to activate/deactivate this product?', 'Activate');
    await mine.getByText('Active', { exact: true }).waitFor();
    expect(await storefrontIds(typo)).toContain(productId);

    // The first edit after creating it may still change everything: fix the typo, the price and stock.
    await mine.getByRole('link', { name: `Edit ${typo}` }).click();
    await page.waitForURL(`**/product/${productId}/edit`);
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    await page.locator('#product-images').waitFor({ state: 'attached' });
    expect(await page.getByText(PRODUCT_MSG.locked).count()).toBe(0);
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('readonly')).toBeNull();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price', { exact: true }).fill('1399');
    await page.getByLabel('Stock for M', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.waitForURL('**/seller/productlist');
    await row(page, name).filter({ hasText: '1,399.00' }).waitFor();
    const fixed = (await (await page.request.get(`/api/products/${productId}`)).json()) as Product;
    expect(fixed).toMatchObject({ name, price: 1399, countInStock: 8, image: product.image });

    // After that edit the identity is locked: read-only now; price and stock still change.
    await row(page, name)
      .getByRole('link', { name: `Edit ${name}` })
      .click();
    await page.waitForURL(`**/product/${productId}/edit`);
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    await page.getByText(PRODUCT_MSG.locked).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Category path').inputValue()).toBe(
      'Fashion & Accessories › Men Clothes › Topwear › Shirts › Casual Shirts',
    );
    expect(await page.locator('#product-images').count()).toBe(0);
    expect(await page.getByLabel('Add Discount').isChecked()).toBe(true);
    await page.getByLabel('Price', { exact: true }).fill('1299');
    await page.getByLabel('Stock for L', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.waitForURL('**/seller/productlist');
    await row(page, name).filter({ hasText: '1,299.00' }).waitFor();
    const edited = (await (await page.request.get(`/api/products/${productId}`)).json()) as Product;
    expect(edited).toMatchObject({ price: 1299, countInStock: 7, name, image: product.image });
  });

  it('the seller pages at 360 px', async () => {
    const page = await openPage({ width: 360, height: 780 });
    await signIn(page, 'seller@haat.test');
    await page.goto('/seller/productlist');
    await page.getByRole('heading', { name: 'My Products' }).waitFor();
    // Phones get one card per product instead of the table.
    await page
      .getByRole('button', { name: /^Deactivate / })
      .first()
      .waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'my-products-mobile');

    await page.goto('/seller/product/create');
    await choose(page, 'Main category', 'Fashion & Accessories');
    await choose(page, 'Subcategory', 'Men Shoes');
    await page.locator('label[for="size-10"]').waitFor();
    await page.getByLabel('Add Discount').check();
    await page.getByLabel('Discount value').waitFor();
    await screenshot(page, 'product-form-mobile');
  });

  it('wrong roles are told they are not allowed; signed-out visitors are sent to sign in', async () => {
    const guest = await openPage();
    await guest.goto('/seller/product/create');
    await guest.waitForURL(/\/login\?redirect=seller%2Fproduct%2Fcreate/);

    const buyer = await openPage();
    await signIn(buyer, 'buyer@haat.test');
    await buyer.goto('/admin/categories-markup');
    await buyer.getByText('You are not allowed to view this page.').waitFor();
    await buyer.goto('/seller/productlist');
    await buyer.getByText('You are not allowed to view this page.').waitFor();
  });

  it('the admin edits a category markup', async () => {
    const page = await openPage({ width: 1280 });
    await signIn(page, 'admin@haat.test');
    await page.goto('/admin/categories-markup');
    await page.getByRole('heading', { name: 'Category Markups' }).waitFor();
    const fashion = page.getByRole('row').filter({ hasText: 'Fashion & Accessories' });
    await fashion.waitFor();
    const before = (await fashion.innerText()).match(/([\d.]+) %/)?.[1] ?? '15.00';
    await screenshot(page, 'category-markups-desktop');

    await fashion.getByRole('link', { name: 'Edit Fashion & Accessories' }).click();
    await page.getByRole('heading', { name: 'Edit Category Markup' }).waitFor();
    const field = page.getByLabel('Percentage Markup');
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('input[name="percentageMarkup"]')?.value ?? '') !== '',
    );
    await field.fill('120');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('The markup must be a percentage from 0 to 100').first().waitFor();
    await field.fill('16.5');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/admin/categories-markup');
    await page
      .getByRole('row')
      .filter({ hasText: 'Fashion & Accessories' })
      .filter({ hasText: '16.50 %' })
      .waitFor();

    // The admin product list shows every product with delete; put the markup back for other tests.
    await page.goto('/admin/productlist');
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-products-desktop');
    const markups = (await (await page.request.get('/api/category/categories-markup')).json()) as {
      _id: string;
      uniqueCategoryName: string;
    }[];
    const id = markups.find((m) => m.uniqueCategoryName === 'Fashion & Accessories')?._id ?? '';
    const restored = await page.request.put(`/api/category/categories-markup/${id}`, {
      data: { percentageMarkup: Number(before) },
      headers: { origin: baseURL },
    });
    expect(restored.status()).toBe(200);

    const phone = await openPage({ width: 360, height: 780 });
    await signIn(phone, 'admin@haat.test');
    await phone.goto('/admin/categories-markup');
    await phone.getByRole('row').filter({ hasText: 'Fashion & Accessories' }).waitFor();
    await screenshot(phone, 'category-markups-mobile');
  });

  it('a seller keeps their shop settings on the profile', async () => {
    const page = await openPage({ width: 1280 });
    await signIn(page, 'seller2@haat.test');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Shop Settings' }).waitFor();
    const shopName = page.getByLabel('Shop Name');
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLInputElement>('#shop-settings-heading ~ form input[name="shopName"]')
          ?.value ?? '') !== '',
    );
    const original = await shopName.inputValue();
    await shopName.fill(Array.from({ length: 31 }, (_, i) => `w${String(i)}`).join(' '));
    await page.getByRole('button', { name: 'Save Shop Settings' }).click();
    await page.getByText('Shop name cannot exceed 30 words.').waitFor();
    await shopName.fill(original);
    await page
      .locator('#shop-picture')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture(120, 30, 90) });
    await page.getByRole('button', { name: 'Save Shop Settings' }).click();
    await page.getByText('Shop settings saved').waitFor();
    const user = (await (await page.request.get('/api/users/profile')).json()) as {
      shop: { shopPicture: string | null };
    };
    expect(user.shop.shopPicture).toMatch(/^\/uploads\/shops\/.+\.webp$/);
    await page.getByRole('heading', { name: 'Shop Settings' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'shop-settings-desktop');
  });
});
