import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { flattenMessages } from '../../src/shared/i18n/languages.ts';
import type { ProductList } from '../../src/shared/schemas/product.ts';
import { apiCall, baseURL, openPage, PUNE, screenshotDir, signInApi } from './support.ts';

/**
 * Issue 18, "usable by everyone" (docs/decisions/0131-accessibility-checks.md): every route of
 * src/web/app/router.tsx, as each demo role sees it, on a phone (390×844) and a desktop (1366×900), has no
 * axe violation of impact critical or serious against WCAG 2.1 A and AA, and logs no console error.
 * One browser context per role and viewport walks its pages in turn.
 */

/**
 * The phone walks in Hindi (a browser asking for hi-IN), the desktop in English: axe sees both languages,
 * and on the Hindi walk any text or label still in English fails (`untranslated`).
 */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, locale: 'hi-IN' },
  { name: 'desktop', width: 1366, height: 900, locale: 'en-IN' },
] as const;

const ROLES = ['visitor', 'buyer', 'seller', 'admin', 'distributor', 'auditor'] as const;
type Role = (typeof ROLES)[number];

const EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  buyer: 'buyer@haat.test',
  seller: 'seller@haat.test',
  admin: 'admin@haat.test',
  distributor: 'distributor@haat.test',
  auditor: 'auditor@haat.test',
};

/** A violation as the failure message prints it. */
type Finding = { page: string; rule: string; impact: string; targets: string[]; help: string };

/** Ids from the demo shop, looked up once through the API. */
type Ids = {
  product: string;
  productLine: Record<string, unknown>;
  category: string;
  shop: string;
  order: string;
  taxDocument: string | null;
  sizeChart: string | null;
  buyerId: string;
  sellerId: string;
  markup: string | null;
  sellerProduct: string;
};

let ids: Ids;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  for (const role of ROLES) if (role !== 'visitor') tokens[role] = (await signInApi(EMAIL[role])).token;
  const seller = await signInApi(EMAIL.seller);
  const buyer = await signInApi(EMAIL.buyer);
  const list = await apiCall<ProductList>('GET', '/api/products');
  const product = list.products.find((p) => p.variants.some((v) => v.countInStock >= 2)) ?? list.products[0]!;
  const variant = product.variants.find((v) => v.countInStock >= 2) ?? product.variants[0]!;
  const sellerProduct = list.products.find((p) => p.user._id === seller._id) ?? product;
  const orders = await apiCall<{ _id: string }[]>('GET', '/api/orders/myorders', buyer.token);
  let taxDocument: string | null = null;
  for (const o of orders) {
    const docs = await apiCall<unknown>('GET', `/api/orders/${o._id}/tax-documents`, buyer.token);
    const first = (Array.isArray(docs) ? docs : ((docs as { documents?: unknown[] }).documents ?? []))[0] as
      { _id?: string; id?: string } | undefined;
    if (first) {
      taxDocument = first._id ?? first.id ?? null;
      break;
    }
  }
  const charts = await apiCall<unknown>('GET', '/api/size-charts', seller.token);
  const chartList = (
    Array.isArray(charts) ? charts : ((charts as { sizeCharts?: unknown[] }).sizeCharts ?? [])
  ) as {
    _id?: string;
    id?: string;
  }[];
  const markups = await apiCall<{ _id?: string; id?: string }[]>(
    'GET',
    '/api/category/categories-markup',
    tokens.admin,
  );
  ids = {
    product: product._id,
    productLine: {
      product: product._id,
      name: product.name,
      image: product.image[0] ?? '',
      price: Number(product.price),
      currency: 'INR',
      countInStock: variant.countInStock,
      categoryId: product.categoryId,
      qty: 1,
      size: variant.size,
      variant: variant._id,
    },
    category: `/categories/${encodeURIComponent(product.category.category)}`,
    // The demo seed's first shop (src/server/db/seed/demo.ts).
    shop: 'Kavya Textiles',
    order: orders[0]?._id ?? '',
    taxDocument,
    sizeChart: chartList[0]?._id ?? chartList[0]?.id ?? null,
    buyerId: buyer._id,
    sellerId: seller._id,
    markup: (Array.isArray(markups) ? markups : [])[0]?._id ?? null,
    sellerProduct: sellerProduct._id,
  };
});

/** Every route of router.tsx a role can open, with the demo shop's ids. */
function routesFor(role: Role): string[] {
  // One URL per route pattern: /page/:pageNumber, /search/:keyword/page/:pageNumber and the list pages'
  // /:pageNumber render the same page as their first page, so they are not walked again.
  const storefront = [
    '/',
    '/search/kurta',
    `/product/${ids.product}`,
    ids.category,
    `/shop/${encodeURIComponent(ids.shop)}`,
    '/cart',
    '/wishlist',
    '/help',
    '/terms-conditions',
    '/no-such-page',
  ];
  switch (role) {
    case 'visitor':
      return [
        ...storefront,
        '/login',
        '/forgot-password',
        '/reset-password/not-a-real-token',
        '/registration_choice',
        '/register',
        '/register_seller',
        '/register_seller/individual',
        '/profile-review-screen',
        // A guarded page sends a visitor to sign in.
        '/profile',
      ];
    case 'buyer':
      // The storefront again only where signing in changes it (header, review form, cart, wishlist).
      return [
        '/',
        `/product/${ids.product}`,
        '/wishlist',
        '/profile',
        '/order',
        `/order/${ids.order}`,
        `/order/${ids.order}/edit`,
        ...(ids.taxDocument ? [`/tax-documents/${ids.taxDocument}`] : []),
        `/cart/${ids.product}`,
        '/shipping',
        '/payment',
        '/placeorder',
        // Not allowed: the guard's page.
        '/admin/userlist',
      ];
    case 'seller':
      return [
        '/',
        `/product/${ids.sellerProduct}`,
        '/profile',
        '/seller/dashboard',
        '/seller/productlist',
        '/seller/product/create',
        `/product/${ids.sellerProduct}/edit`,
        '/seller/orderlist',
        '/seller/size-charts',
        '/seller/size-charts/new',
        ...(ids.sizeChart ? [`/seller/size-charts/${ids.sizeChart}/edit`] : []),
        '/seller/bulk-upload',
        '/seller/delivery',
        '/seller/tax-documents',
        '/seller/statement',
        '/seller/shipments',
        '/seller/returns',
      ];
    case 'admin':
      return [
        '/',
        '/profile',
        `/order/${ids.order}`,
        '/admin/userlist',
        `/admin/user/${ids.buyerId}/edit`,
        '/admin/categories-markup',
        ...(ids.markup ? [`/admin/category-markup/${ids.markup}/edit`] : []),
        '/admin/orderlist',
        '/admin/shipments',
        '/admin/sellers/pending',
        '/admin/pending-payments',
        '/admin/refunds',
        '/admin/returns',
        '/admin/productlist',
        '/admin/delivery',
        '/admin/gst',
        '/admin/payouts',
        `/admin/sellers/${ids.sellerId}/ledger`,
        '/admin/settlements',
        '/admin/cod-cash',
        `/product/${ids.product}/edit`,
        '/seller/productlist',
      ];
    case 'distributor':
      return ['/', '/profile', '/admin/orderlist', '/admin/shipments'];
    case 'auditor':
      return ['/', '/profile', '/admin/userlist', '/admin/sellers/pending'];
  }
}

/**
 * Waits until the page has had no request in flight for a moment (its queries have answered), at most a
 * few seconds: what counts is what the page shows once its data is there.
 */
function trackRequests(page: Page): { reset: () => void; settle: () => Promise<void> } {
  let inflight = new Set<unknown>();
  let last = Date.now();
  page.on('request', (r) => {
    inflight.add(r);
    last = Date.now();
  });
  const done = (r: unknown) => {
    inflight.delete(r);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    reset: () => {
      inflight = new Set();
      last = Date.now();
    },
    settle: async () => {
      const until = Date.now() + 3_000;
      while (Date.now() < until && (inflight.size > 0 || Date.now() - last < 150)) {
        await new Promise((r) => setTimeout(r, 50));
      }
      // Nothing is still showing the page's loading spinner.
      await page
        .locator('main .haat-spinner')
        .first()
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined);
    },
  };
}

const findings: Record<string, Finding[]> = {};

/** Whether focus is inside the element `dialog` finds. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((sel) => !!document.activeElement?.closest(sel), selector);

describe('keyboard: dialogs keep focus while open and give it back; forms focus their first error', () => {
  it('the product lightbox traps focus, closes on Escape and returns focus to the picture', async () => {
    const page = await openPage({ width: 1366, height: 900 });
    await page.goto(`/product/${ids.product}`);
    const opener = page.getByRole('button', { name: /full screen$/ }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Product pictures' });
    await dialog.waitFor();
    await expect.poll(() => focusInside(page, '[role="dialog"]')).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      await expect.poll(() => focusInside(page, '[role="dialog"]')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("the phone's filters sheet traps focus, closes on Escape and returns focus to its button", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await page.goto('/search/kurta');
    const opener = page.getByRole('button', { name: /^Filters/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await expect.poll(() => focusInside(page, '.offcanvas')).toBe(true);
    // Past the last control and back: focus never reaches the page behind.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      await expect.poll(() => focusInside(page, '.offcanvas')).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusInside(page, '.offcanvas')).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('a form refused on submit focuses its first invalid field, its error tied to it', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    const first = page.getByLabel('Name', { exact: true });
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await first.getAttribute('aria-describedby')) ?? '';
    const errorText = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(errorText.trim()).not.toBe('');
  });
});

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/shared/i18n/locales');
const readCatalogue = (code: string) =>
  flattenMessages(JSON.parse(readFileSync(path.join(locales, `${code}.json`), 'utf8')) as unknown);

/**
 * The English UI texts a Hindi page must not show: every English message whose Hindi differs (brand and
 * provider names stay as they are), as a pattern over a whole text or label; a placeholder matches any
 * text ('Pay with {provider}' → 'Pay with RazorPay'). Messages with plurals or markup are left out.
 */
const DEMO_DATA = new Set(["Men's kurtas", 'Chest']);
const englishPatterns: RegExp[] = (() => {
  const en = readCatalogue('en');
  const hi = readCatalogue('hi');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Object.entries(en)
    .filter(
      ([id, text]) => hi[id] !== text && /[A-Za-z]{2}/.test(text) && !/[<#]|, (plural|select)/.test(text),
    )
    .map(([, text]) => {
      const parts = text.split(/\{\w+\}/);
      if (parts.join('').replace(/[^A-Za-z]/g, '').length < 3) return null;
      // Acronyms (GST, COD, UPI) read the same in a Hindi page.
      if (/^[A-Z0-9 .&/()-]+$/.test(parts.join(''))) return null;
      // Example texts that the demo shop's own data happens to use (a size chart named "Men's kurtas").
      if (DEMO_DATA.has(text)) return null;
      return new RegExp(`^${parts.map(escape).join('.+')}$`);
    })
    .filter((r): r is RegExp => r !== null);
})();

/** Each text node's text and each label attribute in the page, trimmed, once. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [translate="no"]')) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) out.add(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.add(value);
      }
    return [...out];
  });
}

/** The texts that are one of the English messages (see `englishPatterns`). */
function untranslated(texts: string[]): string[] {
  return texts.filter((text) => englishPatterns.some((pattern) => pattern.test(text)));
}

/** Walks a role's routes at one viewport: axe's serious and critical findings, and the console's errors. */
async function walk(role: Role, viewport: (typeof VIEWPORTS)[number]) {
  const page = await openPage({ width: viewport.width, height: viewport.height, locale: viewport.locale });
  const token = tokens[role];
  if (token) await page.context().addCookies([{ name: 'haat_session', value: token, url: baseURL }]);
  const consoleErrors: string[] = [];
  let current = '';
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`${viewport.name} ${current}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`${viewport.name} ${current}: ${err.message}`));
  const requests = trackRequests(page);

  if (role === 'buyer') {
    // A cart and the checkout steps so far, so /shipping, /payment and /placeorder show their forms.
    await page.goto('/help');
    await page.evaluate(
      ({ line, shipping }) => {
        localStorage.setItem('cartItems', JSON.stringify([line]));
        localStorage.setItem('shippingAddress', JSON.stringify(shipping));
        localStorage.setItem('paymentMethod', JSON.stringify('CashOnDelivery'));
      },
      { line: ids.productLine, shipping: PUNE },
    );
  }

  const found: Finding[] = [];
  for (const route of routesFor(role)) {
    current = route;
    const t0 = Date.now();
    requests.reset();
    await page.goto(route);
    await requests.settle();
    const t1 = Date.now();
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      // Only the violations' details: collecting every passing node's is most of axe's time. Legacy mode
      // runs axe in the page itself instead of finishing the run in a second, blank page (the app has no
      // iframes for the newer mode to reach), which halves each page's time.
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true)
      .analyze();
    if (process.env.A11Y_TIMING) {
      process.stdout.write(`${viewport.name} ${route}: load ${t1 - t0} ms, axe ${Date.now() - t1} ms\n`);
    }
    if (viewport.locale !== 'en-IN') {
      const english = untranslated(await pageTexts(page));
      if (english.length)
        found.push({
          page: `${viewport.name} ${route}`,
          rule: 'untranslated',
          impact: 'serious',
          help: 'UI text still in English on a Hindi page',
          targets: english,
        });
    }
    for (const v of result.violations) {
      if (v.impact !== 'critical' && v.impact !== 'serious') continue;
      found.push({
        page: `${viewport.name} ${route}`,
        rule: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      });
    }
  }
  findings[`${role}-${viewport.name}`] = found;
  return { found, consoleErrors };
}

describe('accessibility: axe (WCAG 2.1 A/AA) and the console on every route', () => {
  for (const role of ROLES) {
    it(`${role}, on a phone and on a desktop`, { timeout: 300_000 }, async () => {
      // The two viewports walk side by side, each in its own browser context.
      const walks = await Promise.all(VIEWPORTS.map((viewport) => walk(role, viewport)));
      await writeSummary();
      const found = walks.flatMap((w) => w.found);
      const message = found
        .map((f) => `${f.page} [${f.impact}] ${f.rule} (${f.help}): ${f.targets.slice(0, 5).join(' | ')}`)
        .join('\n');
      expect(found.length, `axe violations for ${role}:\n${message}`).toBe(0);
      expect(
        walks.flatMap((w) => w.consoleErrors),
        `console errors for ${role}`,
      ).toEqual([]);
    });
  }
});

/** Counts by rule, for the record (tests/.artifacts/screenshots/../accessibility.json). */
async function writeSummary() {
  const byRule: Record<string, number> = {};
  for (const list of Object.values(findings)) {
    for (const f of list) byRule[f.rule] = (byRule[f.rule] ?? 0) + f.targets.length;
  }
  const file = path.join(screenshotDir, '..', 'accessibility.json');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify({ byRule, findings }, null, 2));
}
