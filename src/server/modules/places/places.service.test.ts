import { Country } from 'country-state-city';
import { describe, expect, it } from 'vitest';
import { isCurrencyCode } from '#shared/currencies.ts';
import { COUNTRY_CODES } from '#shared/postal-code.ts';
import { isCityOptional } from '#shared/schemas/user.ts';
import { AppError } from '../../lib/errors.ts';
import {
  checkPostalCode,
  countryIsoFor,
  findCountry,
  listCities,
  listCountries,
  listStates,
} from './places.service.ts';

function notFoundError(fn: () => unknown): AppError | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  return undefined;
}

describe('findCountry / countryIsoFor', () => {
  it('finds a country by name or ISO2, in any case, ignoring surrounding spaces', () => {
    const india = { name: 'India', isoCode: 'IN', currency: 'INR' };
    expect(findCountry('India')).toEqual(india);
    expect(findCountry('india')).toEqual(india);
    expect(findCountry('INDIA')).toEqual(india);
    expect(findCountry('IN')).toEqual(india);
    expect(findCountry('in')).toEqual(india);
    expect(findCountry(' India ')).toEqual(india);
    expect(findCountry('United States')).toMatchObject({ isoCode: 'US', currency: 'USD' });
    expect(findCountry('gb')).toMatchObject({ name: 'United Kingdom', currency: 'GBP' });
    expect(findCountry('Japan')?.currency).toBe('JPY');
    expect(findCountry('Switzerland')?.currency).toBe('CHF');
  });

  it('names Hong Kong and Macau as the product does, and still knows the package spelling', () => {
    expect(findCountry('HK')).toEqual({ name: 'Hong Kong', isoCode: 'HK', currency: 'HKD' });
    expect(findCountry('Hong Kong S.A.R.')?.isoCode).toBe('HK');
    expect(findCountry('macau')).toEqual({ name: 'Macau', isoCode: 'MO', currency: 'MOP' });
    expect(findCountry('Macau S.A.R.')?.isoCode).toBe('MO');
    expect(findCountry('Taiwan')).toMatchObject({ isoCode: 'TW', currency: 'TWD' });
    // The names stored for these countries are the ones the shared "city optional" rule knows.
    for (const iso of ['HK', 'MO', 'TW']) expect(isCityOptional(findCountry(iso)!.name), iso).toBe(true);
  });

  it('returns undefined for what is not a country', () => {
    for (const v of ['', '  ', 'XX', 'Atlantis', 'IND', 'UK', 'Ind'])
      expect(findCountry(v), v).toBeUndefined();
    expect(countryIsoFor('Atlantis')).toBeUndefined();
    expect(countryIsoFor('France')).toBe('FR');
    expect(countryIsoFor('fr')).toBe('FR');
  });

  it('gives current currencies where the package data is out of date', () => {
    expect(findCountry('Croatia')?.currency).toBe('EUR');
    expect(findCountry('Bulgaria')?.currency).toBe('EUR');
    expect(findCountry('VE')?.currency).toBe('VES');
    expect(findCountry('MR')?.currency).toBe('MRU');
    expect(findCountry('ST')?.currency).toBe('STN');
    expect(findCountry('SL')?.currency).toBe('SLE');
    expect(findCountry('ZW')?.currency).toBe('ZWG');
    expect(findCountry('CW')?.currency).toBe('XCG');
    expect(findCountry('AQ')?.currency).toBe('USD');
  });
});

describe('listCountries', () => {
  it('lists about 250 countries sorted by name, India with INR', () => {
    const list = listCountries();
    expect(list.length).toBe(250);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list).toContainEqual({ name: 'India', isoCode: 'IN', currency: 'INR' });
    expect(new Set(list.map((c) => c.isoCode)).size).toBe(250);
  });

  it("every country's currency is in the shared currency table", () => {
    const missing = listCountries().filter((c) => !isCurrencyCode(c.currency));
    expect(missing).toEqual([]);
  });

  it('knows exactly the ISO2 codes the shared postal-code check knows (and the package has)', () => {
    const codes = new Set(listCountries().map((c) => c.isoCode));
    expect([...codes].sort()).toEqual([...COUNTRY_CODES].sort());
    expect(Country.getAllCountries().length).toBe(COUNTRY_CODES.size);
  });

  it('is memoised: the same array every time', () => {
    expect(listCountries()).toBe(listCountries());
  });
});

describe('listStates', () => {
  it('lists the states of India, sorted, with Maharashtra as MH', () => {
    const states = listStates('IN');
    expect(states).toContainEqual({ name: 'Maharashtra', isoCode: 'MH' });
    expect(states.length).toBeGreaterThanOrEqual(30);
    expect(states.map((s) => s.name)).toEqual(
      states.map((s) => s.name).sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(listStates('in')).toBe(states);
  });

  it('looks Hong Kong, Macau and Taiwan up under China: one state each', () => {
    expect(listStates('HK')).toEqual([{ name: 'Hong Kong SAR', isoCode: 'HK' }]);
    expect(listStates('MO')).toEqual([{ name: 'Macau SAR', isoCode: 'MO' }]);
    expect(listStates('TW')).toEqual([{ name: 'Taiwan', isoCode: 'TW' }]);
    // China itself still lists them among its states.
    expect(listStates('CN').map((s) => s.isoCode)).toEqual(expect.arrayContaining(['HK', 'MO', 'TW', 'BJ']));
  });

  it('gives an empty list for a known country without states, 404 for an unknown one', () => {
    expect(listStates('AQ')).toEqual([]);
    expect(notFoundError(() => listStates('XX'))?.kind).toBe('not_found');
    expect(notFoundError(() => listStates('India'))?.kind).toBe('not_found');
  });
});

describe('listCities', () => {
  it('lists the cities of Maharashtra, sorted and distinct, Mumbai and Pune among them', () => {
    const cities = listCities('IN', 'MH').map((c) => c.name);
    expect(cities).toEqual(expect.arrayContaining(['Mumbai', 'Pune', 'Nagpur']));
    expect(new Set(cities).size).toBe(cities.length);
    expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('accepts a lower-case state code', () => {
    expect(listCities('in', 'mh')).toBe(listCities('IN', 'MH'));
  });

  it('Hong Kong and Macau have no cities; Taiwan has its cities under China', () => {
    expect(listCities('HK', 'HK')).toEqual([]);
    expect(listCities('MO', 'MO')).toEqual([]);
    expect(listCities('TW', 'TW').length).toBeGreaterThan(10);
  });

  it('404 for an unknown country or a state of another country', () => {
    expect(notFoundError(() => listCities('XX', 'MH'))?.message).toBe('Country not found');
    expect(notFoundError(() => listCities('IN', 'ZZZ'))?.message).toBe('State not found');
    // Beijing is China's, not Hong Kong's single state.
    expect(notFoundError(() => listCities('HK', 'BJ'))?.message).toBe('State not found');
  });
});

describe('checkPostalCode', () => {
  it('takes the country by ISO2 or by name', () => {
    expect(checkPostalCode('IN', '400001')).toBe(true);
    expect(checkPostalCode('India', '400001')).toBe(true);
    expect(checkPostalCode('india', '040001')).toBe(false);
    expect(checkPostalCode('United States', '10001-1234')).toBe(true);
    expect(checkPostalCode('Canada', 'K1A 0B1')).toBe(true);
    expect(checkPostalCode('Hong Kong', 'anything')).toBe(true);
  });

  it('uses an unknown name as typed: it fails', () => {
    expect(checkPostalCode('Atlantis', '12345')).toBe(false);
    expect(checkPostalCode('XX', '12345')).toBe(false);
  });
});
