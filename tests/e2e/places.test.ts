import { describe, expect, it } from 'vitest';
import { openPage } from './support.ts';

/**
 * Countries without states in the place data (Aruba, Cayman Islands, …): State and City become text
 * fields, so a buyer from there can still register (docs/product/messages.md: country, state and city are required).
 */
describe('a country without states', () => {
  it('lets a buyer from Aruba type state and city, and register', async () => {
    const page = await openPage({ width: 1280 });
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    await page.goto('/register');
    await page.getByLabel('Name').fill(`Ana ${id}`);
    await page.getByLabel('Mobile Number').fill('2975551234');
    await page.getByLabel('Email Address').fill(`ana.${id}@example.test`);
    await page.getByLabel('Home Address').fill('Caya G. F. Betico Croes 1');
    await page.getByLabel('Country').selectOption('Aruba');
    const city = page.getByRole('textbox', { name: 'City' });
    await city.waitFor();
    expect(await city.isEnabled()).toBe(true);
    expect(await page.getByLabel('Currency', { exact: true }).inputValue()).toBe('AWG');
    await page.getByRole('textbox', { name: 'State' }).fill('Oranjestad');
    await city.fill('Oranjestad');
    await page.getByLabel('Password', { exact: true }).fill('Aruba@12345');
    await page.getByLabel('Re-type Password').fill('Aruba@12345');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.locator('header').getByText(`Ana ${id}`).count()).toBeGreaterThan(0);
  });
});
