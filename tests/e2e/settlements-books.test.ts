import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { indiaDate } from '../../src/shared/gst-rates.ts';
import type {
  CodCashResponse,
  CommissionRuleWire,
  SettlementSettingsWire,
} from '../../src/shared/schemas/settlements.ts';
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
 * The operator's settlement books (issue 16) in a real browser. On a desktop, Admin adds a commission rule
 * for the demo seller from tomorrow through the form and finds it listed as Future, then gives it a last
 * day; a TCS rate of 101 % is refused at its field (which takes the focus), and the settings save once it
 * is right again. On a phone, a cash-on-delivery order the demo Distributor delivered and marked paid is
 * listed under that Distributor on /admin/cod-cash; the reference is required at its field; choosing
 * orders fills in their sum; Admin records the remittance of everything outstanding and the Distributor
 * owes ₹0.00. Both pages at 1366×900 and 390×844: every control named, nothing wider than a phone.
 */

const ADMIN = 'admin@haat.test';
const SELLER = 'seller@haat.test';
const BUYER = 'buyer@haat.test';
const DISTRIBUTOR = 'distributor@haat.test';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const openPages = reportPagesOnFailure('settlements-books');

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Both sizes of one page: every control named at each, no sideways scrolling on the phone. */
async function checkBothSizes(page: Page, shots: { phone?: string; desktop?: string }) {
  const start = page.viewportSize();
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectEveryControlNamed(page);
  if (shots.phone) await screenshot(page, shots.phone);
  await page.setViewportSize(DESKTOP);
  await expectEveryControlNamed(page);
  if (shots.desktop) await screenshot(page, shots.desktop);
  if (start) await page.setViewportSize(start);
}

/** '28 Nov 2026' for YYYY-MM-DD, as the rule table prints it. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const rupeeText = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

describe('Settlement books in the back office', () => {
  it('Admin adds a seller commission rule from tomorrow (Future), ends it, and fixes a wrong TCS rate (desktop)', async () => {
    const admin = await signInApi(ADMIN);
    const seller = await signInApi(SELLER);
    const tomorrow = indiaDate(Date.now() + 86_400_000);
    const before = await apiCall<SettlementSettingsWire>(
      'GET',
      '/api/admin/settlement-settings',
      admin.token,
    );

    const page = await openPage(DESKTOP);
    openPages.push(page);
    await signIn(page, ADMIN);
    await page.goto('/admin/settlements');
    await page.getByRole('heading', { name: 'Settlements', level: 1 }).waitFor();
    for (const name of ['Totals', 'Commission rules', 'Settings'])
      await page.getByRole('heading', { name, exact: true, level: 2 }).waitFor();

    // Totals: twelve months of this financial year and a totals row; GSTR-8 is one link away.
    const totals = page.getByRole('table', { name: /^Settlement totals, FY \d{4}-\d{2} / });
    await totals.waitFor();
    expect(await totals.locator('tbody tr').count()).toBe(12);
    await totals.locator('tfoot').getByText('Total', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /GSTR-8/ }).getAttribute('href')).toBe(
      '/admin/gst#gst-documents',
    );
    expect(await page.getByLabel('Financial year').locator('option').count()).toBe(2);

    // A rule for the demo seller: 7.5 % from tomorrow (the form's default start), at most ₹150 a unit.
    const form = page.getByRole('form', { name: 'Add a commission rule' });
    expect(await form.getByLabel('Effective from').inputValue()).toBe(tomorrow);
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByText('Please choose a seller, a category or a product.').waitFor();
    expect(await form.getByLabel('Seller', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Seller', { exact: true }).selectOption(seller._id);
    await form.getByLabel('Percent', { exact: true }).fill('7.5');
    await form.getByLabel('Maximum ₹ per unit (optional)').fill('150');
    await form.getByLabel('Note (optional)').fill('Browser test rule');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByText(/^Added a rule for .+ from /).waitFor();

    const { rules } = await apiCall<{ rules: CommissionRuleWire[] }>(
      'GET',
      '/api/admin/commission-rules',
      admin.token,
    );
    const added = rules.find((r) => r.note === 'Browser test rule');
    expect(added).toMatchObject({
      sellerId: seller._id,
      categoryId: null,
      productId: null,
      kind: 'percent',
      max: 150,
      effectiveFrom: tomorrow,
      effectiveTo: null,
    });
    expect(Number(added?.percent)).toBe(7.5);
    const table = page.getByRole('table', { name: 'Commission rules' });
    const row = table.getByRole('row').filter({ hasText: 'Browser test rule' });
    await row.getByText('Future', { exact: true }).waitFor();
    await row.getByText(`From ${dayText(tomorrow)}`).waitFor();
    await row.getByText(/^Seller: /).waitFor();

    // Given a last day (its first): still Future, now with an end.
    await row.getByRole('button', { name: /^End the rule for Seller: / }).click();
    const endForm = row.getByRole('form', { name: /^End the rule for / });
    await endForm.getByLabel(/^Last day of the rule for /).fill(tomorrow);
    await endForm.getByRole('button', { name: 'End rule' }).click();
    await row.getByText(`to ${dayText(tomorrow)}`).waitFor();
    await row.getByText('Future', { exact: true }).waitFor();

    // Settings: TCS of 101 % is refused at its field, which takes the focus; the right value saves.
    const settings = page.getByRole('form', { name: 'Settings' });
    const tcs = settings.getByLabel('TCS (%)');
    expect(await tcs.inputValue()).toBe(before.tcsRate);
    await tcs.fill('101');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings
      .getByText('Please enter a percentage between 0 and 100 with at most two decimals.')
      .waitFor();
    expect(await tcs.getAttribute('aria-invalid')).toBe('true');
    expect(await tcs.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = (await tcs.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).innerText()).toContain(
      'between 0 and 100',
    );
    await tcs.fill(before.tcsRate);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Settlement settings saved.').waitFor();
    expect(await tcs.getAttribute('aria-invalid')).toBeNull();
    const after = await apiCall<SettlementSettingsWire>('GET', '/api/admin/settlement-settings', admin.token);
    expect(after).toEqual(before);

    await page.evaluate(() => window.scrollTo(0, 0));
    await checkBothSizes(page, { desktop: 'settlements-books-desktop', phone: 'settlements-books-phone' });
  });

  it('Admin records the demo Distributor’s COD cash and it owes ₹0.00 (phone)', async () => {
    const admin = await signInApi(ADMIN);
    const seller = await signInApi(SELLER);
    const buyer = await signInApi(BUYER);
    const distributor = await signInApi(DISTRIBUTOR);
    // A cash-on-delivery order, shipped, delivered and marked paid by the Distributor.
    const { order } = await orderFromSeller(seller, buyer, PUNE);
    const shipmentId = await sellerShipmentId(seller, order._id);
    await shipViaApi(seller.token, shipmentId, { courier: 'Delhivery', trackingNumber: '5566778899001' });
    await apiCall('PUT', `/api/shipments/${shipmentId}/deliver`, distributor.token);
    await apiCall('PUT', `/api/orders/${order._id}/CashOnDelivery/pay`, distributor.token);
    const cash = await apiCall<CodCashResponse>('GET', '/api/admin/cod-cash', admin.token);
    const owed = cash.distributors.find((d) => d.distributorId === distributor._id);
    const mine = owed?.orders.find((o) => o.orderId === order._id);
    expect(mine).toMatchObject({ orderNumber: order.orderNumber, ageDays: 0 });
    expect(owed?.ages.d0to2).toBeGreaterThanOrEqual(mine?.amount ?? Infinity);

    const page = await openPage(PHONE);
    openPages.push(page);
    await signIn(page, ADMIN);
    await page.goto('/admin/cod-cash');
    await page.getByRole('heading', { name: 'COD cash', level: 1 }).waitFor();
    const card = page.getByRole('region', { name: distributor.name, exact: true });
    await card.getByText(`Outstanding: ${rupeeText(owed!.outstanding)}`).waitFor();
    const ages = card.getByRole('list', { name: `Outstanding cash of ${distributor.name} by age` });
    for (const label of ['0–2 days', '3–7 days', '8–30 days', 'Over 30 days'])
      await ages.getByText(label, { exact: true }).waitFor();
    await ages.getByText('Oldest cash').waitFor();
    const link = card.getByRole('link', { name: order.orderNumber, exact: true });
    expect(await link.getAttribute('href')).toBe(`/order/${order._id}`);

    const form = card.getByRole('form', { name: `Record remittance from ${distributor.name}` });
    const amount = form.getByLabel('Amount received (₹)');
    await form.getByLabel(`Choose order ${order.orderNumber}`).check();
    expect(await amount.inputValue()).toBe(mine!.amount.toFixed(2));
    // No reference: refused at its field.
    await form.getByRole('button', { name: 'Record remittance' }).click();
    await form.getByText('Please enter the receipt or deposit reference.').waitFor();
    expect(await form.getByLabel('Reference').getAttribute('aria-invalid')).toBe('true');

    await checkBothSizes(page, {
      phone: 'settlements-cod-cash-phone',
      desktop: 'settlements-cod-cash-desktop',
    });

    // Everything the Distributor holds, in one remittance.
    await form.getByLabel(`Choose all orders of ${distributor.name}`).check();
    expect(await amount.inputValue()).toBe(owed!.outstanding.toFixed(2));
    expect(await form.getByLabel('Received on').inputValue()).toBe(indiaDate(Date.now()));
    await form.getByLabel('Reference').fill('DEP-E2E-0001');
    await form.getByRole('button', { name: 'Record remittance' }).click();
    await card.getByText(/^Recorded ₹[\d,.]+ for \d+ orders? \(reference DEP-E2E-0001\)\.$/).waitFor();
    await card.getByText('Outstanding: ₹0.00').waitFor();
    await page
      .getByRole('table', { name: 'Recent remittances' })
      .getByRole('row')
      .filter({ hasText: 'DEP-E2E-0001' })
      .filter({ hasText: rupeeText(owed!.outstanding) })
      .waitFor();
    const later = await apiCall<CodCashResponse>('GET', '/api/admin/cod-cash', admin.token);
    expect(later.distributors.find((d) => d.distributorId === distributor._id)).toBeUndefined();
    expect(later.remittances[0]).toMatchObject({
      distributorId: distributor._id,
      amount: owed!.outstanding,
      orderCount: owed!.orders.length,
      reference: 'DEP-E2E-0001',
    });
  });
});
