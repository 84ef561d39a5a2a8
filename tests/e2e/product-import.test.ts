import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '#shared/product-csv.ts';
import { PRODUCT_MSG } from '#shared/schemas/product-form.ts';
import { openPage, screenshot } from './support.ts';

/**
 * Bulk listing in a real browser (docs/product/bulk-listing.md): the demo seller checks a small CSV with
 * a bad row (the problem is listed with its row, column and the form's message), fixes it, imports it with
 * a ZIP of pictures, and finds the products in My Products. Screenshots at 360 and 1280 px.
 */

const PASSWORD = 'Demo@12345';
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CATEGORY = 'Fashion & Accessories > Men Clothes > Ethnic Wear > Kurtas > Cotton Kurtas';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

type Cells = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;
const csvOf = (rows: Cells[]) =>
  [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => r[c] ?? '').join(','))].join('\r\n');

const names = [`Bulk Kurta ${unique}`, `Bulk Dupatta Kurta ${unique}`];
const rows = (badStock: boolean): Cells[] => [
  {
    product_ref: 'K1',
    name: names[0],
    brand: 'Bulk Looms',
    category: CATEGORY,
    price: '1299',
    description: 'Block printed cotton.',
    size: 'M',
    colour: 'Indigo',
    sku: `K1-M-${unique}`,
    stock: '6',
    images: 'kurta.png',
  },
  { product_ref: 'K1', size: 'L', colour: 'Indigo', sku: `K1-L-${unique}`, stock: badStock ? 'six' : '4' },
  {
    product_ref: 'K2',
    name: names[1],
    brand: 'Bulk Looms',
    category: CATEGORY,
    price: '899',
    description: 'Light cotton.',
    size: 'S',
    sku: `K2-S-${unique}`,
    stock: '3',
    images: 'kurta.png',
  },
];

const file = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

async function zipFile() {
  const png = await sharp({
    create: { width: 320, height: 400, channels: 3, background: { r: 40, g: 60, b: 140 } },
  })
    .png()
    .toBuffer();
  return {
    name: 'pictures.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync({ 'kurta.png': png })),
  };
}

async function checkBadFile(page: Page) {
  await page.getByLabel('CSV file').setInputFiles(file('kurtas.csv', csvOf(rows(true))));
  await page.getByLabel('Images (ZIP file, optional)').setInputFiles(await zipFile());
  await page.getByRole('button', { name: 'Check file' }).click();
  const problems = page.getByRole('table', { name: 'Problems in the file' });
  await problems.waitFor();
  const problem = problems.getByRole('row').filter({ hasText: PRODUCT_MSG.countInStock });
  expect(await problem.getByRole('cell').allTextContents()).toEqual(['3', 'stock', PRODUCT_MSG.countInStock]);
  expect(await page.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
}

describe('bulk listing', () => {
  it('on a phone: a bad row is listed with its row, column and message', async () => {
    const page = await openPage({ width: 360, height: 800 });
    await signIn(page, 'seller@haat.test');
    await page.goto('/seller/bulk-upload');
    await page.getByRole('heading', { name: 'Bulk upload' }).waitFor();
    await checkBadFile(page);
    await screenshot(page, 'bulk-upload-problems-phone');
  });

  it('a seller checks a file, fixes it, imports it and finds the products', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await signIn(page, 'seller@haat.test');
    await page.goto('/seller/productlist');
    await page.getByRole('link', { name: 'Bulk upload' }).click();
    await page.getByRole('heading', { name: 'Bulk upload' }).waitFor();
    expect(await page.getByRole('link', { name: 'Download my catalogue (CSV)' }).getAttribute('href')).toBe(
      '/api/product-imports/export.csv',
    );

    await checkBadFile(page);
    await screenshot(page, 'bulk-upload-problems-desktop');

    // The fixed file: checked, then imported.
    await page.getByLabel('CSV file').setInputFiles(file('kurtas-fixed.csv', csvOf(rows(false))));
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('No problems in 3 rows: 2 new products; 3 variants to write.').waitFor();
    await screenshot(page, 'bulk-upload-ready-desktop');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Imported: 2 new products; 3 variants written.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'bulk-upload-imported-desktop');

    await page.getByRole('link', { name: 'See my products' }).click();
    await page.waitForURL('**/seller/productlist');
    for (const name of names) await page.getByRole('link', { name, exact: true }).waitFor();
    await screenshot(page, 'bulk-upload-my-products-desktop');
  });
});
