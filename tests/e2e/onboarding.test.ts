import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiCall, baseURL, openPage, screenshot } from './support.ts';

/**
 * Seller onboarding, user administration and password recovery in a real browser (issue 7):
 * a company seller signs up with two documents and sees 'Profile Under Review'; an Admin opens
 * 'Document 1' and activates the seller; the seller signs in and has Products and Orders; a buyer resets
 * a forgotten password with the link from /dev/mailbox. Screenshots at 1280 and 360 px.
 */

const DEMO_PASSWORD = 'Demo@12345';
const PASSWORD = 'Seller@12345';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A picture of an identity card (PNG), so the opened document shows something recognisable. */
async function cardImage(title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="#e8f1ff" stroke="#1d4ed8" stroke-width="6"/>
    <text x="40" y="90" font-family="sans-serif" font-size="40" font-weight="bold" fill="#1d4ed8">${title}</text>
    <text x="40" y="170" font-family="sans-serif" font-size="28" fill="#111">Kiran Weaves Pvt Ltd</text>
    <text x="40" y="220" font-family="monospace" font-size="32" fill="#111">AABCK4821M</text>
    <text x="40" y="350" font-family="sans-serif" font-size="20" fill="#555">Test document for Haat browser tests</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type/Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  // The header's menus close when the page changes: let the landing page settle before opening one.
  await page.waitForLoadState('networkidle');
}

/** The header's user menu, opened; at 360 px the navbar is collapsed behind its toggler first. */
async function openUserMenu(page: Page, name: string) {
  const toggler = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggler.isVisible()) {
    await toggler.click();
    await page.locator('#main-nav.show').waitFor();
  }
  await page.getByRole('banner').getByRole('button', { name }).click();
  const menu = page.locator('header .dropdown-menu.show');
  await menu.waitFor();
  return menu;
}

type Seller = { name: string; email: string; shopName: string };

async function fillSellerForm(page: Page, seller: Seller) {
  await page.getByLabel('Name', { exact: true }).fill(seller.name);
  await page.getByLabel('Shop Name').fill(seller.shopName);
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('Email Address').fill(seller.email);
  await page.getByLabel('Business Address').fill('9 Weavers Lane, Pochampally');
  await page
    .getByLabel('State')
    .locator('option', { hasText: 'Telangana' })
    .first()
    .waitFor({ state: 'attached' });
  await page.getByLabel('State').selectOption('Telangana');
  await page
    .getByLabel('City')
    .locator('option', { hasText: 'Hyderabad' })
    .first()
    .waitFor({ state: 'attached' });
  await page.getByLabel('City').selectOption('Hyderabad');
  await page.getByLabel('GSTIN').fill('36AABCK4821M1ZE');
  await page.getByLabel('Bank Account Number').fill('50100234567891');
  await page.getByLabel('Identity Proof Type').selectOption('Pan Card');
  await page.getByLabel('Identity Proof Number').fill('AABCK4821M');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Re-type Password').fill(PASSWORD);
}

describe('seller onboarding', () => {
  const tag = unique();
  const seller: Seller = {
    name: `Kiran Weaves ${tag}`,
    email: `kiran.${tag}@example.test`,
    shopName: `Kiran Handlooms ${tag}`,
  };

  it('a company seller registers with two documents and sees Profile Under Review (desktop)', async () => {
    const page = await openPage({ width: 1280 });
    await page.goto('/registration_choice');
    await page.getByRole('link', { name: 'Register as Seller (Company)' }).click();
    await page.waitForURL(/\/register_seller\?type=company/);
    await page.getByRole('heading', { name: 'Register as a company seller' }).waitFor();
    // Country defaults to India; currency follows it and is read-only.
    expect(await page.getByLabel('Country').inputValue()).toBe('India');
    expect(await page.getByLabel('Currency', { exact: true }).inputValue()).toBe('INR');
    expect(await page.getByLabel('Currency', { exact: true }).getAttribute('readonly')).not.toBeNull();

    // Nothing filled in: 'Please fill out all fields'.
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please fill out all fields').waitFor();

    // A mobile number that is too short (it is typed after a fixed +91), a PAN in the wrong shape and a GSTIN with a wrong check character
    // say so.
    await fillSellerForm(page, seller);
    await page.getByLabel('Mobile Number').fill('98765');
    await page.getByLabel('Identity Proof Number').fill('AABCK48');
    await page.getByLabel('GSTIN').fill('36AABCK4821M1ZD');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Mobile number must be exactly 10 digits').waitFor();
    await page.getByText('Pan Card number must be 10 letters or digits').waitFor();
    await page.getByText('Please enter a valid GSTIN.').waitFor();
    await screenshot(page, 'seller-register-validation-desktop');

    await page.getByLabel('Mobile Number').fill('9876543210');
    await page.getByLabel('Identity Proof Number').fill('AABCK4821M');
    // Typed in lower case: stored in upper case (the Admin's list below shows 36AABCK4821M1ZE).
    await page.getByLabel('GSTIN').fill('36aabck4821m1ze');
    await page.getByLabel('Identity Documents').setInputFiles([
      { name: 'pan-card.png', mimeType: 'image/png', buffer: await cardImage('PAN CARD') },
      { name: 'gst-certificate.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await page.getByRole('list', { name: 'Chosen documents' }).getByText('gst-certificate.pdf').waitFor();
    await screenshot(page, 'seller-register-desktop');

    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/profile-review-screen');
    await page.getByRole('heading', { name: 'Profile Under Review' }).waitFor();
    // Where the seller stands: what arrived (the shop name, the proof, both documents), what happens now,
    // how long it usually takes, and whom to write to (ADR 0134).
    const received = page.getByRole('list', { name: 'What we received' });
    await received.getByText(`Shop name: ${seller.shopName}`).waitFor();
    await received.getByText('Identity proof: Pan Card (AABCK4821M)').waitFor();
    await received.getByText('Identity documents: Document 1, Document 2 (2 files)').waitFor();
    await page.getByRole('heading', { name: 'Now Under review' }).waitFor();
    await page.getByText('3–5 working days').waitFor();
    await page.getByRole('link', { name: 'sellers@haat.test' }).waitFor();
    // Signed in, but not selling yet: no Products / Orders in the user menu.
    const menu = await openUserMenu(page, seller.name);
    expect((await menu.locator('.dropdown-item').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Profile',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await screenshot(page, 'profile-review-desktop');
  });

  it('the admin opens Document 1 and activates the seller; the seller then has Products and Orders', async () => {
    const admin = await openPage({ width: 1280 });
    await signIn(admin, 'admin@haat.test', DEMO_PASSWORD);
    await admin.goto(`/admin/userlist?keyword=${encodeURIComponent(seller.email)}`);
    const row = admin.getByRole('row').filter({ hasText: seller.email });
    await row.waitFor();
    await expect.poll(() => row.getByText('Inactive').count()).toBe(1);
    for (const text of ['Seller-Company', '36AABCK4821M1ZE', '50100234567891', 'Pan Card', 'AABCK4821M']) {
      expect(await row.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    await row.getByRole('button', { name: 'Document 2' }).waitFor();

    // Document 1 opens through a signed link in a new tab.
    const [tab] = await Promise.all([
      admin.waitForEvent('popup'),
      row.getByRole('button', { name: 'Document 1' }).click(),
    ]);
    await tab.waitForURL(/\/api\/upload\/verification-docs\/file\?key=kyc%2F/);
    await tab.waitForLoadState();
    const shown = await tab.evaluate(() => document.contentType);
    expect(shown).toBe('image/png');
    await screenshot(tab, 'admin-kyc-document-desktop');
    // The link is the only way in: no public copy under /uploads.
    const key = new URL(tab.url()).searchParams.get('key') ?? '';
    const direct = await admin.request.get(`${baseURL}/uploads/${key}`);
    expect(direct.status()).toBe(404);
    await tab.close();

    await admin.goto('/admin/userlist');
    await admin.getByRole('heading', { name: 'Users' }).waitFor();
    await admin.getByRole('row').nth(1).waitFor();
    await screenshot(admin, 'admin-userlist-desktop');

    await admin.goto(`/admin/userlist?keyword=${encodeURIComponent(seller.email)}`);
    await admin.getByRole('link', { name: `Edit ${seller.name}` }).click();
    await admin.getByRole('heading', { name: 'Edit User' }).waitFor();
    expect(await admin.getByLabel('Seller-Company').isChecked()).toBe(true);
    await admin.getByLabel('Is Active').check();
    await admin.getByText('Saving activates this seller').waitFor();
    await screenshot(admin, 'admin-user-edit-desktop');
    await admin.getByRole('button', { name: 'Update' }).click();
    await admin.waitForURL('**/admin/userlist');
    await admin.goto(`/admin/userlist?keyword=${encodeURIComponent(seller.email)}`);
    await admin
      .getByRole('row')
      .filter({ hasText: seller.email })
      .getByText('Active', { exact: true })
      .waitFor();

    // The seller-verified e-mail went out (once).
    await expect
      .poll(
        async () => {
          const box = (await (await admin.request.get(`${baseURL}/dev/mailbox.json`)).json()) as {
            mails: { to: string; subject: string }[];
          };
          return box.mails.filter(
            (m) => m.to === seller.email && m.subject === 'Your Haat seller profile is verified',
          ).length;
        },
        { timeout: 20_000 },
      )
      .toBe(1);

    // The seller signs in and has the seller menus.
    const page = await openPage({ width: 1280 });
    await signIn(page, seller.email, PASSWORD);
    const menu = await openUserMenu(page, seller.name);
    expect((await menu.locator('.dropdown-item').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Profile',
      'Dashboard',
      'Products',
      'Orders',
      'Shipments',
      'Returns',
      'Size Charts',
      'Delivery Area',
      'Tax Documents',
      'Payments',
      'Logout',
    ]);
    await screenshot(page, 'seller-activated-menu-desktop');
    await page.keyboard.press('Escape');

    // The dashboard's first steps, ticked from the seller's own data: the bank account given at sign-up
    // is there, the shop pictures and a product are not (ADR 0134).
    await page.goto('/seller/dashboard');
    const steps = page.getByRole('list', { name: 'First steps' });
    await steps.waitFor();
    const step = (label: string) => steps.getByRole('listitem').filter({ hasText: label });
    await expect.poll(() => step('Add your payout bank account').getAttribute('data-done')).toBe('true');
    expect(await step('Add a shop picture and banner').getAttribute('data-done')).toBe('false');
    expect(await step('List your first product').getAttribute('data-done')).toBe('false');
    expect(await step('List your first product').getByRole('link').getAttribute('href')).toBe(
      '/seller/productlist',
    );
    await screenshot(page, 'seller-first-steps-desktop');

    // A first product (through the API, as the product form has its own tests) ticks its step.
    const { token } = await apiCall<{ token: string }>('POST', '/api/users/login', undefined, {
      email: seller.email,
      password: PASSWORD,
    });
    const { products } = await apiCall<{ products: { categoryId: string; sizes: string[] }[] }>(
      'GET',
      '/api/products',
    );
    await apiCall('POST', '/api/products', token, {
      name: 'Ikat Cotton Saree',
      price: 2499,
      currency: 'INR',
      brand: 'Kiran',
      countInStock: 5,
      categoryId: products[0]!.categoryId,
      sizes: products[0]!.sizes.slice(0, 1),
      description: 'Handwoven ikat saree.',
      image: [],
    });
    await page.reload();
    await steps.waitFor();
    await expect.poll(() => step('List your first product').getAttribute('data-done')).toBe('true');
    expect(await step('Add a shop picture and banner').getAttribute('data-done')).toBe('false');
    await screenshot(page, 'seller-first-steps-ticked-desktop');
  });

  it('the Auditor sees the users table read-only (no edit or delete)', async () => {
    const page = await openPage({ width: 1280 });
    await signIn(page, 'auditor@haat.test', DEMO_PASSWORD);
    await page.goto('/admin/userlist');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    // A buyer is told they are not allowed, with a way home (the one route guard, ADR 0099).
    const buyer = await openPage({ width: 1280 });
    await signIn(buyer, 'buyer@haat.test', DEMO_PASSWORD);
    await buyer.goto('/admin/userlist');
    await buyer.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await buyer.getByText('You are not allowed to view this page.').waitFor();
    await screenshot(buyer, 'not-allowed-desktop');
    await buyer.getByRole('link', { name: 'Back to the shop' }).click();
    await buyer.waitForURL((url) => url.pathname === '/');
  });

  it('at 360 px: seller sign-up, review screen and the users table fit the phone', async () => {
    const page = await openPage({ width: 360, height: 780 });
    await page.goto('/register_seller?type=individual&redirect=/');
    await page.getByRole('heading', { name: 'Register as an individual seller' }).waitFor();
    await page
      .getByLabel('State')
      .locator('option', { hasText: 'Delhi' })
      .first()
      .waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'seller-register-mobile');
    await page.goto('/profile-review-screen');
    await page.getByRole('heading', { name: 'Profile Under Review' }).waitFor();
    await screenshot(page, 'profile-review-mobile');

    const admin = await openPage({ width: 360, height: 780 });
    await signIn(admin, 'admin@haat.test', DEMO_PASSWORD);
    await admin.goto('/admin/userlist');
    await admin.getByRole('row').nth(1).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(admin, 'admin-userlist-mobile');
  });
});

describe('password recovery', () => {
  it('a buyer resets a forgotten password with the link from /dev/mailbox', async () => {
    // A buyer of its own, so the demo accounts keep their password for the other tests.
    const page = await openPage({ width: 1280 });
    const buyer = { name: `Asha ${unique()}`, email: `asha.${unique()}@example.test` };
    const created = await page.request.post(`${baseURL}/api/users`, {
      data: {
        ...buyer,
        phone: '9876543210',
        password: 'Forgot@12345',
        confirmPassword: 'Forgot@12345',
        address: '12 MG Road',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies(); // registering signed this browser in; the buyer has "forgotten"

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The URL changes before the lazily loaded page replaces the login form (which has an Email Address
    // field too): wait for the new page itself before typing.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email Address').fill(buyer.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If that email is registered, a reset link has been sent.').waitFor();
    await screenshot(page, 'forgot-password-desktop');

    // The mail arrives in the dev mailbox (the queue sends it within a second or two).
    await expect
      .poll(
        async () => {
          const box = (await (await page.request.get(`${baseURL}/dev/mailbox.json`)).json()) as {
            mails: { to: string; subject: string }[];
          };
          return box.mails.some((m) => m.to === buyer.email && m.subject === 'Reset your Haat password');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.goto('/dev/mailbox');
    const mail = page
      .getByRole('article')
      .filter({ hasText: buyer.email })
      .filter({ hasText: 'Reset your Haat password' });
    const link = mail.getByRole('link', { name: /\/reset-password\// });
    await link.click();
    await page.waitForURL(/\/reset-password\/[A-Za-z0-9_-]+$/);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();

    await page.getByLabel('New Password', { exact: true }).fill('Remembered@123');
    await page.getByLabel('Confirm New Password').fill('Remembered@124');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm New Password').fill('Remembered@123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset').waitFor();
    await screenshot(page, 'reset-password-done-desktop');

    // The link works once.
    await page.reload();
    await page.getByLabel('New Password', { exact: true }).fill('Another@12345');
    await page.getByLabel('Confirm New Password').fill('Another@12345');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Invalid or expired token').waitFor();

    await signIn(page, buyer.email, 'Remembered@123');
    await page.getByRole('banner').getByRole('button', { name: buyer.name }).waitFor();
  });

  it('at 360 px: forgot and reset password pages', async () => {
    const page = await openPage({ width: 360, height: 780 });
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await screenshot(page, 'forgot-password-mobile');
    await page.goto('/reset-password/not-a-real-token');
    await page.getByLabel('New Password', { exact: true }).fill('Another@12345');
    await page.getByLabel('Confirm New Password').fill('Another@12345');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Invalid or expired token').waitFor();
    await screenshot(page, 'reset-password-invalid-mobile');
  });
});
