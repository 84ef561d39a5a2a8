import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OrderFulfilment } from '../../src/shared/schemas/fulfilment.ts';
import type { Order } from '../../src/shared/schemas/order.ts';
import type { ProductList } from '../../src/shared/schemas/product.ts';
import { openPage, reportPagesOnFailure, screenshot, apiCall, DEMO_PASSWORD, signInApi } from './support.ts';

/**
 * The life of an order after 'Place Order' as its buyer sees it (docs/decisions/0114-buyer-order-page.md):
 * a two-seller order where one seller ships and the other cancels, and a return with a photo through
 * approval to its refund. The sellers' steps go through the API with their own sign-in; everything the
 * buyer does and sees goes through the browser.
 */

const PASSWORD = DEMO_PASSWORD;
const BUYER = 'buyer@haat.test';
const openPages = reportPagesOnFailure('order-life');

const call = apiCall;
type Account = Awaited<ReturnType<typeof signInApi>>;

async function newPage(width: number, height: number) {
  const page = await openPage({ width, height });
  openPages.push(page);
  return page;
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(BUYER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

type Line = { product: string; qty: number; variant: string; name: string };

/** A line of one of the seller's products whose variant holds at least 3 units. */
async function lineOf(sellerId: string, skip: readonly string[] = []): Promise<Line> {
  for (let page = 1; page <= 10; page++) {
    const list = await call<ProductList>('GET', `/api/products?pageNumber=${String(page)}`);
    for (const p of list.products) {
      if (p.user._id !== sellerId || skip.includes(p._id)) continue;
      const v = p.variants.find((x) => x.countInStock >= 3);
      if (v) return { product: p._id, qty: 1, variant: v._id, name: p.name };
    }
    if (page >= list.pages) break;
  }
  throw new Error(`no product of seller ${sellerId} in stock`);
}

/** Places a RazorPay order from the signed-in page (the checkout has its own test), opens it and pays. */
async function placeAndPay(page: Page, lines: readonly Line[]): Promise<Order> {
  const placed = await page.evaluate(
    async (items) => {
      const res = await fetch('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          orderItems: items,
          shippingAddress: {
            address: '221, 12th Main, Indiranagar',
            city: 'Bengaluru',
            state: 'Karnataka',
            postalCode: '560038',
            country: 'India',
          },
          paymentMethod: 'RazorPay',
        }),
      });
      if (res.status !== 201) throw new Error(`place order: ${String(res.status)} ${await res.text()}`);
      return (await res.json()) as { _id: string; orderNumber: string };
    },
    lines.map(({ product, qty, variant }) => ({ product, qty, variant })),
  );
  await page.goto(`/order/${placed._id}`);
  await page.getByRole('heading', { level: 1, name: `Order ${placed.orderNumber}` }).waitFor();
  // The UUID stays in the address, never on the page.
  expect(await page.getByRole('main').innerText()).not.toContain(placed._id);
  await page.getByRole('button', { name: 'Pay with RazorPay' }).click();
  const dialog = page.getByRole('dialog', { name: /RazorPay checkout/ });
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByText('Thank you for your order!').waitFor();
  return page.evaluate(async (id) => (await (await fetch(`/api/orders/${id}`)).json()) as Order, placed._id);
}

/** The seller's shipment of an order, as the seller's own fulfilment view lists it. */
async function shipmentOf(orderId: string, seller: Account): Promise<string> {
  const f = await call<OrderFulfilment>('GET', `/api/orders/${orderId}/fulfilment`, seller.token);
  const s = f.shipments.find((x) => x.seller._id === seller._id);
  if (!s) throw new Error(`no shipment of ${seller._id} in ${orderId}`);
  return s._id;
}

/** Reloads the page until `target` shows (a refund job runs in the background), or fails after `ms`. */
async function reloadUntil(page: Page, target: () => Locator, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    if (await target().isVisible()) return;
    if (Date.now() > until) throw new Error(`not shown after ${String(ms)} ms: ${target().toString()}`);
    await page.waitForTimeout(750);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
  }
}

/** Bootstrap fades dialogs in; screenshots wait until it is fully shown. */
const dialogShown = (page: Page) =>
  page.waitForFunction(() => {
    const modal = document.querySelector('.modal.show');
    return !!modal && getComputedStyle(modal).opacity === '1';
  });

/** ₹1,234.50 as the page writes an INR amount. */
const rupees = (amount: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** What a line cost the buyer: units after discount plus the line's GST (the order is in INR). */
function lineTotal(order: Order, productId: string): number {
  const item = order.orderItems.find((i) => i.product === productId);
  if (!item) throw new Error('line not in order');
  return Math.round((item.discountedPrice * item.qty + item.taxAmount) * 100) / 100;
}

describe('the life of an order, as its buyer sees it', () => {
  it('on a phone: one seller ships with tracking, the other cancels, the buyer sees both timelines and the refund', async () => {
    const kavya = await signInApi('seller@haat.test');
    const meera = await signInApi('seller2@haat.test');
    const page = await newPage(375, 812);
    await signIn(page);
    const fromKavya = await lineOf(kavya._id);
    const fromMeera = await lineOf(meera._id);
    const order = await placeAndPay(page, [fromKavya, fromMeera]);

    // Before any seller moves: two parcels, each placed, each with a delivery date and a cancel button.
    const parcelA = page.getByRole('region', { name: 'From Kavya Textiles' });
    const parcelB = page.getByRole('region', { name: 'From Meera Handlooms' });
    await parcelA.getByText(/^Arriving by /).waitFor();
    await parcelB.getByText(/^Arriving by /).waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).waitFor();
    await parcelA.getByRole('button', { name: 'Cancel items from Kavya Textiles' }).waitFor();

    // Seller A accepts, packs and ships with Delhivery; seller B cannot fulfil and cancels with a reason.
    const a = await shipmentOf(order._id, kavya);
    await call('PUT', `/api/shipments/${a}/accept`, kavya.token);
    await call('PUT', `/api/shipments/${a}/pack`, kavya.token);
    await call('PUT', `/api/shipments/${a}/ship`, kavya.token, {
      courier: 'Delhivery',
      trackingNumber: '1234567890123',
    });
    const b = await shipmentOf(order._id, meera);
    await call('PUT', `/api/shipments/${b}/cancel`, meera.token, { reason: 'out_of_stock' });

    // The buyer's page: A's timeline up to Shipped with the courier's tracking link, B's ends Cancelled.
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await reloadUntil(page, () => refunds.getByText('Refunded', { exact: true }));
    const timelineA = parcelA.getByRole('list', { name: 'Progress of From Kavya Textiles' });
    for (const step of ['Placed', 'Accepted by seller', 'Packed', 'Shipped']) {
      await timelineA.getByText(step, { exact: true }).waitFor();
    }
    expect(await timelineA.locator('[aria-current="step"]').innerText()).toContain('Shipped');
    const track = parcelA.getByRole('link', { name: /Track 1234567890123/ });
    expect(await track.getAttribute('href')).toBe('https://www.delhivery.com/track/package/1234567890123');
    await parcelA.getByText(/^Arriving by /).waitFor();
    await parcelA.getByText('Shipped', { exact: true }).first().waitFor();

    const timelineB = parcelB.getByRole('list', { name: 'Progress of From Meera Handlooms' });
    expect(await timelineB.locator('[aria-current="step"]').innerText()).toContain('Cancelled');
    await parcelB.getByText('Cancelled by the seller: Out of stock').waitFor();
    expect(await parcelB.getByText(/^Arriving by /).count()).toBe(0);

    // Nothing is left to cancel: A has shipped, B is cancelled.
    expect(await page.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);

    // The refund of B's part: its price and GST, back to RazorPay.
    const refund = refunds.getByRole('listitem');
    expect(await refund.count()).toBe(1);
    const expected = lineTotal(order, fromMeera.product);
    expect(await refund.innerText()).toContain(`Refund of ${rupees(expected)}`);
    await screenshot(page, 'order-life-two-sellers-phone');

    // My Purchases says where it stands in words, with the products' names.
    await page.goto('/profile#my-purchases');
    const purchase = page
      .getByRole('region', { name: 'My Purchases' })
      .getByRole('listitem')
      .filter({ hasText: order.orderNumber });
    await purchase.getByText('Shipped', { exact: true }).waitFor();
    await purchase.getByText('Partly cancelled · Refunded').waitFor();
    expect(await purchase.innerText()).toContain(fromKavya.name);
    await purchase.scrollIntoViewIfNeeded();
    await screenshot(page, 'order-life-my-purchases-phone', { fullPage: false });
    await purchase.getByRole('link', { name: order.orderNumber }).click();
    await page.waitForURL(`**/order/${order._id}`);
  });

  it('on a phone: the buyer cancels a paid order before it ships, and is refunded', async () => {
    const kavya = await signInApi('seller@haat.test');
    const page = await newPage(375, 812);
    await signIn(page);
    const line = await lineOf(kavya._id);
    const order = await placeAndPay(page, [line]);

    // One parcel: one button for the whole order, asked first in a dialog that says what happens.
    const parcel = page.getByRole('region', { name: 'From Kavya Textiles' });
    await parcel.getByText(/^Arriving by /).waitFor();
    expect(await page.getByRole('button', { name: /^Cancel/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.getByText(/refunded to the way you paid/).waitFor();
    await dialog.getByLabel('Why are you cancelling? (optional)').fill('Ordered the wrong colour');
    await dialogShown(page);
    await screenshot(page, 'order-life-cancel-dialog-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/^Cancelled\. You have paid for it/).waitFor();

    await parcel.getByText('Cancelled by you').waitFor();
    await page.getByText(/^This order was cancelled/).waitFor();
    expect(await page.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await reloadUntil(page, () => refunds.getByText('Refunded', { exact: true }));
    expect(await refunds.innerText()).toContain(`Refund of ${rupees(lineTotal(order, line.product))}`);
    await screenshot(page, 'order-life-cancelled-phone');
  });

  it('on a desktop: a delivered line is returned with a photo, approved, received and refunded', async () => {
    const kavya = await signInApi('seller@haat.test');
    const page = await newPage(1280, 800);
    await signIn(page);
    const line = await lineOf(kavya._id);
    const order = await placeAndPay(page, [line]);

    const s = await shipmentOf(order._id, kavya);
    await call('PUT', `/api/shipments/${s}/accept`, kavya.token);
    await call('PUT', `/api/shipments/${s}/pack`, kavya.token);
    await call('PUT', `/api/shipments/${s}/ship`, kavya.token, {
      courier: 'Blue Dart',
      trackingNumber: '12345678901',
    });
    // Delivered by the distributor (the seller does not mark its own parcel delivered, ADR 0109).
    const distributor = await signInApi('distributor@haat.test');
    await call('PUT', `/api/shipments/${s}/deliver`, distributor.token);

    // Delivered: the date, the return window, and a Return or exchange button on the line.
    await page.reload();
    const parcel = page.getByRole('region', { name: 'From Kavya Textiles' });
    await parcel.getByText(/^Delivered on /).waitFor();
    await parcel.getByText(/^Return window closes on /).waitFor();
    await parcel.getByRole('button', { name: `Return or exchange ${line.name}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Return or exchange' });
    await dialog.getByLabel('Reason').selectOption({ label: 'Too small' });
    await dialog.getByLabel('Comment (optional)').fill('The size runs small.');
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 190, g: 80, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    await dialog.getByLabel('Photos or video').setInputFiles({
      name: 'chinos.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await dialog.getByRole('img', { name: 'Photo 1' }).waitFor();
    await dialogShown(page);
    await screenshot(page, 'order-life-return-dialog-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/^Your return request is sent/).waitFor();

    const returns = page.getByRole('region', { name: 'Returns and exchanges' });
    await returns.getByText('Requested', { exact: true }).waitFor();
    await returns.getByText(/Return 1 item · Too small/).waitFor();
    await returns.getByText('1 photo sent').waitFor();
    // The line's one unit is asked back: no second request for it.
    expect(await parcel.getByRole('button', { name: /^Return or exchange/ }).count()).toBe(0);

    // The seller approves (a pickup is scheduled) and marks the goods received: the refund follows.
    const f = await call<OrderFulfilment>('GET', `/api/orders/${order._id}/fulfilment`, kavya.token);
    const request = f.returns[0]!;
    expect(request.media).toHaveLength(1);
    await call('PUT', `/api/returns/${request._id}/approve`, kavya.token);
    await page.reload();
    await returns.getByText('Approved, pickup scheduled', { exact: true }).waitFor();
    await call('PUT', `/api/returns/${request._id}/receive`, kavya.token);

    const refunds = page.getByRole('region', { name: 'Refunds' });
    await reloadUntil(page, () => refunds.getByText('Refunded', { exact: true }));
    await returns.getByText('Received, refund started', { exact: true }).waitFor();
    expect(await refunds.innerText()).toContain(`Refund of ${rupees(lineTotal(order, line.product))}`);
    await screenshot(page, 'order-life-return-refunded-desktop');

    await page.goto('/profile#my-purchases');
    const purchase = page
      .getByRole('region', { name: 'My Purchases' })
      .getByRole('listitem')
      .filter({ hasText: order.orderNumber });
    await purchase.getByText('Delivered', { exact: true }).waitFor();
    await purchase.getByText('Refunded', { exact: true }).waitFor();
  });
});
