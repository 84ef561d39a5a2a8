import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, openPage, screenshot } from './support.ts';

/**
 * Wide data tables on narrow and ordinary screens (ADR 0134): no table runs past the window unless the
 * box around it scrolls sideways (and that box fits the window); the page itself never scrolls sideways.
 * The users table, with its identity (KYC) columns, fits a 1366 px screen without scrolling.
 */

const SIZES = [
  { width: 390, height: 844, tag: 'mobile' },
  { width: 1366, height: 900, tag: 'desktop' },
] as const;

const PAGES: { who: string; path: string; shot?: string }[] = [
  { who: 'admin@haat.test', path: '/admin/userlist', shot: 'tables-admin-users' },
  { who: 'admin@haat.test', path: '/admin/sellers/pending' },
  { who: 'admin@haat.test', path: '/admin/refunds' },
  { who: 'admin@haat.test', path: '/admin/gst', shot: 'tables-admin-gst' },
  { who: 'admin@haat.test', path: '/admin/settlements', shot: 'tables-admin-settlements' },
  { who: 'admin@haat.test', path: '/admin/payouts' },
  { who: 'admin@haat.test', path: '/admin/categories-markup' },
  { who: 'seller@haat.test', path: '/seller/dashboard' },
  { who: 'seller@haat.test', path: '/seller/productlist', shot: 'tables-seller-products' },
  { who: 'seller@haat.test', path: '/seller/orderlist' },
  { who: 'seller@haat.test', path: '/seller/statement' },
];

/** Tables that overflow the window with no scrolling box of their own, and whether the page is too wide. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const fits = (r: DOMRect) => r.left >= -1 && r.right <= vw + 1;
    const problems: string[] = [];
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const r = table.getBoundingClientRect();
      if (r.width === 0 || fits(r)) continue; // hidden (cards instead) or fits
      let box = table.parentElement;
      while (box && box !== document.body && !/auto|scroll/.test(getComputedStyle(box).overflowX))
        box = box.parentElement;
      const scrolls = !!box && box !== document.body && fits(box.getBoundingClientRect());
      if (!scrolls)
        problems.push(table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? 'table');
    }
    return { problems, pageTooWide: document.documentElement.scrollWidth > vw + 1 };
  });
}

async function signedIn(width: number, height: number, email: string): Promise<Page> {
  const page = await openPage({ width, height });
  const res = await page.request.post('/api/users/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return page;
}

describe('wide tables', () => {
  for (const size of SIZES) {
    it(`no table overflows the window at ${String(size.width)} px`, async () => {
      const pages = new Map<string, Page>();
      for (const { who, path, shot } of PAGES) {
        const page = pages.get(who) ?? (await signedIn(size.width, size.height, who));
        pages.set(who, page);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.locator('h1').first().waitFor();
        await page
          .locator('.spinner-border')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        const found = await overflow(page);
        expect(found, path).toEqual({ problems: [], pageTooWide: false });
        if (shot) await screenshot(page, `${shot}-${size.tag}`, { fullPage: false });
      }
    });
  }

  it('the users table, KYC columns included, fits 1366 px without scrolling sideways', async () => {
    const page = await signedIn(1366, 900, 'admin@haat.test');
    await page.goto('/admin/userlist');
    await page.getByRole('row').nth(1).waitFor();
    const box = page.locator('.table-responsive').first();
    const { scrollWidth, clientWidth } = await box.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth + 1);
    for (const column of ['Business Reg. No.', 'Bank Account', 'ID Proof', 'Verification Docs', 'Address'])
      await expect.poll(() => page.getByRole('columnheader', { name: column }).isVisible()).toBe(true);
  });

  it('on a phone the first column stays in view while the table scrolls', async () => {
    const page = await signedIn(390, 844, 'admin@haat.test');
    await page.goto('/admin/userlist');
    await page.getByRole('row').nth(1).waitFor();
    const box = page.locator('.table-responsive').first();
    const firstCell = page.getByRole('row').nth(1).locator('th').first();
    const before = (await firstCell.boundingBox())!.x;
    await box.evaluate((el) => el.scrollBy({ left: 300 }));
    await expect.poll(async () => (await firstCell.boundingBox())!.x).toBe(before);
    await screenshot(page, 'tables-admin-users-scrolled-mobile', { fullPage: false });
  });
});
