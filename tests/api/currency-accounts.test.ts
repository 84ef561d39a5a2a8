import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCurrencyCode } from '#shared/currencies.ts';
import { listCountries } from '../../src/server/modules/places/places.service.ts';
import { getRateFromInr } from '../../src/server/modules/currency/rates.service.ts';
import { uniqueEmail } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Issue 8 item 4 and the link between accounts and rates: a person's currency is derived from their
 * country by the server (whatever the client sends), and every country's currency can price an order.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const body = (overrides: Record<string, unknown>) => ({
  name: 'Kenji Sato',
  phone: '9876543210',
  email: uniqueEmail('cur'),
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  address: '1-1 Marunouchi',
  ...overrides,
});

describe('currency of an account', () => {
  it('comes from the country at registration, not from the body', async () => {
    const cases = [
      [{ country: 'Japan', state: 'Tokyo', city: 'Chiyoda', currency: 'USD' }, 'JPY'],
      [{ country: 'KW', state: 'Al Asimah', city: 'Kuwait City' }, 'KWD'],
      [{ country: 'Switzerland', state: 'Zürich', city: 'Zürich', currency: 'EUR' }, 'CHF'],
    ] as const;
    for (const [place, currency] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', payload: body(place) });
      expect(res.statusCode, JSON.stringify(place)).toBe(201);
      expect(res.json<{ currency: string }>().currency).toBe(currency);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${res.json<{ token: string }>().token}` },
      });
      expect(profile.json<{ currency: string }>().currency).toBe(currency);
    }
  });

  it("every country's currency is in the currency table and has a rate for pricing orders", async () => {
    const countries = listCountries();
    expect(countries.length).toBeGreaterThan(200);
    const missing = countries
      .filter((c) => !isCurrencyCode(c.currency))
      .map((c) => `${c.isoCode}:${c.currency}`);
    expect(missing).toEqual([]);
    for (const code of new Set(countries.map((c) => c.currency))) {
      const { rateFromInr } = await getRateFromInr(t.db, code);
      expect(Number(rateFromInr), code).toBeGreaterThan(0);
    }
  });
});
