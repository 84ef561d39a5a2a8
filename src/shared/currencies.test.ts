import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyByCode, isCurrencyCode } from './currencies.ts';
import { currencyCodeSchema } from './schemas/currency.ts';
import { COUNTRY_CODES } from './postal-code.ts';

describe('currency table', () => {
  it('holds about 160 distinct, sorted ISO 4217 codes', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    expect(CURRENCIES.length).toBeLessThanOrEqual(170);
    const codes = CURRENCIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('every entry is complete: names, visible symbols, 0/2/3 decimals, a known country', () => {
    for (const c of CURRENCIES) {
      expect(c.name.trim(), c.code).not.toBe('');
      expect(c.symbol.trim(), c.code).not.toBe('');
      expect(c.symbolNative.trim(), c.code).not.toBe('');
      // No invisible marks (RLM, zero-width space) that would break layout.
      expect(c.symbol + c.symbolNative, c.code).not.toMatch(/\p{Cf}/u);
      expect([0, 2, 3], c.code).toContain(c.decimalDigits);
      expect(COUNTRY_CODES.has(c.country), c.code).toBe(true);
    }
  });

  it('rounds to 0 except the Swiss franc (0.05)', () => {
    expect(CURRENCIES.filter((c) => c.rounding !== 0).map((c) => [c.code, c.rounding])).toEqual([
      ['CHF', 0.05],
    ]);
  });

  it('has the currencies the shop needs, with the right digits and symbols', () => {
    expect(currencyByCode('INR')).toMatchObject({
      name: 'Indian Rupee',
      symbol: '₹',
      symbolNative: '₹',
      decimalDigits: 2,
    });
    expect(currencyByCode('USD')).toMatchObject({
      name: 'US Dollar',
      symbol: '$',
      decimalDigits: 2,
      country: 'US',
    });
    expect(currencyByCode('EUR')).toMatchObject({ name: 'Euro', symbol: '€', decimalDigits: 2 });
    expect(currencyByCode('GBP')).toMatchObject({ symbol: '£', decimalDigits: 2 });
    expect(currencyByCode('JPY')).toMatchObject({ symbol: '¥', decimalDigits: 0 });
    expect(currencyByCode('KRW')?.decimalDigits).toBe(0);
    expect(currencyByCode('KWD')).toMatchObject({ decimalDigits: 3, symbolNative: 'د.ك.' });
    expect(currencyByCode('BHD')?.decimalDigits).toBe(3);
    expect(currencyByCode('OMR')?.decimalDigits).toBe(3);
    expect(currencyByCode('CHF')).toMatchObject({ decimalDigits: 2, rounding: 0.05 });
    expect(currencyByCode('CAD')).toMatchObject({ symbol: 'CA$', symbolNative: '$' });
    for (const code of [
      'AED',
      'AUD',
      'CNY',
      'HKD',
      'MOP',
      'TWD',
      'SGD',
      'NZD',
      'ZAR',
      'BRL',
      'MXN',
      'RUB',
      'XOF',
      'XAF',
    ])
      expect(isCurrencyCode(code), code).toBe(true);
  });

  it('leaves out units of account and withdrawn currencies', () => {
    for (const code of ['XDR', 'XSU', 'HRK', 'BGN', 'CUC', 'ANG', 'SLL', 'ZWL', 'VEF', 'MRO', 'STD'])
      expect(isCurrencyCode(code), code).toBe(false);
  });
});

describe('currencyByCode / isCurrencyCode', () => {
  it('find upper-case codes only', () => {
    expect(currencyByCode('INR')?.code).toBe('INR');
    expect(currencyByCode('inr')).toBeUndefined();
    expect(currencyByCode('XXX')).toBeUndefined();
    expect(currencyByCode('')).toBeUndefined();
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('US')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });

  it('the table cannot be changed by a caller', () => {
    const inr = currencyByCode('INR')!;
    expect(() => {
      (inr as { decimalDigits: number }).decimalDigits = 5;
    }).toThrow();
    expect(Object.isFrozen(CURRENCIES)).toBe(true);
  });
});

describe('currencyCodeSchema', () => {
  it('trims and upper-cases a known code', () => {
    expect(currencyCodeSchema.parse(' inr ')).toBe('INR');
  });
  it('refuses unknown codes with the form message', () => {
    const r = currencyCodeSchema.safeParse('ABC');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please select a currency.');
  });
});
