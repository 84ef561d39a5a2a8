import { isCurrencyCode } from './currencies.ts';
import { decimalToString, divideHalfUp, parseDecimal, type DecimalInput } from './money.ts';

/**
 * Exchange-rate tables and the display-currency choice (docs/product/currency-and-places.md), pure so the server and the web
 * compute the same rate from the same table. A rate table has the shape of RATES_URL's
 * `…/currencies/{code}.json`: `{ date: 'YYYY-MM-DD', <code>: { <other code>: units of other per 1 code } }`,
 * codes in lower case.
 *
 * Conversions use the INR table: `rateFromInr` = INR table[display code] (display units per 1 INR), the
 * factor `convertFromInr` multiplies by and an order stores as its `exchangeRate`. It is the reciprocal of
 * "rate[INR] from the display currency's table" that docs/product/pricing-and-tax.md divides by, without a second rounding, and one
 * table serves every display currency.
 */

/** Decimal places of a stored rate: an order's `exchangeRate` is NUMERIC(20,10). */
export const RATE_DECIMALS = 10;

/** Used when nothing else picks a display currency (docs/product/currency-and-places.md). */
export const FALLBACK_DISPLAY_CURRENCY = 'USD';

/** A parsed rate table: `rates` maps lower-case codes of our currency table to positive rates. */
export type RatesTable = { date: string; rates: Record<string, number> };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A rate as the canonical exact decimal an order stores: half-up to 10 places, no trailing zeros
 * (0.011976047904 → '0.0119760479', 1 → '1'). Throws a RangeError for anything not positive, or so small
 * it rounds to 0 at 10 places.
 */
export function normalizeRate(rate: DecimalInput): string {
  const d = parseDecimal(rate, 'exchange rate');
  if (d.units <= 0n) throw new RangeError('Exchange rate must be positive');
  const units =
    d.scale <= RATE_DECIMALS
      ? d.units * 10n ** BigInt(RATE_DECIMALS - d.scale)
      : divideHalfUp(d.units, 10n ** BigInt(d.scale - RATE_DECIMALS));
  if (units === 0n) throw new RangeError('Exchange rate is too small');
  return decimalToString({ units, scale: RATE_DECIMALS });
}

/**
 * Reads a RATES_URL answer for `code` (`{ date, <code>: {…} }`). Keeps only the codes of our currency table
 * with a positive finite rate (the upstream also lists crypto-currencies and withdrawn ones); the base
 * itself is 1. Returns null when the answer is not such a table (no date, no table for the code, or not one
 * usable rate), so a broken upstream is treated like an unreachable one.
 */
export function parseRatesTable(json: unknown, code: string): RatesTable | null {
  if (typeof json !== 'object' || json === null) return null;
  const base = code.toLowerCase();
  const { date } = json as { date?: unknown };
  const table = (json as Record<string, unknown>)[base];
  if (typeof date !== 'string' || !DATE_RE.test(date) || Number.isNaN(Date.parse(date))) return null;
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return null;
  const rates: Record<string, number> = {};
  for (const [key, value] of Object.entries(table as Record<string, unknown>)) {
    const k = key.toLowerCase();
    if (typeof value === 'number' && Number.isFinite(value) && value > 0 && isCurrencyCode(k.toUpperCase())) {
      rates[k] = value;
    }
  }
  if (Object.keys(rates).length === 0) return null;
  rates[base] = 1;
  return { date, rates };
}

/** The table in RATES_URL's shape, `{ date, <code>: rates }`. */
export function ratesTableBody(code: string, table: RatesTable): { date: string } & Record<string, unknown> {
  return { date: table.date, [code.toLowerCase()]: table.rates };
}

/**
 * Display units per 1 INR from the INR table, normalized ('1' for INR); null when the table lacks the code.
 */
export function rateFromInrTable(inrRates: Readonly<Record<string, number>>, code: string): string | null {
  const c = code.toLowerCase();
  if (c === 'inr') return '1';
  const rate = inrRates[c];
  if (typeof rate !== 'number' || !(rate > 0) || !Number.isFinite(rate)) return null;
  try {
    return normalizeRate(rate);
  } catch {
    return null; // too small to keep at 10 places: treat as missing
  }
}

/**
 * Another currency's table derived from the INR table (cross rates: units of `other` per 1 `code` =
 * inr[other] / inr[code]), 10 significant digits; null when the INR table lacks `code`. Used when only the
 * INR table is at hand (the bundled snapshot).
 */
export function crossRatesTable(
  inrRates: Readonly<Record<string, number>>,
  code: string,
): Record<string, number> | null {
  const c = code.toLowerCase();
  if (c === 'inr') return { ...inrRates, inr: 1 };
  const base = inrRates[c];
  if (typeof base !== 'number' || !(base > 0)) return null;
  const out: Record<string, number> = {};
  for (const [other, rate] of Object.entries(inrRates)) out[other] = Number((rate / base).toPrecision(10));
  out.inr = Number((1 / base).toPrecision(10));
  out[c] = 1;
  return out;
}

/** Today's date (UTC) as 'YYYY-MM-DD': the rate tables are dated in UTC. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** docs/product/pricing-and-tax.md: a table is refetched when its date is not today's (a table dated ahead of us is current). */
export function isStaleDate(date: string, today: string): boolean {
  return date < today;
}

/**
 * The region of a BCP 47 locale ('en-US' → 'US', 'hi-IN' → 'IN', 'de' → null, 'zh-Hant-TW' → 'TW'),
 * upper case, or null when it names none. Only explicit regions count: guessing one from a bare language
 * would put every English speaker in the United States.
 */
export function localeRegion(locale: string | null | undefined): string | null {
  if (!locale) return null;
  try {
    const region = new Intl.Locale(locale.replace(/_/g, '-')).region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

/** The currency of a locale's region, from the countries list (`GET /api/places/countries`); null if none. */
export function currencyForLocale(
  locale: string | null | undefined,
  countries: ReadonlyArray<{ isoCode: string; currency: string }>,
): string | null {
  const region = localeRegion(locale);
  if (!region) return null;
  const currency = countries.find((c) => c.isoCode.toUpperCase() === region)?.currency?.toUpperCase();
  return currency && isCurrencyCode(currency) ? currency : null;
}

/**
 * docs/product/currency-and-places.md: the first usable code of, in order, the signed-in user's currency, the visitor's header
 * choice, the GEOIP_URL answer and the browser locale's currency; else USD. Codes outside the currency
 * table are skipped, so a stale stored choice or an odd geo answer falls through to the next source.
 */
export function pickDisplayCurrency(candidates: ReadonlyArray<string | null | undefined>): string {
  for (const candidate of candidates) {
    const code = candidate?.trim().toUpperCase();
    if (code && isCurrencyCode(code)) return code;
  }
  return FALLBACK_DISPLAY_CURRENCY;
}

/** GET /api/rates/:code's answer (its zod schema, with why its keys are in that order: schemas/currency.ts). */
export type RatesResponse = { date: string; snapshot: boolean } & Record<string, unknown>;

/** GET /api/geo/currency: the visitor's country and its currency by GEOIP_URL, nulls when unknown. */
export type GeoCurrency = { currency: string | null; country: string | null };

/**
 * The locale a price is formatted in: rupees with Indian grouping (₹1,23,456.50, the marketplace's home
 * format, ADR 0047), every other currency with Western grouping ($1,234.56, CHF 1,234.55, ¥1,235). Fixed
 * rather than the browser's, so a price reads the same on every page, in every test and every screenshot.
 */
export function moneyLocaleFor(code: string): string {
  return code.toUpperCase() === 'INR' ? 'en-IN' : 'en';
}
