import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, hasPostalCodePattern, isCountryCode, isValidPostalCode } from './postal-code.ts';

describe('isValidPostalCode', () => {
  it('United States: 5 digits with an optional -4', () => {
    expect(isValidPostalCode('US', '10001')).toBe(true);
    expect(isValidPostalCode('US', '10001-1234')).toBe(true);
    expect(isValidPostalCode('US', '1000')).toBe(false);
    expect(isValidPostalCode('US', '100011')).toBe(false);
    expect(isValidPostalCode('US', '10001-12')).toBe(false);
    expect(isValidPostalCode('US', 'ABCDE')).toBe(false);
  });

  it('Canada: A1A 1A1 with or without the space, any case', () => {
    expect(isValidPostalCode('CA', 'K1A 0B1')).toBe(true);
    expect(isValidPostalCode('CA', 'K1A0B1')).toBe(true);
    expect(isValidPostalCode('CA', 'k1a 0b1')).toBe(true);
    expect(isValidPostalCode('CA', '12345')).toBe(false);
    expect(isValidPostalCode('CA', 'K1A 0B')).toBe(false);
    // D, F, I, O, Q, U never appear in Canadian codes.
    expect(isValidPostalCode('CA', 'D1A 0B1')).toBe(false);
  });

  it('India: a 6-digit PIN that does not start with 0', () => {
    expect(isValidPostalCode('IN', '400001')).toBe(true);
    expect(isValidPostalCode('IN', '110001')).toBe(true);
    expect(isValidPostalCode('IN', '400 001')).toBe(true);
    expect(isValidPostalCode('IN', '040001')).toBe(false);
    expect(isValidPostalCode('IN', '40001')).toBe(false);
    expect(isValidPostalCode('IN', '4000011')).toBe(false);
    expect(isValidPostalCode('IN', '40000A')).toBe(false);
  });

  it('United Kingdom (GB): outward and inward codes, space optional', () => {
    for (const ok of ['SW1A 1AA', 'EC1A 1BB', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'sw1a1aa'])
      expect(isValidPostalCode('GB', ok), ok).toBe(true);
    for (const bad of ['12345', 'SW1A', 'SW1A 1A', '1AA SW1'])
      expect(isValidPostalCode('GB', bad), bad).toBe(false);
  });

  it('countries with a pattern the library has: Germany, Japan, Netherlands, Taiwan, China', () => {
    expect(isValidPostalCode('DE', '10115')).toBe(true);
    expect(isValidPostalCode('DE', '1011')).toBe(false);
    expect(isValidPostalCode('JP', '100-0001')).toBe(true);
    expect(isValidPostalCode('JP', '1000001')).toBe(false);
    expect(isValidPostalCode('NL', '1012 ab')).toBe(true);
    expect(isValidPostalCode('TW', '100')).toBe(true);
    expect(isValidPostalCode('TW', '10001')).toBe(true);
    expect(isValidPostalCode('TW', '1000')).toBe(false);
    expect(isValidPostalCode('CN', '100000')).toBe(true);
    expect(isValidPostalCode('CN', '10000')).toBe(false);
  });

  it('countries without a pattern (Hong Kong, Macau, UAE) take any text of 1–255 characters', () => {
    expect(hasPostalCodePattern('HK')).toBe(false);
    expect(hasPostalCodePattern('MO')).toBe(false);
    expect(hasPostalCodePattern('AE')).toBe(false);
    expect(isValidPostalCode('HK', '999077')).toBe(true);
    expect(isValidPostalCode('HK', 'Central, Hong Kong Island')).toBe(true);
    expect(isValidPostalCode('MO', 'n/a')).toBe(true);
    expect(isValidPostalCode('AE', '0')).toBe(true);
    expect(isValidPostalCode('HK', 'x'.repeat(255))).toBe(true);
    expect(isValidPostalCode('HK', 'x'.repeat(256))).toBe(false);
    expect(isValidPostalCode('HK', '')).toBe(false);
    expect(isValidPostalCode('HK', '   ')).toBe(false);
  });

  it('ignores surrounding spaces and the case of the country code', () => {
    expect(isValidPostalCode('us', ' 10001 ')).toBe(true);
    expect(isValidPostalCode(' in ', '400001')).toBe(true);
  });

  it('fails for an unknown or malformed country code, never throws', () => {
    for (const code of ['XX', 'ZZ', 'UK', 'USA', 'India', '', '1', 'INTL']) {
      expect(() => isValidPostalCode(code, '10001')).not.toThrow();
      expect(isValidPostalCode(code, '10001'), code).toBe(false);
    }
  });

  it('empty codes fail everywhere', () => {
    expect(isValidPostalCode('US', '')).toBe(false);
    expect(isValidPostalCode('IN', ' ')).toBe(false);
  });

  it('never throws for any known country, with or without a pattern', () => {
    for (const iso of COUNTRY_CODES) {
      expect(() => isValidPostalCode(iso, '12345')).not.toThrow();
      expect(typeof isValidPostalCode(iso, 'A')).toBe('boolean');
    }
  });
});

describe('country codes', () => {
  it('knows about 250 ISO2 codes, all two capital letters', () => {
    expect(COUNTRY_CODES.size).toBe(250);
    for (const iso of COUNTRY_CODES) expect(iso).toMatch(/^[A-Z]{2}$/);
    expect(isCountryCode('in')).toBe(true);
    expect(isCountryCode('HK')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
  });
});
