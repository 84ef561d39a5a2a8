import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';
import type { OrderFulfilment } from '../../src/shared/schemas/fulfilment.ts';
import type { ProductList } from '../../src/shared/schemas/product.ts';

/** Where the app under test listens (started once per run by tests/setup/e2e-global.ts). */
export const baseURL: string = inject('baseURL');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where screenshots go: an ignored folder by default, so a test run leaves the working tree as it was;
 * `npm run screenshots` sets HAAT_SCREENSHOTS=docs/screenshots to refresh the ones the README shows.
 */
export const screenshotDir = path.resolve(
  root,
  process.env.HAAT_SCREENSHOTS || 'tests/.artifacts/screenshots',
);

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google hosts that this closed
// network refuses; --no-sandbox because CI runs as root.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// One browser per test file, launched on first use. Vitest isolates test files, so this module (and
// the afterAll below) is evaluated once per file.
let browser: Promise<Browser> | undefined;
const contexts: BrowserContext[] = [];

afterAll(async () => {
  if (!browser) return;
  const b = await browser.catch(() => undefined);
  browser = undefined;
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()));
  await b?.close();
});

/**
 * A new page in a fresh browser context (own cookies and storage), with `baseURL` set for goto().
 * The locale defaults to en-IN, an Indian shopper: a signed-out visitor's display currency follows the
 * browser locale (docs/product/currency-and-places.md), and headless Chromium would otherwise say en-US and show dollars.
 */
export async function openPage({
  width = 1280,
  height = 900,
  locale = 'en-IN',
}: { width?: number; height?: number; locale?: string } = {}): Promise<Page> {
  browser ??= chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  const context = await (await browser).newContext({ baseURL, viewport: { width, height }, locale });
  contexts.push(context);
  return untilHydrated(await context.newPage());
}

/**
 * goto() and reload() of the web app's pages return once the app has hydrated the page (it marks
 * <html data-hydrated>): a click on server-rendered HTML before that is lost (ADR 0126), and hydration
 * sets the ids the browser uses (ADR 0130). Other documents (/api/docs, /dev/mailbox, files) as they
 * load.
 */
export function untilHydrated(page: Page): Page {
  const settle = async (res: Response | null) => {
    const url = res ? new URL(res.url()) : null;
    const appPage =
      !!url &&
      url.origin === new URL(baseURL).origin &&
      !/^\/(api|dev|uploads)\//.test(url.pathname) &&
      (res?.headers()['content-type'] ?? '').includes('text/html');
    if (appPage) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return res;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => settle(await goto(url, options));
  page.reload = async (options) => settle(await reload(options));
  return page;
}

/**
 * Save a PNG to <screenshotDir>/<name>.png: the full page, or only what is on screen with
 * `fullPage: false` (overlays such as the lightbox cover the viewport only).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  await fs.mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Pages to report when a test fails: push each page a test opens into the returned list. After a failed
 * test, each page's URL and main text go to stderr and its screenshot to `<tag>-failed-<n>.png`.
 */
export function reportPagesOnFailure(tag: string): Page[] {
  const openPages: Page[] = [];
  afterEach(async (ctx) => {
    const pages = openPages.splice(0);
    if (ctx.task.result?.state !== 'fail') return;
    for (const [i, page] of pages.entries()) {
      const text = await page
        .locator('main')
        .innerText()
        .catch(() => '(no page)');
      process.stderr.write(`\n[${tag}] ${page.url()}\n${text.slice(0, 2000)}\n`);
      await screenshot(page, `${tag}-failed-${String(i)}`, { fullPage: false }).catch(() => undefined);
    }
  });
  return openPages;
}

/** The demo accounts' password (docs/product/deployment-safety.md: the demo shop). */
export const DEMO_PASSWORD = 'Demo@12345';

/** Calls the API as a browser test's helper steps do (sellers, Admin); throws with the answer unless 2xx. */
export async function apiCall<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${String(res.status)} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs a demo account in through the API: its bearer token, id and name. */
export const signInApi = (email: string) =>
  apiCall<{ token: string; _id: string; name: string }>('POST', '/api/users/login', undefined, {
    email,
    password: DEMO_PASSWORD,
  });

/**
 * Every control in the page's main area has an accessible name: a label, its own text, aria-label or
 * aria-labelledby (the project has no axe; this is the check it would make first).
 */
export async function expectEveryControlNamed(page: Page): Promise<void> {
  const unnamed = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main input, main select, main textarea, main button, main a'))
      .filter((el) => {
        const c = el as HTMLInputElement;
        const label = (c.labels?.length ?? 0) > 0;
        const text = (el.textContent ?? '').trim() !== '';
        return !label && !text && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby');
      })
      .map((el) => el.outerHTML.slice(0, 200)),
  );
  expect(unnamed).toEqual([]);
}

/** A signed-in account as signInApi returns it. */
type Account = { token: string; _id: string };

/** A shipping address as POST /api/orders takes it. */
export interface ShippingAddress {
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** A Pune address (Maharashtra) the browser tests order to. */
export const PUNE: ShippingAddress = {
  address: '221 FC Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411004',
  country: 'India',
};

/**
 * The buyer orders one piece, cash on delivery, of the first of the seller's products with a variant
 * of at least two in stock (looked for on the first five catalogue pages); returns the order and what
 * was bought.
 */
export async function orderFromSeller(seller: Account, buyer: Account, shippingAddress: ShippingAddress) {
  let product: ProductList['products'][number] | undefined;
  for (let n = 1; n <= 5 && !product; n++) {
    const list = await apiCall<ProductList>('GET', `/api/products?pageNumber=${String(n)}`);
    product = list.products.find(
      (p) => p.user._id === seller._id && p.variants.some((v) => v.countInStock >= 2),
    );
  }
  if (!product) throw new Error("no product of the seller's in stock");
  const variant = product.variants.find((v) => v.countInStock >= 2)!;
  const order = await apiCall<{ _id: string; orderNumber: string }>('POST', '/api/orders', buyer.token, {
    orderItems: [{ product: product._id, qty: 1, variant: variant._id }],
    shippingAddress,
    paymentMethod: 'CashOnDelivery',
  });
  return { order, product, variant };
}

/** The id of the seller's shipment of an order (from the order's fulfilment). */
export async function sellerShipmentId(seller: Account, orderId: string): Promise<string> {
  const f = await apiCall<OrderFulfilment>('GET', `/api/orders/${orderId}/fulfilment`, seller.token);
  return f.shipments.find((s) => s.seller._id === seller._id)?._id ?? '';
}

/** The seller accepts, packs and ships one of its shipments through the API. */
export async function shipViaApi(
  sellerToken: string,
  shipmentId: string,
  tracking: { courier: string; trackingNumber: string },
): Promise<void> {
  await apiCall('PUT', `/api/shipments/${shipmentId}/accept`, sellerToken);
  await apiCall('PUT', `/api/shipments/${shipmentId}/pack`, sellerToken);
  await apiCall('PUT', `/api/shipments/${shipmentId}/ship`, sellerToken, tracking);
}
