import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, INR, parseMoney } from '../../src/shared/money.ts';
import type { SellerLedgerResponse } from '../../src/shared/schemas/settlements.ts';
import {
  apiCall,
  DEMO_PASSWORD,
  expectEveryControlNamed,
  openPage,
  reportPagesOnFailure,
  screenshot,
  signInApi,
} from './support.ts';

/**
 * Issue 16 in a real browser: an Admin pays a seller. Set up through the API: an Admin adjustment gives the
 * demo seller ₹500.00 payable at once ('Welcome credit') and the seller saves a bank account. In the
 * browser the Admin verifies that account on /admin/payouts, prepares a RazorpayX batch, approves it in a
 * dialog that states the total (focus kept inside, then given back) and watches the payout become Paid as
 * the sandbox's webhook arrives; the seller's payable balance is then zero and its paid total went up by
 * exactly the payout. A batch rejected (with a reason) gives its amount back; then a bank-file batch: its file holds the full account number, and recording the
 * bank's UTR (a malformed one refused at the field) marks the payout Paid. The page at 1366×900 and 390×844: every control named, nothing wider than a phone.
 */

const ADMIN = 'admin@haat.test';
const SELLER = 'seller@haat.test';
/** Her account is never verified by the browser tests: she is left out of every batch. */
const OTHER_SELLER = 'seller2@haat.test';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const openPages = reportPagesOnFailure('settlements-admin');

type Account = { token: string; _id: string; name: string };

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** Whether the focused element is inside the open dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

const paise = (rupees: number) => parseMoney(rupees);
const inr = (rupees: number) => formatMoney(parseMoney(rupees), INR);

describe('Payouts in the back office', () => {
  let admin: Account;
  let seller: Account;
  let other: Account;
  const ledgerOf = (id: string) =>
    apiCall<SellerLedgerResponse>('GET', `/api/admin/sellers/${id}/ledger`, admin.token);
  const ledger = () => ledgerOf(seller._id);

  beforeAll(async () => {
    admin = await signInApi(ADMIN);
    seller = await signInApi(SELLER);
    other = await signInApi(OTHER_SELLER);
    // Something payable for a seller without a verified account: the batch leaves her out and says why.
    await apiCall('POST', '/api/admin/ledger-adjustments', admin.token, {
      sellerId: other._id,
      amount: '1000.00',
      reason: 'Browser test credit (taken back after the test)',
    });
    // Money payable at once: an adjustment belongs to no shipment, so no hold applies.
    await apiCall('POST', '/api/admin/ledger-adjustments', admin.token, {
      sellerId: seller._id,
      amount: '500.00',
      reason: 'Welcome credit',
    });
    // A new account (or a changed one) waits for the Admin's verification.
    await apiCall('PUT', '/api/seller/payout-account', seller.token, {
      method: 'bank',
      accountHolder: seller.name,
      accountNumber: '50100123456789',
      confirmAccountNumber: '50100123456789',
      ifsc: 'HDFC0001234',
      pan: 'ABCPE1234F',
    });
  });

  // The other seller's balance ends as it began.
  afterAll(async () => {
    await apiCall('POST', '/api/admin/ledger-adjustments', admin.token, {
      sellerId: other._id,
      amount: '-1000.00',
      reason: 'Browser test credit taken back',
    });
  });

  it('Admin verifies the account, pays a RazorpayX batch to Paid, rejects one and pays by bank file and UTR', async () => {
    const before = await ledger();
    expect(before.account?.status).toBe('unverified');
    expect(before.entries.some((e) => e.kind === 'adjustment' && e.note === 'Welcome credit')).toBe(true);
    const payable = before.balance.payable;
    const otherBefore = await ledgerOf(other._id);
    expect(otherBefore.account?.status).not.toBe('verified');
    const otherPayable = otherBefore.balance.payable;
    const { minimumPayout } = await apiCall<{ minimumPayout: number }>(
      'GET',
      '/api/admin/settlement-settings',
      admin.token,
    );
    expect(payable).toBeGreaterThanOrEqual(500);

    const page = await openPage(DESKTOP);
    openPages.push(page);
    await signIn(page, ADMIN);
    await page.goto('/admin/payouts');
    await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();

    // The account: masked number, IFSC and PAN shown; Verify.
    const accounts = page.getByRole('table', { name: 'Accounts awaiting verification' });
    const row = accounts.getByRole('row').filter({ hasText: seller.name });
    expect(await row.innerText()).toContain('XXXXXXXXXX6789');
    expect(await row.innerText()).toContain('HDFC0001234');
    expect(await row.innerText()).toContain('ABCPE1234F');
    await row.getByRole('button', { name: `Verify ${seller.name}’s account` }).click();
    await page.getByText(`${seller.name}’s payout account is verified.`).waitFor();
    expect(await row.count()).toBe(0);

    // Prepare: RazorpayX is the rail chosen.
    expect(await page.getByLabel('RazorpayX').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Prepare payout batch' }).click();
    const ready = page.getByText(/^Batch \d+ prepared:/);
    await ready.waitFor();
    const number = Number(/^Batch (\d+)/.exec(await ready.innerText())?.[1]);
    // Who was left out, why, and a link to the statement.
    const skipped = page.getByRole('list', { name: 'Not in this batch' }).getByRole('listitem');
    const left = skipped.filter({ hasText: other.name });
    expect(await left.innerText()).toBe(
      `${other.name}: ${inr(otherPayable)} · ${otherPayable >= minimumPayout ? 'No verified payout account' : 'Below the minimum'}`,
    );
    expect(await left.getByRole('link', { name: other.name }).getAttribute('href')).toBe(
      `/admin/sellers/${other._id}/ledger`,
    );
    expect(await skipped.filter({ hasText: seller.name }).count()).toBe(0);
    const batch = page.getByRole('listitem', { name: `Batch ${String(number)}` });
    await batch.getByText('Awaiting approval', { exact: true }).first().waitFor();
    const payouts = batch.getByRole('table', { name: `Payouts of batch ${String(number)}` });
    const payoutRow = payouts.getByRole('row').filter({ hasText: seller.name });
    expect(await payoutRow.innerText()).toContain(inr(payable));
    expect(await payoutRow.innerText()).toContain('XXXXXXXXXX6789 · HDFC0001234');
    expect(await payoutRow.getByRole('link', { name: seller.name }).getAttribute('href')).toBe(
      `/admin/sellers/${seller._id}/ledger`,
    );

    // Approve: the dialog states the total and count, keeps focus inside, and gives it back.
    const approveButton = batch.getByRole('button', { name: `Approve and pay batch ${String(number)}` });
    await approveButton.click();
    const dialog = page.getByRole('dialog', { name: `Approve batch ${String(number)} and pay?` });
    await dialog.waitFor();
    const facts = await dialog.innerText();
    const list = await apiCall<{ batches: { number: number; total: number; count: number }[] }>(
      'GET',
      '/api/admin/payout-batches',
      admin.token,
    );
    const wire = list.batches.find((b) => b.number === number)!;
    expect(facts).toContain(inr(wire.total));
    expect(facts).toContain(`(${String(wire.count)} payout`);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    // Cancel gives focus back to the button that opened it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await approveButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await approveButton.click();
    await dialog.getByRole('button', { name: 'Approve and pay' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The button is gone with the draft: focus lands on the batch's heading.
    await batch.getByText('Approved', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Batch ${String(number)}`);

    // The sandbox's webhook arrives; the page polls until the payout is Paid.
    await payoutRow.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await payoutRow.innerText()).toMatch(/Payout id\s+\S+/);
    await batch.getByText(`${String(wire.count)} of ${String(wire.count)}`).waitFor();

    const after = await ledger();
    expect(after.balance.payable).toBe(0);
    expect(paise(after.balance.paid) - paise(before.balance.paid)).toBe(paise(payable));
    expect(after.account?.status).toBe('verified');

    // ₹250.00 more: a batch of it rejected (a reason needed) gives it back to the payable balance.
    await apiCall('POST', '/api/admin/ledger-adjustments', admin.token, {
      sellerId: seller._id,
      amount: '250.00',
      reason: 'Courier damage refund',
    });
    const rejected = String(number + 1);
    await page.getByRole('button', { name: 'Prepare payout batch' }).click();
    await page.getByText(`Batch ${rejected} prepared:`, { exact: false }).waitFor();
    expect((await ledger()).balance.payable).toBe(0);
    const rejectedBatch = page.getByRole('listitem', { name: `Batch ${rejected}` });
    await rejectedBatch.getByRole('button', { name: `Reject batch ${rejected}` }).click();
    const rejectDialog = page.getByRole('dialog', { name: `Reject batch ${rejected}?` });
    await rejectDialog.getByLabel('Reason').fill('No');
    await rejectDialog.getByRole('button', { name: 'Reject batch' }).click();
    await rejectDialog.getByText('Please give a reason of at least 5 characters.').waitFor();
    expect(await rejectDialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');
    await rejectDialog.getByLabel('Reason').fill('Wrong amount, preparing again');
    await rejectDialog.getByRole('button', { name: 'Reject batch' }).click();
    await rejectDialog.waitFor({ state: 'detached' });
    await rejectedBatch.getByText('Rejected', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Batch ${rejected}`);
    expect(paise((await ledger()).balance.payable)).toBe(paise(250));

    // Then by bank transfer file: downloaded in full, paid when its UTR is recorded.
    await page.getByLabel('Bank transfer file').check();
    await page.getByRole('button', { name: 'Prepare payout batch' }).click();
    const second = page.getByText(`Batch ${String(number + 2)} prepared:`, { exact: false });
    await second.waitFor();
    const fileBatch = page.getByRole('listitem', { name: `Batch ${String(number + 2)}` });
    const fileRow = fileBatch
      .getByRole('table', { name: `Payouts of batch ${String(number + 2)}` })
      .getByRole('row')
      .filter({ hasText: seller.name });
    expect(await fileRow.innerText()).toContain('₹250.00');
    await fileBatch.getByRole('button', { name: `Approve and pay batch ${String(number + 2)}` }).click();
    const fileDialog = page.getByRole('dialog', { name: `Approve batch ${String(number + 2)} and pay?` });
    expect(await fileDialog.innerText()).toContain('by Bank transfer file');
    await fileDialog.getByRole('button', { name: 'Approve and pay' }).click();
    await fileBatch.getByText('Approved', { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      fileBatch.getByRole('link', { name: `Download bank file of batch ${String(number + 2)}` }).click(),
    ]);
    const csv = await fs.readFile(await download.path(), 'utf8');
    expect(csv).toContain('50100123456789');
    expect(csv).toContain('HDFC0001234');
    expect(csv).toContain('250.00');

    await fileRow.getByRole('button', { name: `Record UTR for ${seller.name}` }).click();
    const utrDialog = page.getByRole('dialog');
    await utrDialog.getByLabel('UTR').fill('12-34');
    await utrDialog.getByRole('button', { name: 'Record UTR' }).click();
    await utrDialog.getByText('Please enter the bank’s UTR (8 to 22 letters or digits).').waitFor();
    await utrDialog.getByLabel('UTR').fill('HDFCN52026112700001');
    await utrDialog.getByRole('button', { name: 'Record UTR' }).click();
    await utrDialog.waitFor({ state: 'detached' });
    await fileRow.getByText('Paid', { exact: true }).waitFor();
    expect(await fileRow.innerText()).toContain('HDFCN52026112700001');
    const last = await ledger();
    expect(last.balance.payable).toBe(0);
    expect(paise(last.balance.paid) - paise(after.balance.paid)).toBe(paise(250));

    await expectEveryControlNamed(page);
    await screenshot(page, 'settlements-admin-payouts-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSideScroll(page);
    await expectEveryControlNamed(page);
    await batch.getByRole('list', { name: `Payouts of batch ${String(number)}` }).waitFor();
    await screenshot(page, 'settlements-admin-payouts-phone');

    // The SPEC screen points at payout batches.
    await page.goto('/admin/pending-payments');
    await page.getByRole('heading', { name: 'Pending Seller Payments' }).waitFor();
    expect(await page.getByRole('link', { name: 'payout batches' }).getAttribute('href')).toBe(
      '/admin/payouts',
    );
  });
});
