import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '#shared/currencies.ts';
import type { City, Country, State } from '#shared/schemas/places.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function expectLongCache(headers: Record<string, unknown>) {
  expect(String(headers['cache-control'])).toMatch(/public, max-age=86400/);
}

describe('GET /api/places/countries', () => {
  it('lists about 250 countries by name, India with INR, cacheable', async () => {
    const res = await get('/api/places/countries');
    expect(res.statusCode).toBe(200);
    expectLongCache(res.headers);
    const countries = res.json<Country[]>();
    expect(countries.length).toBe(250);
    expect(countries).toContainEqual({ name: 'India', isoCode: 'IN', currency: 'INR' });
    expect(countries).toContainEqual({ name: 'Hong Kong', isoCode: 'HK', currency: 'HKD' });
    expect(countries).toContainEqual({ name: 'Macau', isoCode: 'MO', currency: 'MOP' });
    expect(countries).toContainEqual({ name: 'Taiwan', isoCode: 'TW', currency: 'TWD' });
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    // Exactly the wire fields, nothing of the package's extras (flag, timezones, …).
    for (const c of countries) expect(Object.keys(c).sort()).toEqual(['currency', 'isoCode', 'name']);
  });
});

describe('GET /api/places/countries/:iso2/states', () => {
  it('lists the states of India with Maharashtra (MH)', async () => {
    const res = await get('/api/places/countries/IN/states');
    expect(res.statusCode).toBe(200);
    expectLongCache(res.headers);
    const states = res.json<State[]>();
    expect(states).toContainEqual({ name: 'Maharashtra', isoCode: 'MH' });
    expect(states).toContainEqual({ name: 'Karnataka', isoCode: 'KA' });
    expect(states.length).toBeGreaterThanOrEqual(30);
  });

  it('accepts a lower-case country code', async () => {
    const res = await get('/api/places/countries/in/states');
    expect(res.statusCode).toBe(200);
    expect(res.json<State[]>()).toContainEqual({ name: 'Maharashtra', isoCode: 'MH' });
  });

  it('Hong Kong, Macau and Taiwan answer with their single state of China', async () => {
    const expected: Record<string, State[]> = {
      HK: [{ name: 'Hong Kong SAR', isoCode: 'HK' }],
      MO: [{ name: 'Macau SAR', isoCode: 'MO' }],
      TW: [{ name: 'Taiwan', isoCode: 'TW' }],
    };
    for (const [iso, states] of Object.entries(expected)) {
      const res = await get(`/api/places/countries/${iso}/states`);
      expect(res.statusCode, iso).toBe(200);
      expect(res.json(), iso).toEqual(states);
    }
  });

  it('a known country without states gives an empty list', async () => {
    const res = await get('/api/places/countries/AQ/states');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('an unknown country is 404 and not cached', async () => {
    const res = await get('/api/places/countries/XX/states');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Country not found',
      code: 'not_found',
      requestId: expect.any(String),
    });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('a malformed country code is 400 with the field named', async () => {
    const res = await get('/api/places/countries/India/states');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.message).toBe('Country code must be two letters');
    expect(body.errors[0]?.path).toBe('iso2');
  });
});

describe('GET /api/places/countries/:iso2/states/:stateCode/cities', () => {
  it('lists the cities of Maharashtra, Mumbai among them', async () => {
    const res = await get('/api/places/countries/IN/states/MH/cities');
    expect(res.statusCode).toBe(200);
    expectLongCache(res.headers);
    const cities = res.json<City[]>();
    expect(cities).toContainEqual({ name: 'Mumbai' });
    expect(cities).toContainEqual({ name: 'Pune' });
    expect(cities.length).toBeGreaterThan(100);
    for (const c of cities) expect(Object.keys(c)).toEqual(['name']);
  });

  it('Hong Kong and Macau have no cities; Taiwan lists its cities', async () => {
    for (const iso of ['HK', 'MO']) {
      const res = await get(`/api/places/countries/${iso}/states/${iso}/cities`);
      expect(res.statusCode, iso).toBe(200);
      expect(res.json(), iso).toEqual([]);
    }
    const tw = await get('/api/places/countries/TW/states/TW/cities');
    expect(tw.statusCode).toBe(200);
    expect(tw.json<City[]>().length).toBeGreaterThan(10);
  });

  it('an unknown state or country is 404', async () => {
    const state = await get('/api/places/countries/IN/states/ZZZ/cities');
    expect(state.statusCode).toBe(404);
    expect(state.json()).toEqual({
      message: 'State not found',
      code: 'not_found',
      requestId: expect.any(String),
    });
    const country = await get('/api/places/countries/XX/states/MH/cities');
    expect(country.statusCode).toBe(404);
    expect(country.json()).toEqual({
      message: 'Country not found',
      code: 'not_found',
      requestId: expect.any(String),
    });
  });
});

describe('GET /api/places/postal-code', () => {
  const check = async (country: string, code: string) => {
    const res = await get(
      `/api/places/postal-code?country=${encodeURIComponent(country)}&code=${encodeURIComponent(code)}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json<{ valid: boolean }>().valid;
  };

  it('checks by ISO2 code', async () => {
    expect(await check('IN', '400001')).toBe(true);
    expect(await check('IN', '040001')).toBe(false);
    expect(await check('US', '10001-1234')).toBe(true);
    expect(await check('US', '1000')).toBe(false);
    expect(await check('CA', 'K1A0B1')).toBe(true);
    expect(await check('GB', 'SW1A 1AA')).toBe(true);
  });

  it('checks by country name, converted to its code first', async () => {
    expect(await check('India', '560001')).toBe(true);
    expect(await check('india', '56000')).toBe(false);
    expect(await check('United States', '94105')).toBe(true);
    expect(await check('Canada', '12345')).toBe(false);
  });

  it('countries without a pattern take any text; Hong Kong by name or code', async () => {
    expect(await check('Hong Kong', 'Central')).toBe(true);
    expect(await check('HK', '999077')).toBe(true);
    expect(await check('Macau', 'n/a')).toBe(true);
    expect(await check('HK', '')).toBe(false);
  });

  it('an unknown country (name or code) is not valid', async () => {
    expect(await check('Atlantis', '12345')).toBe(false);
    expect(await check('XX', '12345')).toBe(false);
  });

  it('a missing country is 400', async () => {
    const res = await get('/api/places/postal-code?code=12345');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('country');
  });
});

describe('GET /api/currencies', () => {
  it('lists about 160 currencies with the wire fields of docs/product/currency-and-places.md', async () => {
    const res = await get('/api/currencies');
    expect(res.statusCode).toBe(200);
    expectLongCache(res.headers);
    const list = res.json<Currency[]>();
    expect(list.length).toBeGreaterThanOrEqual(150);
    expect(list.length).toBeLessThanOrEqual(170);
    for (const c of list) {
      expect(c).toEqual({
        code: expect.stringMatching(/^[A-Z]{3}$/),
        symbol: expect.any(String),
        symbolNative: expect.any(String),
        name: expect.any(String),
        decimalDigits: expect.any(Number),
        rounding: expect.any(Number),
        country: expect.stringMatching(/^[A-Z]{2}$/),
      });
    }
    const by = new Map(list.map((c) => [c.code, c]));
    expect(by.get('INR')).toMatchObject({ symbol: '₹', name: 'Indian Rupee', decimalDigits: 2, rounding: 0 });
    expect(by.get('USD')).toMatchObject({ symbol: '$', decimalDigits: 2 });
    expect(by.get('JPY')?.decimalDigits).toBe(0);
    expect(by.get('KWD')?.decimalDigits).toBe(3);
    expect(by.get('CHF')?.rounding).toBe(0.05);
  });

  it("has every country's currency", async () => {
    const countries = (await get('/api/places/countries')).json<Country[]>();
    const codes = new Set((await get('/api/currencies')).json<Currency[]>().map((c) => c.code));
    expect(countries.filter((c) => !codes.has(c.currency))).toEqual([]);
  });
});
