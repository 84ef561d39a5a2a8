import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIZE_CHART_MSG } from '#shared/schemas/size-chart.ts';
import type { Product, ProductList } from '#shared/schemas/product.ts';
import { baseURL, openPage, screenshot } from './support.ts';

/**
 * Size guidance in a real browser (docs/product/catalog.md#size-charts): the demo seller finds the seeded
 * chart, creates one in the grid editor (its checks shown on submit), attaches it to a product in the
 * product form, and a shopper opens it from the product page in an accessible dialog with a cm/in
 * toggle. Screenshots of the editor, the list and the dialog at phone and desktop widths.
 */

const PASSWORD = 'Demo@12345';
const PRODUCT = 'Printed Nehru Jacket';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function productNamed(name: string): Promise<Product> {
  const res = await fetch(`${baseURL}/api/products?keyword=${encodeURIComponent(name)}`);
  const found = ((await res.json()) as ProductList).products.find((p) => p.name === name);
  if (!found) throw new Error(`No product ${name}`);
  const detail = await fetch(`${baseURL}/api/products/${found._id}`);
  return (await detail.json()) as Product;
}

/** Chest, Waist, Length in inches for S…3XL: a range in the first row, decimals further down. */
const MEASURES: Record<string, [string, string, string]> = {
  S: ['36 - 38', '30', '26'],
  M: ['40', '32', '27'],
  L: ['42', '34.5', '28'],
  XL: ['44', '36.5', '29'],
  XXL: ['46', '38.5', '30'],
  '3XL': ['48', '40.5', '31'],
};

describe('size charts', () => {
  const chartName = `Nehru jackets ${unique()}`;

  it('the seller makes a chart in the grid editor and attaches it to a product', async () => {
    const page = await openPage({ width: 1280, height: 1000 });
    await signIn(page, 'seller@haat.test');

    // Reached from the user menu.
    await page.locator('header').getByRole('button', { name: 'Kavya Sharma' }).click();
    await page.getByRole('link', { name: 'Size Charts' }).click();
    await page.getByRole('heading', { name: 'Size Charts', level: 1 }).waitFor();
    // The seeded chart, with its two products.
    const seeded = page.getByRole('listitem').filter({ hasText: "Men's kurtas" });
    await seeded.getByText('Used by 2 products').waitFor();

    await page.getByRole('link', { name: '+ Create Chart' }).click();
    await page.getByRole('heading', { name: 'Create Size Chart' }).waitFor();

    // An empty chart name and empty cells: every problem is listed, and the cells are marked.
    await page.getByRole('button', { name: 'Create Chart' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please fix these before saving' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(`Chart name: ${SIZE_CHART_MSG.name}`);
    expect(await alert.innerText()).toContain(`Size S, Chest: ${SIZE_CHART_MSG.value}`);
    expect(await page.getByLabel('Chest for size S').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Chart name').fill(chartName);
    await page.getByText('Inches (in)').click();
    await page.getByRole('button', { name: 'Clothes S–3XL' }).click();
    for (const [size, values] of Object.entries(MEASURES)) {
      for (const [j, column] of ['Chest', 'Waist', 'Length'].entries()) {
        await page.getByLabel(`${column} for size ${size}`).fill(values[j] as string);
      }
    }
    // A measurement column added and removed again leaves the grid as it was.
    await page.getByRole('button', { name: '+ Add measurement' }).click();
    await page.getByLabel('Measurement 4 name').fill('Hip');
    await page.getByRole('button', { name: 'Remove measurement Hip' }).click();
    expect(await page.getByLabel('Measurement 4 name').count()).toBe(0);
    await screenshot(page, 'size-chart-editor-desktop');

    await page.getByRole('button', { name: 'Create Chart' }).click();
    await page.waitForURL((url) => url.pathname === '/seller/size-charts');
    const mine = page.getByRole('listitem').filter({ hasText: chartName });
    await mine.getByText('Not used by any product yet').waitFor();
    expect(await mine.innerText()).toContain('6 sizes · Chest, Waist, Length · in');

    // Attach it in the product form.
    const product = await productNamed(PRODUCT);
    expect(product.sizeChart).toBeNull();
    await page.goto(`/product/${product._id}/edit`);
    const picker = page.getByLabel('Size chart', { exact: true });
    await picker.locator('option', { hasText: chartName }).waitFor({ state: 'attached' });
    await picker.selectOption({ label: `${chartName} (in)` });
    await page.getByText('Sizes in this chart: S, M, L, XL, XXL, 3XL.').waitFor();
    await screenshot(page, 'size-chart-picker-desktop');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.waitForURL((url) => url.pathname === '/seller/productlist');

    const attached = await productNamed(PRODUCT);
    expect(attached.sizeChart).toMatchObject({
      name: chartName,
      unit: 'in',
      columns: ['Chest', 'Waist', 'Length'],
    });
    expect(attached.sizeChart?.rows[0]).toEqual({ size: 'S', values: ['36-38', '30', '26'] });

    await page.goto('/seller/size-charts');
    await page.getByRole('listitem').filter({ hasText: chartName }).getByText('Used by 1 product').waitFor();
    await screenshot(page, 'size-charts-list-desktop');

    const phone = await openPage({ width: 390, height: 844 });
    await signIn(phone, 'seller@haat.test');
    await phone.goto(`/seller/size-charts/${attached.sizeChart?._id ?? ''}/edit`);
    await phone.getByLabel('Chest for size S').waitFor();
    await screenshot(phone, 'size-chart-editor-phone');
  });

  it('a shopper opens the chart from the product page: a dialog with a table, a unit toggle, Escape closes', async () => {
    const product = await productNamed(PRODUCT);
    expect(product.sizeChart?.name).toBe(chartName);

    for (const [label, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 900],
    ] as const) {
      const page = await openPage({ width, height });
      await page.goto(`/product/${product._id}`);
      // Pick size L (its button's name may add ", few left").
      await page.locator('.haat-option:has(input[value="L"]) label').click();
      expect(await page.locator('input[value="L"]').isChecked()).toBe(true);
      const button = page.getByRole('button', { name: 'Size chart' });
      await button.click();

      const dialog = page.getByRole('dialog', { name: 'Size chart' });
      await dialog.waitFor();
      const table = dialog.getByRole('table');
      // The seller's own chart name is not shown to shoppers.
      expect(await table.locator('caption').innerText()).toBe('Measurements by size, in inches');
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
        'Size',
        'Chest (in)',
        'Waist (in)',
        'Length (in)',
      ]);
      expect(await table.locator('th[scope="row"]').count()).toBe(6);
      // The size picked on the page is highlighted and named as yours.
      const rowL = table.getByRole('row', { name: /^L \(your size\)/ });
      expect(await rowL.getAttribute('class')).toContain('table-primary');
      expect(await table.getByRole('row').nth(1).getByRole('cell').first().innerText()).toBe('36–38');

      // Shown in centimetres on request (converted, rounded to a tenth), and back.
      await dialog.getByText('cm', { exact: true }).click();
      expect(await table.locator('caption').innerText()).toBe('Measurements by size, in centimetres');
      expect(await table.getByRole('row').nth(1).getByRole('cell').first().innerText()).toBe('91.4–96.5');
      expect(await rowL.getByRole('cell').nth(1).innerText()).toBe('87.6');
      // Let the toggle's colour transition (0.15 s) finish before the picture.
      await page.waitForTimeout(400);
      await screenshot(page, `size-chart-dialog-${label}`, { fullPage: false });
      await dialog.getByText('inches', { exact: true }).click();
      expect(await rowL.getByRole('cell').nth(1).innerText()).toBe('34.5');

      // Focus stays in the dialog; Escape closes it and gives focus back to the button.
      // (The modal pulls focus back from a timer when Tab leaves it, so the check waits for that tick.)
      for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
    }
  });

  it('offline, the chart that cannot load says so in place and the product page stays', async () => {
    const product = await productNamed(PRODUCT);
    const page = await openPage({ width: 390, height: 844 });
    await page.goto(`/product/${product._id}`);
    // The dialog's code is fetched on first use: the network drops it.
    await page.route('**/assets/size-chart-modal-*.js', (route) => route.abort());
    await page.getByRole('button', { name: 'Size chart' }).click();
    await page.getByRole('alert').filter({ hasText: 'This part of the page could not load' }).waitFor();
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
  });

  it('the seller deletes the chart after a prompt naming its product; the product shows no chart', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await signIn(page, 'seller@haat.test');
    await page.goto('/seller/size-charts');
    await page.getByRole('button', { name: `Delete ${chartName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete “${chartName}”?` });
    await dialog
      .getByText('1 product uses this chart. It will show no size chart until you pick another.')
      .waitFor();
    await page.waitForTimeout(400); // the dialog fades in
    await screenshot(page, 'size-chart-delete-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete Chart' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Size chart deleted. 1 product now shows no size chart.').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: chartName }).count()).toBe(0);
    expect((await productNamed(PRODUCT)).sizeChart).toBeNull();
  });

  it('a product without a chart shows no Size chart button', async () => {
    const page = await openPage({ width: 390, height: 844 });
    const plain = await productNamed('Indigo Dabu Print Kurta');
    expect(plain.sizeChart).toBeNull();
    await page.goto(`/product/${plain._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    expect(await page.getByRole('button', { name: 'Size chart' }).count()).toBe(0);
  });
});
