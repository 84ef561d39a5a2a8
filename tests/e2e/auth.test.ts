import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_MSG } from '#shared/schemas/user.ts';
import { openPage, screenshot } from './support.ts';

/**
 * The account flow in a real browser, through the forms a person uses: register a buyer, see their name
 * in the header, sign out, sign in again. Screenshots at desktop (1280 px) and phone (360 px) widths.
 */

const PASSWORD = 'Secret@12345';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The header's user menu toggle carries the signed-in person's name. */
const userMenu = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });

/** At 360 px the navbar is collapsed behind its toggler; open it when it is there. */
async function openNavbar(page: Page) {
  const toggler = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggler.isVisible()) {
    await toggler.click();
    await page.locator('#main-nav.show').waitFor();
  }
}

async function fillRegistration(page: Page, user: { name: string; email: string }, confirm = PASSWORD) {
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Home Address').fill('12 MG Road');
  // India is the default country; its states come from the places API.
  await page.getByLabel('State').selectOption('Delhi');
  await page.getByLabel('City').selectOption('New Delhi');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Re-type Password').fill(confirm);
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts in the browser', () => {
  it('registers a buyer, signs out and signs in again (desktop)', async () => {
    const page = await openPage({ width: 1280 });
    const user = { name: `Asha ${unique()}`, email: `asha.${unique()}@example.test` };

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await screenshot(page, 'login-desktop');

    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL('**/registration_choice');
    await page.getByRole('link', { name: 'Register as Buyer' }).click();
    await page.waitForURL(/\/register\?redirect=/);

    // Country defaults to India, currency follows it and is read-only.
    const country = page.getByLabel('Country');
    await page
      .getByLabel('State')
      .locator('option', { hasText: 'Delhi' })
      .first()
      .waitFor({ state: 'attached' });
    expect(await country.inputValue()).toBe('India');
    expect(await page.getByLabel('Currency', { exact: true }).inputValue()).toBe('INR');
    expect(await page.getByLabel('Currency', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'register-desktop');

    // The shared schema's messages show under the fields.
    await fillRegistration(page, user, 'Different@123');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await screenshot(page, 'register-validation-desktop');

    await page.getByLabel('Re-type Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();

    // Signed in by registration: home, with the name in the header.
    await userMenu(page, user.name).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    await userMenu(page, user.name).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Profile' }).isVisible()).toBe(true);
    await screenshot(page, 'header-user-menu-desktop');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await userMenu(page, user.name).count()).toBe(0);

    // A wrong password shows the server's message in a red alert.
    await page.goto('/login');
    await signIn(page, user.email, 'Wrong@12345');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Invalid email or password');
    expect(await alert.getAttribute('class')).toContain('alert-danger');

    await signIn(page, user.email);
    await userMenu(page, user.name).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The session lives in an httpOnly cookie; browser storage holds display data only.
    const stored = await page.evaluate(() => localStorage.getItem('userInfo'));
    expect(stored).toContain(user.name);
    expect(stored).not.toMatch(/token/i);
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.httpOnly)).toBe(true);
  });

  it('sends a signed-out visitor to sign in and back to the page they wanted', async () => {
    const page = await openPage({ width: 1280 });
    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=profile$/);
    await signIn(page, 'buyer@haat.test', 'Demo@12345');
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'User Profile' }).waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe('buyer@haat.test');
  });

  it('the profile asks for the current password only to change the e-mail or password', async () => {
    const page = await openPage({ width: 1280 });
    const email = `meera.${unique()}@example.test`;
    const registered = await page.request.post('/api/users', {
      data: {
        name: `Meera ${unique()}`,
        phone: '9876543210',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        address: '12 MG Road',
        country: 'India',
        state: 'Delhi',
        city: 'New Delhi',
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'User Profile' }).waitFor();
    await page.waitForFunction(
      (value) => document.querySelector<HTMLInputElement>('input[name="email"]')?.value === value,
      email,
    );
    const current = page.getByLabel('Current Password', { exact: true });
    expect(await current.count()).toBe(0);

    // A new password brings the field; the form asks for it, the server checks it.
    await page.getByLabel('New Password', { exact: true }).fill('Newer@12345');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Newer@12345');
    await current.waitFor();
    const update = page.getByRole('button', { name: 'Update Profile' });
    await update.click();
    await page.getByText(CURRENT_PASSWORD_MSG.required).first().waitFor();
    await current.fill('Wrong@12345');
    await update.click();
    await page.getByText(CURRENT_PASSWORD_MSG.incorrect).first().waitFor();
    await screenshot(page, 'profile-current-password-desktop');
    await current.fill(PASSWORD);
    await update.click();
    await page.getByText('Profile updated').waitFor();
    await current.waitFor({ state: 'detached' });

    // Going back to the stored e-mail hides it again.
    const emailField = page.getByLabel('Email Address');
    await emailField.fill(`other.${email}`);
    await current.waitFor();
    await emailField.fill(email);
    await current.waitFor({ state: 'detached' });
  });

  it('works at 360 px: login, register and the collapsed header with the user menu', async () => {
    const page = await openPage({ width: 360, height: 780 });
    const user = { name: `Ravi ${unique()}`, email: `ravi.${unique()}@example.test` };

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'login-mobile');

    await page.goto('/register');
    await page
      .getByLabel('State')
      .locator('option', { hasText: 'Delhi' })
      .first()
      .waitFor({ state: 'attached' });
    await screenshot(page, 'register-mobile');

    await fillRegistration(page, user);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await openNavbar(page);
    await userMenu(page, user.name).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await screenshot(page, 'header-user-menu-mobile');
  });
});
