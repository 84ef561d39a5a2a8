/**
 * Writes src/shared/currency-table.json, the currency table (docs/product/api.md#resources, docs/product/pricing-and-tax.md; docs/product/currency-and-places.md), from the
 * Unicode CLDR data that ships inside Node's ICU (Intl), so no network and no extra package:
 *   - codes: Intl.supportedValuesOf('currency') (ISO 4217 codes in use), less the non-circulating units
 *     and the currencies withdrawn from circulation listed below;
 *   - name and symbol: CLDR English; symbolNative: CLDR for a main locale of the currency's country;
 *   - decimalDigits: CLDR's digits (what Intl.NumberFormat uses when the web formats a price);
 *   - rounding: 0, except the Swiss franc's 0.05 (docs/product/pricing-and-tax.md).
 * No npm package was found that ships a maintained table with native symbols: `currencies.json`
 * (GPL, 119 codes) and `currency-list` (11 MB of locales, 119 codes) are both older and smaller.
 *
 * Run: `node --import tsx scripts/generate-currencies.ts` and commit the JSON with a note of the Node
 * version (process.versions.cldr) it came from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Units of account, not money anybody pays with. */
const NOT_CURRENCIES = new Set(['XDR', 'XSU']);
/**
 * No longer legal tender: Croatia and Bulgaria use the euro (2023, 2026), Cuba ended the CUC (2021),
 * Curaçao and Sint Maarten replaced ANG by XCG (2025), Sierra Leone and Zimbabwe replaced SLL and ZWL
 * by SLE (2022) and ZWG (2024). The places service maps countries to the current codes.
 */
const WITHDRAWN = new Set(['HRK', 'BGN', 'CUC', 'ANG', 'SLL', 'ZWL']);
/** Currencies of several countries: the country whose locale gives the native symbol. */
const MAIN_COUNTRY: Record<string, string> = {
  EUR: 'DE',
  XAF: 'CM',
  XCD: 'KN',
  XCG: 'CW',
  XOF: 'SN',
  XPF: 'NC',
};
const ROUNDING: Record<string, number> = { CHF: 0.05 };

function currencyPart(locale: string, code: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(1);
  // Invisible marks (RLM, zero-width space) are layout hints, not part of the symbol. Cape Verde's
  // locale has only a zero-width space (the escudo sign is written as the decimal separator).
  const value = parts
    .find((p) => p.type === 'currency')
    ?.value.replace(/\p{Cf}/gu, '')
    .trim();
  return value || (locale === 'en' ? code : currencyPart('en', code));
}

const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
const currencyNames = new Intl.DisplayNames('en', { type: 'currency' });

const table = Intl.supportedValuesOf('currency')
  .filter((code) => !NOT_CURRENCIES.has(code) && !WITHDRAWN.has(code))
  .map((code) => {
    const guess = code.slice(0, 2);
    const country = MAIN_COUNTRY[code] ?? (regionNames.of(guess) ? guess : null);
    if (!country) throw new Error(`no main country for ${code}`);
    // Language and region only: ICU finds fewer local symbols with the script subtag ("en-Latn-CA").
    const nativeLocale = `${new Intl.Locale(`und-${country}`).maximize().language}-${country}`;
    const decimalDigits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits;
    if (decimalDigits === undefined) throw new Error(`no decimal digits for ${code}`);
    return {
      code,
      symbol: currencyPart('en', code),
      symbolNative: currencyPart(nativeLocale, code),
      name: currencyNames.of(code) ?? code,
      decimalDigits,
      rounding: ROUNDING[code] ?? 0,
      country,
    };
  });

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/shared/currency-table.json');
// Two-space JSON, as Prettier formats it.
fs.writeFileSync(out, JSON.stringify(table, null, 2) + '\n');
console.log(
  `${table.length} currencies (CLDR ${process.versions.cldr}) → ${path.relative(process.cwd(), out)}`,
);
