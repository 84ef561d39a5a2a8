import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SellerDashboard } from '#shared/schemas/dashboard.ts';
import {
  openPage,
  reportPagesOnFailure,
  screenshot,
  apiCall,
  DEMO_PASSWORD,
  expectEveryControlNamed,
  orderFromSeller,
  PUNE,
  shipViaApi,
  signInApi,
} from './support.ts';

/**
 * A seller's day on a phone (docs/decisions/0115-seller-and-operator-views.md): after two cash on delivery
 * orders by the buyer, seller@haat.test opens Shipments from the menu, cancels one it cannot fulfil (a
 * reason is required), accepts and packs the other, downloads its packing slip (a PDF), ships it with a
 * courier and tracking number (a number of the wrong shape is explained first), finds it under Shipped,
 * and the dashboard shows the server's counts. Then the operator's side: filters, Mark delivered, order
 * search and the approval queue. Screenshots at 375 px and 1280 px.
 */

const PASSWORD = DEMO_PASSWORD;
const SELLER = 'seller@haat.test';
const BUYER = 'buyer@haat.test';
const openPages = reportPagesOnFailure('seller-shipments');

const call = apiCall;

async function newPage(width: number, height: number) {
  const page = await openPage({ width, height });
  openPages.push(page);
  return page;
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const tab = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Shipments by state' }).getByRole('link', { name });

describe('the seller ships an order from a phone', () => {
  it('accepts, packs, prints the slip, ships with a checked tracking number, and sees the counts', async () => {
    const seller = await signInApi(SELLER);
    const buyer = await signInApi(BUYER);
    // One of the seller's products in stock, bought cash on delivery to Pune.
    const { order, product, variant } = await orderFromSeller(seller, buyer, PUNE);

    // A second order the seller cannot fulfil.
    const unfulfillable = await call<{ _id: string; orderNumber: string }>(
      'POST',
      '/api/orders',
      buyer.token,
      {
        orderItems: [{ product: product._id, qty: 1, variant: variant._id }],
        shippingAddress: PUNE,
        paymentMethod: 'CashOnDelivery',
      },
    );

    const page = await newPage(375, 812);
    await signIn(page, SELLER);
    // The menu, as a seller on a phone finds it.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('button', { name: seller.name }).click();
    await page.getByRole('link', { name: 'Shipments' }).click();
    await page.waitForURL('**/seller/shipments');
    await page.getByRole('heading', { level: 1, name: 'Shipments' }).waitFor();

    const card: Locator = page.getByRole('article', { name: `Order ${order.orderNumber}` });
    await card.waitFor();
    await expect(tab(page, /^To accept/).getAttribute('aria-current')).resolves.toBe('page');
    await card.getByText(product.name, { exact: false }).first().waitFor();
    await card.getByText('Cash on delivery').waitFor();
    await card.getByText('221 FC Road').waitFor();
    await screenshot(page, 'seller-shipments-to-accept-phone');
    await expectEveryControlNamed(page);

    // Cancelling needs a reason; the cancelled shipment is listed under Cancelled with it.
    const other = page.getByRole('article', { name: `Order ${unfulfillable.orderNumber}` });
    await other.getByRole('button', { name: 'Cancel…' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel order ${unfulfillable.orderNumber}?` });
    await cancel.getByRole('button', { name: 'Cancel shipment' }).click();
    await cancel.getByText('Please give a reason').waitFor();
    await cancel.getByLabel('Reason').selectOption({ label: 'Out of stock' });
    await cancel.getByRole('button', { name: 'Cancel shipment' }).click();
    await cancel.waitFor({ state: 'detached' });
    await other.waitFor({ state: 'detached' });
    await tab(page, /^Cancelled/).click();
    await other.getByText(/by the seller: Out of stock/).waitFor();
    await tab(page, /^To accept/).click();

    await card.getByRole('button', { name: 'Accept order' }).click();
    await card.waitFor({ state: 'detached' });
    await tab(page, /^To pack/).click();
    await card.getByRole('button', { name: 'Mark packed' }).click();
    await card.waitFor({ state: 'detached' });
    await tab(page, /^To ship/).click();

    // The packing slip is a PDF.
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download packing slip' }).click();
    const slip = await readFile((await (await download).path())!);
    expect(slip.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Ship: a number of the wrong shape for the courier is explained beside the field, nothing is sent.
    await card.getByRole('button', { name: 'Ship…' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
    await dialog.getByLabel('Courier').selectOption('Delhivery');
    await dialog.getByText('Delhivery numbers look like 1234567890123.').waitFor();
    await dialog.getByLabel('Tracking number').fill('ABC12');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await dialog.getByText('This is not a Delhivery tracking number (like 1234567890123)').waitFor();
    await screenshot(page, 'seller-shipments-ship-dialog-phone', { fullPage: false });
    await dialog.getByLabel('Tracking number').fill('1234567890123');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });

    await tab(page, /^Shipped/).click();
    await card.getByRole('link', { name: '1234567890123' }).waitFor();
    await card.getByText('Shipped', { exact: true }).waitFor();
    await screenshot(page, 'seller-shipments-shipped-phone');

    // The dashboard shows what the server counts, each number linking to its list.
    const board = await call<SellerDashboard>('GET', '/api/seller/dashboard', seller.token);
    await page.goto('/seller/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const toAccept = page.getByRole('link', { name: `${String(board.toAccept)} to accept` });
    await toAccept.waitFor();
    expect(await toAccept.getAttribute('href')).toBe('/seller/shipments?state=placed');
    await page.getByRole('link', { name: `${String(board.toShip)} to ship` }).waitFor();
    await page.getByRole('link', { name: `${String(board.last30.units)} units sold` }).waitFor();
    expect(board.last30.units).toBeGreaterThanOrEqual(1);
    await page.getByRole('figure', { name: /Sales per day/ }).waitFor();
    await screenshot(page, 'seller-dashboard-phone');
    await expectEveryControlNamed(page);

    const desktop = await newPage(1280, 900);
    await signIn(desktop, SELLER);
    await desktop.goto('/seller/dashboard');
    await desktop.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await screenshot(desktop, 'seller-dashboard-desktop');
    await desktop.goto('/seller/shipments?state=shipped');
    await desktop.getByRole('article', { name: `Order ${order.orderNumber}` }).waitFor();
    await screenshot(desktop, 'seller-shipments-desktop');
  });

  it('the operator filters shipments, marks one delivered, finds the order, and sees sellers awaiting approval', async () => {
    const seller = await signInApi(SELLER);
    const buyer = await signInApi(BUYER);
    const { order } = await orderFromSeller(seller, buyer, {
      address: '12 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      postalCode: '700016',
      country: 'India',
    });
    const shipments = await call<{ shipments: { _id: string; orderNumber: string }[] }>(
      'GET',
      '/api/seller/shipments?state=placed',
      seller.token,
    );
    const shipment = shipments.shipments.find((s) => s.orderNumber === order.orderNumber)!;
    await shipViaApi(seller.token, shipment._id, { courier: 'Blue Dart', trackingNumber: '12345678901' });

    const page = await newPage(375, 812);
    await signIn(page, 'admin@haat.test');
    await page.goto('/admin/shipments');
    await page.getByRole('heading', { level: 1, name: 'Shipments' }).waitFor();
    await page.getByLabel('Pincode').fill('700016');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL('**/admin/shipments?pincode=700016');
    const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
    await card.waitFor();
    await card.getByRole('button', { name: /^Show only .*'s shipments$/ }).click();
    await page.getByText(/^Seller: /).waitFor();
    await screenshot(page, 'admin-shipments-phone');
    await expectEveryControlNamed(page);
    await card.getByRole('button', { name: 'Mark delivered' }).click();
    const confirm = page.getByRole('dialog', { name: `Mark order ${order.orderNumber} delivered?` });
    await confirm.getByRole('button', { name: 'Mark delivered' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.getByText('Delivered', { exact: true }).first().waitFor();

    // Order search: the number's digits find it.
    await page.goto('/admin/orderlist');
    await page.getByLabel('Find an order').fill(order.orderNumber.replace(/\D/g, ''));
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await page.getByText(order.orderNumber).first().waitFor();
    await page.getByLabel('Find an order').fill('kurta');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await page.getByText('Search by order number (HAAT-2026-000123), buyer e-mail or phone').waitFor();

    const desktop = await newPage(1280, 900);
    await signIn(desktop, 'admin@haat.test');
    await desktop.goto('/admin/sellers/pending');
    await desktop.getByRole('heading', { level: 1, name: 'Sellers awaiting approval' }).waitFor();
    const pending = desktop.getByRole('article').filter({ hasText: 'pending@haat.test' });
    await pending.getByRole('button', { name: 'Approve' }).waitFor();
    await screenshot(desktop, 'admin-sellers-pending-desktop');
    await expectEveryControlNamed(desktop);
    await desktop.goto('/admin/shipments');
    await desktop.getByRole('article').first().waitFor();
    await screenshot(desktop, 'admin-shipments-desktop');
  });
});
