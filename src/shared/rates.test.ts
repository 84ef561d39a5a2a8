import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney, type CurrencySpec } from './money.ts';
import { convertFromInr } from './pricing.ts';
import {
  FALLBACK_DISPLAY_CURRENCY,
  crossRatesTable,
  currencyForLocale,
  isStaleDate,
  localeRegion,
  moneyLocaleFor,
  normalizeRate,
  parseRatesTable,
  pickDisplayCurrency,
  rateFromInrTable,
  ratesTableBody,
  todayIso,
} from './rates.ts';

const USD: CurrencySpec = { code: 'USD', decimalDigits: 2, rounding: 0 };
const JPY: CurrencySpec = { code: 'JPY', decimalDigits: 0, rounding: 0 };
const KWD: CurrencySpec = { code: 'KWD', decimalDigits: 3, rounding: 0 };
const CHF: CurrencySpec = { code: 'CHF', decimalDigits: 2, rounding: 0.05 };
const INR: CurrencySpec = { code: 'INR', decimalDigits: 2, rounding: 0 };

/** An INR table as RATES_URL sends it (floats with up to 11 significant digits). */
const feed = {
  date: '2026-11-21',
  inr: { usd: 0.011976047904, jpy: 1.79853, kwd: 0.0036637, chf: 0.0105, eur: 0.011, btc: 1.4e-7, inr: 1 },
};

describe('normalizeRate', () => {
  it('keeps a rate exactly, to the 10 places an order stores, half-up', () => {
    expect(normalizeRate(0.011976047904)).toBe('0.0119760479');
    expect(normalizeRate('0.01197604795')).toBe('0.011976048');
    expect(normalizeRate(1)).toBe('1');
    expect(normalizeRate(83.5)).toBe('83.5');
    expect(normalizeRate(14310.19146184)).toBe('14310.19146184');
    expect(normalizeRate(1.2e-7)).toBe('0.00000012');
  });

  it('refuses what is not a positive rate at 10 places', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 'abc', '', 4e-11]) {
      expect(() => normalizeRate(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('parseRatesTable (the RATES_URL shape)', () => {
  it('keeps the date and the codes of our currency table, the base at 1', () => {
    expect(parseRatesTable(feed, 'INR')).toEqual({
      date: '2026-11-21',
      rates: { usd: 0.011976047904, jpy: 1.79853, kwd: 0.0036637, chf: 0.0105, eur: 0.011, inr: 1 },
    });
  });

  it('reads upper-case keys and drops zero, negative, non-numeric and unknown entries', () => {
    const table = parseRatesTable(
      { date: '2026-11-21', usd: { INR: 83.5, EUR: 0, JPY: -1, GBP: '0.8', XYZ: 2 } },
      'usd',
    );
    expect(table).toEqual({ date: '2026-11-21', rates: { inr: 83.5, usd: 1 } });
  });

  it('refuses answers that are not a rate table', () => {
    const bad: unknown[] = [
      null,
      'oops',
      [],
      { inr: feed.inr },
      { date: 'yesterday', inr: feed.inr },
      { date: '2026-13-45', inr: feed.inr },
      { date: '2026-11-21', usd: feed.inr },
      { date: '2026-11-21', inr: [] },
      { date: '2026-11-21', inr: { btc: 1 } },
    ];
    for (const json of bad) expect(parseRatesTable(json, 'inr'), JSON.stringify(json)).toBeNull();
  });

  it('writes a table back in the same shape, keyed by the lower-case code', () => {
    expect(ratesTableBody('USD', { date: '2026-11-21', rates: { inr: 83.5, usd: 1 } })).toEqual({
      date: '2026-11-21',
      usd: { inr: 83.5, usd: 1 },
    });
  });
});

describe('rateFromInrTable and crossRatesTable', () => {
  const rates = parseRatesTable(feed, 'inr')!.rates;

  it('gives display units per 1 INR from the INR table, 1 for INR, null when missing', () => {
    expect(rateFromInrTable(rates, 'USD')).toBe('0.0119760479');
    expect(rateFromInrTable(rates, 'jpy')).toBe('1.79853');
    expect(rateFromInrTable(rates, 'INR')).toBe('1');
    expect(rateFromInrTable(rates, 'GBP')).toBeNull();
    expect(rateFromInrTable({ usd: 0 }, 'USD')).toBeNull();
  });

  it("derives another currency's table as cross rates", () => {
    const usd = crossRatesTable(rates, 'USD')!;
    expect(usd.usd).toBe(1);
    expect(usd.inr).toBeCloseTo(83.5, 6);
    expect(usd.eur).toBeCloseTo(0.011 / 0.011976047904, 9);
    expect(crossRatesTable(rates, 'INR')).toEqual(rates);
    expect(crossRatesTable(rates, 'GBP')).toBeNull();
  });
});

describe('from a rate table to the text on screen', () => {
  const rates = parseRatesTable(feed, 'inr')!.rates;
  // ₹1,29,950.00, the way <Price> does it: parse the wire amount, convert once, format.
  const show = (amount: number, currency: CurrencySpec) => {
    const rate = rateFromInrTable(rates, currency.code)!;
    return formatMoney(
      convertFromInr(parseMoney(amount, 2), rate, currency),
      currency,
      moneyLocaleFor(currency.code),
    );
  };

  it('INR stays as it is, with Indian grouping', () => {
    expect(show(129950, INR)).toBe('₹1,29,950.00');
    expect(show(499, INR)).toBe('₹499.00');
  });

  it('INR → USD: two decimals, thousands separators', () => {
    // 129,950 × 0.0119760479 = 1,556.2874… → $1,556.29
    expect(show(129950, USD)).toBe('$1,556.29');
    expect(show(499, USD)).toBe('$5.98');
  });

  it('INR → JPY: no decimals', () => {
    // 129,950 × 1.79853 = 233,718.97… → ¥233,719
    expect(show(129950, JPY)).toBe('¥233,719');
    expect(show(0.5, JPY)).toBe('¥1');
  });

  it('INR → KWD: three decimals', () => {
    // 129,950 × 0.0036637 = 476.098… → KWD 476.098
    expect(show(129950, KWD)).toMatch(/^KWD\s476\.098$/);
    expect(show(1, KWD)).toMatch(/^KWD\s0\.004$/);
  });

  it('INR → CHF: rounded to 0.05', () => {
    // 499 × 0.0105 = 5.2395 → 5.25; 129,950 × 0.0105 = 1,364.475 → 1,364.50
    expect(show(499, CHF)).toMatch(/^CHF\s5\.25$/);
    expect(show(129950, CHF)).toMatch(/^CHF\s1,364\.50$/);
  });
});

describe('dates', () => {
  it("today's date is UTC", () => {
    expect(todayIso(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(todayIso(new Date('2026-11-21T23:59:59-05:00'))).toBe('2026-11-22');
  });

  it('a table is stale when dated before today, not when dated today or ahead', () => {
    expect(isStaleDate('2026-11-20', '2026-11-21')).toBe(true);
    expect(isStaleDate('2025-12-31', '2026-01-01')).toBe(true);
    expect(isStaleDate('2026-11-21', '2026-11-21')).toBe(false);
    expect(isStaleDate('2026-11-22', '2026-11-21')).toBe(false);
  });
});

describe('display currency choice (docs/product/currency-and-places.md)', () => {
  const countries = [
    { isoCode: 'IN', currency: 'INR' },
    { isoCode: 'US', currency: 'USD' },
    { isoCode: 'DE', currency: 'EUR' },
    { isoCode: 'JP', currency: 'JPY' },
    { isoCode: 'TW', currency: 'TWD' },
    { isoCode: 'AQ', currency: '' },
  ];

  it('reads the region of a browser locale', () => {
    expect(localeRegion('en-US')).toBe('US');
    expect(localeRegion('hi-IN')).toBe('IN');
    expect(localeRegion('de_DE')).toBe('DE');
    expect(localeRegion('zh-Hant-TW')).toBe('TW');
    expect(localeRegion('es-419')).toBeNull();
    expect(localeRegion('de')).toBeNull();
    expect(localeRegion('')).toBeNull();
    expect(localeRegion(undefined)).toBeNull();
    expect(localeRegion('not a locale!')).toBeNull();
  });

  it("maps a locale's region to its country's currency", () => {
    expect(currencyForLocale('en-US', countries)).toBe('USD');
    expect(currencyForLocale('de-DE', countries)).toBe('EUR');
    expect(currencyForLocale('ja-JP', countries)).toBe('JPY');
    expect(currencyForLocale('en', countries)).toBeNull();
    expect(currencyForLocale('en-GB', countries)).toBeNull();
    expect(currencyForLocale('en-AQ', countries)).toBeNull();
  });

  it("takes the user's currency, else the header choice, else geo, else the locale, else USD", () => {
    expect(pickDisplayCurrency(['INR', 'USD', 'EUR', 'JPY'])).toBe('INR');
    expect(pickDisplayCurrency([null, 'usd', 'EUR', 'JPY'])).toBe('USD');
    expect(pickDisplayCurrency([undefined, null, 'EUR', 'JPY'])).toBe('EUR');
    expect(pickDisplayCurrency([null, null, null, 'JPY'])).toBe('JPY');
    expect(pickDisplayCurrency([null, null, null, null])).toBe(FALLBACK_DISPLAY_CURRENCY);
    expect(FALLBACK_DISPLAY_CURRENCY).toBe('USD');
  });

  it('skips codes outside the currency table (a stale stored choice, an odd geo answer)', () => {
    expect(pickDisplayCurrency(['', 'XYZ', ' eur '])).toBe('EUR');
    expect(pickDisplayCurrency(['BTC'])).toBe('USD');
  });

  it('formats rupees with Indian grouping and other currencies with Western grouping', () => {
    expect(moneyLocaleFor('INR')).toBe('en-IN');
    expect(moneyLocaleFor('usd')).toBe('en');
  });
});
