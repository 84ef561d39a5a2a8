import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, openPage, reportPagesOnFailure, screenshot } from './support.ts';

/**
 * Languages in the browser (docs/decisions/0135-languages.md): the header's switch, the browser's own
 * preference, and the account's choice following its owner to another browser.
 */
const pages = reportPagesOnFailure('languages');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

async function chooseHindi(page: Page) {
  const toggler = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggler.isVisible()) await toggler.click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
  await reloaded;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

describe('languages', () => {
  it('a phone visitor switches to Hindi in the header; the choice holds on the next page', async () => {
    const page = await openPage({ width: 390, height: 844 });
    pages.push(page);
    const errors = watchConsole(page);
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await chooseHindi(page);

    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await expect.poll(() => page.getByRole('button', { name: 'खोजें' }).isVisible()).toBe(true);
    expect(await page.getByRole('search').getByRole('searchbox').getAttribute('placeholder')).toBe(
      'उत्पाद खोजें…',
    );
    expect(await page.locator('footer').innerText()).toContain('नियम और शर्तें');
    await screenshot(page, 'home-phone-hi');

    // Another page, rendered by the server this time from the cookie.
    await page.goto('/cart');
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(await page.locator('footer').innerText()).toContain('नियम और शर्तें');
    expect(errors).toEqual([]);
  });

  it('a browser that asks for Hindi gets Hindi without choosing', async () => {
    const page = await openPage({ width: 1366, height: 900, locale: 'hi-IN' });
    pages.push(page);
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(await page.getByRole('combobox', { name: 'भाषा' }).inputValue()).toBe('hi');
    await screenshot(page, 'home-desktop-hi');
  });

  it("a signed-in shopper's choice follows them to another browser", async () => {
    const email = `lang.${unique()}@example.test`;
    const password = 'Secret@123';
    await apiCall('POST', '/api/users', undefined, {
      name: 'Lata Iyer',
      phone: '9876543210',
      email,
      password,
      confirmPassword: password,
      address: '12 Marine Drive',
      country: 'India',
      state: 'Maharashtra',
      city: 'Mumbai',
    });
    const signIn = async (page: Page) => {
      await page.goto('/login');
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    };

    const first = await openPage({ width: 1366, height: 900 });
    pages.push(first);
    await signIn(first);
    await chooseHindi(first);
    expect(await first.getAttribute('html', 'lang')).toBe('hi');

    const second = await openPage({ width: 390, height: 844 });
    pages.push(second);
    await signIn(second);
    await second.goto('/');
    expect(await second.getAttribute('html', 'lang')).toBe('hi');
    expect(await second.locator('footer').innerText()).toContain('नियम और शर्तें');
  });
});
