import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GSTR1_HEADERS, GSTR8_HEADER } from '../../src/shared/gst-returns.ts';
import { indiaDate } from '../../src/shared/gst-rates.ts';
import type { GstRateRuleWire } from '../../src/shared/schemas/gst.ts';
import {
  apiCall,
  DEMO_PASSWORD,
  expectEveryControlNamed,
  openPage,
  orderFromSeller,
  PUNE,
  reportPagesOnFailure,
  screenshot,
  sellerShipmentId,
  shipViaApi,
  signInApi,
} from './support.ts';

/**
 * The GST screens (issue 15) in a real browser. On a phone, Admin adds a future-dated change for HSN 61
 * (5 % up to ₹2,500 a piece, 12 % above, from the first of next month) through the form, after the form
 * has caught a missing rate and a past date at their fields, and finds it listed as Future; then one for a
 * category chosen level by level; a wrong operator GSTIN is refused at its field. On a desktop, a seller
 * whose parcel was shipped finds its tax invoice under Tax Documents (from the user menu) and downloads
 * GSTR-1 files; Admin finds it among every seller's documents, downloads GSTR-8 and one seller's GSTR-1.
 * Both pages at 390×844 and 1366×900, with screenshots, no sideways scrolling on the phone and every
 * control named.
 */

const ADMIN = 'admin@haat.test';
const SELLER = 'seller@haat.test';
const BUYER = 'buyer@haat.test';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const openPages = reportPagesOnFailure('gst-admin');
const LEVELS = ['Main category', 'Subcategory', 'Level 3 category', 'Level 4 category', 'Level 5 category'];

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // The header's menus close when the page changes: let the landing page settle before opening one.
  await page.waitForLoadState('networkidle');
}

/** The first day of next month on the India calendar (YYYY-MM-DD). */
function firstOfNextMonth(): string {
  const [y, m] = indiaDate(Date.now()).split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** At phone width nothing may widen the page (tables scroll inside their own box). */
async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** Both sizes of one page, each checked and photographed; the page ends at the size it started. */
async function shootBoth(page: Page, name: string) {
  const start = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  await expectEveryControlNamed(page);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`);
  if (start) await page.setViewportSize(start);
}

/** Clicks a download link and returns the downloaded file's text. */
async function download(page: Page, name: string | RegExp): Promise<{ text: string; filename: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const path = await file.path();
  return { text: await fs.readFile(path, 'utf8'), filename: file.suggestedFilename() };
}

const headerRow = (csv: string) => csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0];

describe('GST in the back office', () => {
  it('Admin adds a future-dated rate change for HSN 61 on a phone and sees it listed as Future', async () => {
    const from = firstOfNextMonth();
    const page = await openPage(PHONE);
    openPages.push(page);
    await signIn(page, ADMIN);
    await page.goto('/admin/gst');
    await page.getByRole('heading', { name: 'GST', level: 1 }).waitFor();
    const hsn61 = page.getByRole('table', { name: 'Rates for HSN 61' });
    await hsn61.waitFor();
    expect(await hsn61.getByText('Future', { exact: true }).count()).toBe(0);

    const form = page.getByRole('form', { name: 'Add a rate change' });
    // A category is chosen level by level; back to an HSN prefix for this change.
    await form.getByLabel('A category').check();
    const main = form.getByLabel('Main category');
    await main.locator('option').nth(1).waitFor({ state: 'attached' });
    await main.selectOption({ index: 1 });
    await form.getByLabel('Subcategory').waitFor();
    await form.getByLabel('An HSN prefix').check();
    await form.getByLabel('HSN prefix', { exact: true }).fill('61');
    // Missing rate and a date that is not in the future: caught at their fields.
    await form.getByLabel('Effective from').fill(indiaDate(Date.now()));
    await form.getByRole('button', { name: 'Add rate change' }).click();
    await form.getByText('A rate change must start on a future date').waitFor();
    await form.getByText('Please enter a rate in percent, e.g. 5 or 18').waitFor();
    expect(await form.getByLabel('Effective from').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Effective from').fill(from);
    await form.getByLabel('Rate %').first().fill('5');
    await form.getByRole('button', { name: 'Add a slab' }).click();
    await form.getByLabel('Slab 1: up to ₹').fill('2500');
    await form.getByLabel('Rate %').nth(1).fill('12');
    await form.getByLabel('Note (optional)').fill('Browser test change');
    await form.getByRole('button', { name: 'Add rate change' }).click();
    await form.getByText(/^Added 2 rates for HSN 61 from /).waitFor();

    // The table lists the change as Future, and the rates in force now end the day before.
    const future = hsn61.getByRole('row').filter({ hasText: 'Future' });
    await future.filter({ hasText: 'Above ₹2,500' }).filter({ hasText: '12 %' }).waitFor();
    await future.filter({ hasText: 'Up to ₹2,500' }).filter({ hasText: '5 %' }).waitFor();
    expect(await future.count()).toBe(2);
    expect(await hsn61.getByRole('row').filter({ hasText: 'In force' }).count()).toBe(2);
    const rules = (await apiCall<{ rules: GstRateRuleWire[] }>('GET', '/api/gst/rates')).rules;
    const added = rules.filter((r) => r.hsnPrefix === '61' && r.effectiveFrom === from);
    expect(added.map((r) => [r.fromPaise, r.toPaise, r.rate])).toEqual(
      expect.arrayContaining([
        [0, 250_000, '5'],
        [250_001, null, '12'],
      ]),
    );
    expect(
      rules.filter((r) => r.hsnPrefix === '61' && r.effectiveFrom < from && r.effectiveTo === null),
    ).toEqual([]);

    // A change for one category, chosen level by level down to the last: listed under its name as Future.
    await form.getByLabel('A category').check();
    for (const label of LEVELS) {
      const select = form.getByLabel(label, { exact: true });
      if (!(await select.isVisible())) break;
      await select.locator('option').nth(1).waitFor({ state: 'attached' });
      const settled = page
        .waitForResponse((r) => r.url().includes('/api/category/'), { timeout: 3000 })
        .catch(() => undefined);
      await select.selectOption({ index: 1 });
      await settled;
      await page.waitForTimeout(300);
    }
    await form.getByLabel('Effective from').fill(from);
    await form.getByLabel('Rate %').first().fill('5');
    await form.getByRole('button', { name: 'Add rate change' }).click();
    const added1 = form.getByText(/^Added 1 rate for .+ from /);
    await added1.waitFor();
    const categoryName = /^Added 1 rate for (.+) from /.exec(await added1.innerText())?.[1] ?? '';
    await page
      .getByRole('table', { name: `Rates for Category: ${categoryName}` })
      .getByRole('row')
      .filter({ hasText: 'Any price' })
      .filter({ hasText: 'Future' })
      .waitFor();

    // Past rates are shown on request, marked in words.
    await page.getByLabel(/^Show past rates/).check();
    await hsn61.getByText('Past', { exact: true }).first().waitFor();

    // A wrong operator GSTIN is refused at its field.
    const settings = page.getByRole('form', { name: 'Settings' });
    const gstin = settings.getByLabel('GSTIN');
    const saved = await gstin.inputValue();
    await gstin.fill('29ABCDE1234F1Z0');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Please enter a valid GSTIN.').waitFor();
    expect(await gstin.getAttribute('aria-invalid')).toBe('true');
    await gstin.fill(saved);

    await page.evaluate(() => window.scrollTo(0, 0));
    await shootBoth(page, 'gst-admin');
  });

  it('a seller downloads its GSTR-1 from Tax Documents; Admin downloads GSTR-8 (desktop)', async () => {
    // A buyer in Pune orders from Kavya Textiles; the parcel is shipped, which issues a tax invoice.
    const seller = await signInApi(SELLER);
    const buyer = await signInApi(BUYER);
    const { order } = await orderFromSeller(seller, buyer, PUNE);
    await shipViaApi(seller.token, await sellerShipmentId(seller, order._id), {
      courier: 'Delhivery',
      trackingNumber: '9876543210987',
    });

    const page = await openPage(DESKTOP);
    openPages.push(page);
    await signIn(page, SELLER);
    const { name } = seller;
    await page.getByRole('banner').getByRole('button', { name }).click();
    await page.locator('header .dropdown-menu.show').getByRole('link', { name: 'Tax Documents' }).click();
    await page.waitForURL('**/seller/tax-documents');
    await page.getByRole('heading', { name: 'Tax documents', level: 1 }).waitFor();
    const month = indiaDate(Date.now()).slice(0, 7);
    expect(await page.getByLabel('Month').inputValue()).toBe(month);

    // The invoice of the order, with its page and PDF.
    const table = page.getByRole('table', { name: /^Tax documents of / });
    const row = table.getByRole('row').filter({ hasText: order.orderNumber });
    await row.getByText('Tax invoice', { exact: true }).waitFor();
    const number = (await row.locator('td').first().locator('.fw-semibold').innerText()).trim();
    expect(number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
    expect(await row.getByRole('link', { name: `View ${number}` }).getAttribute('href')).toMatch(
      /^\/tax-documents\/[0-9a-f-]{36}$/,
    );
    expect(await row.getByRole('link', { name: `PDF of ${number}` }).getAttribute('href')).toMatch(
      /^\/api\/tax-documents\/[0-9a-f-]{36}\/pdf$/,
    );
    await shootBoth(page, 'gst-seller-documents');
    // View opens the document's own page.
    await row.getByRole('link', { name: `View ${number}` }).click();
    await page.waitForURL(/\/tax-documents\/[0-9a-f-]{36}$/);
    await page.getByText(number, { exact: true }).first().waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Tax documents', level: 1 }).waitFor();

    const b2b = await download(page, /^GSTR-1 B2B invoices \(CSV\)/);
    expect(headerRow(b2b.text)).toBe(GSTR1_HEADERS.b2b.join(','));
    const hsn = await download(page, /^GSTR-1 HSN summary \(CSV\)/);
    expect(headerRow(hsn.text)).toBe(GSTR1_HEADERS.hsn.join(','));

    // The kind filter is kept in the address.
    await page.getByLabel('Document type').selectOption('commission_invoice');
    await page.waitForURL(/kind=commission_invoice/);
    await page.getByRole('heading', { name: /^Commission invoices of / }).waitFor();

    const admin = await openPage(DESKTOP);
    openPages.push(admin);
    await signIn(admin, ADMIN);
    await admin.goto('/admin/gst#gst-documents');
    await admin.getByRole('heading', { name: 'Documents and returns' }).waitFor();
    const gstr8 = await download(admin, 'Download GSTR-8 (CSV)');
    expect(headerRow(gstr8.text)).toBe(GSTR8_HEADER.join(','));
    // Every seller's documents; one seller chosen gives its GSTR-1 files.
    await admin
      .getByRole('table', { name: /^Tax documents of / })
      .getByRole('row')
      .filter({ hasText: order.orderNumber })
      .waitFor();
    await admin.getByLabel('Seller').selectOption(seller._id);
    await admin.waitForURL(new RegExp(`seller=${seller._id}`));
    const link = admin.getByRole('link', { name: /^GSTR-1 B2C summary \(CSV\)/ });
    expect(await link.getAttribute('href')).toContain(`seller=${seller._id}`);
    const b2cs = await download(admin, /^GSTR-1 B2C summary \(CSV\)/);
    expect(headerRow(b2cs.text)).toBe(GSTR1_HEADERS.b2cs.join(','));
    // Last month's commission invoices, issued by hand (the monthly timer does the same).
    await admin.getByRole('button', { name: /^Issue commission invoices for / }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: /commission invoices? for |No seller had commission in / })
      .waitFor();
    await shootBoth(admin, 'gst-admin-documents');
  });
});
