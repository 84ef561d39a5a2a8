import table from './currency-table.json' with { type: 'json' };

/**
 * The currency table (docs/product/api.md#resources, docs/product/pricing-and-tax.md; docs/product/currency-and-places.md): about 160 ISO 4217 codes with their English name, symbol,
 * native symbol, decimal digits (0, 2 or 3) and cash rounding (0, except 0.05 for the Swiss franc).
 * Shipped data (~26 KB, ~4 KB gzipped), generated from the CLDR inside Node's ICU by
 * scripts/generate-currencies.ts, so the browser formats prices with it and no call leaves the server.
 */

/** A row of the table; its zod schema (for the API's reply) is in schemas/currency.ts. */
export type Currency = {
  code: string;
  symbol: string;
  symbolNative: string;
  name: string;
  /** 0, 2 or 3. */
  decimalDigits: number;
  rounding: number;
  /** ISO2 of the country whose locale gave `symbolNative` (the issuer, or a main user of a shared currency). */
  country: string;
};

/** Every currency, sorted by code. */
export const CURRENCIES: readonly Currency[] = Object.freeze(
  [...(table as Currency[])]
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((c) => Object.freeze(c)),
);

const byCode: ReadonlyMap<string, Currency> = new Map(CURRENCIES.map((c) => [c.code, c]));

/** The currency with this ISO 4217 code. Codes are upper case ("INR"); anything else is not found. */
export function currencyByCode(code: string): Currency | undefined {
  return byCode.get(code);
}

/** Whether `code` is an upper-case ISO 4217 code in the table. */
export function isCurrencyCode(code: string): boolean {
  return byCode.has(code);
}
