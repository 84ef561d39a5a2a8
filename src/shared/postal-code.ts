import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * Postal-code check for checkout (docs/product/messages.md "Checkout"), the same in the browser form and on the server.
 * Patterns come from `postcode-validator` (~3 KB gzipped, no dependencies, fine to ship to the browser).
 */

/**
 * ISO 3166-1 alpha-2 codes of every country the places API knows (the countries of `country-state-city`,
 * which is server-only; a server unit test keeps the two in step). A code outside this list fails.
 */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
    'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
    'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
    'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
    'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
    'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
    'VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

/**
 * Where the product's rule is stricter than the library's pattern. India's PIN has 6 digits and never
 * starts with 0 (the library accepts any 6 digits); "400 001" is a common way of writing it.
 */
const OVERRIDES: Readonly<Record<string, RegExp>> = {
  IN: /^[1-9]\d{2} ?\d{3}$/,
};

export const POSTAL_CODE_MAX_LENGTH = 255;

/** True when the country code is one of the ~250 ISO2 codes we know (case-insensitive). */
export function isCountryCode(countryIso2: string): boolean {
  return COUNTRY_CODES.has(countryIso2.trim().toUpperCase());
}

/** Whether the country has a postal-code pattern; the others take any text of 1–255 characters. */
export function hasPostalCodePattern(countryIso2: string): boolean {
  const iso = countryIso2.trim().toUpperCase();
  return COUNTRY_CODES.has(iso) && (iso in OVERRIDES || postcodeValidatorExistsForCountry(iso));
}

/**
 * Does `code` look like a postal code of the country with ISO2 code `countryIso2`?
 * - an unknown or malformed country code fails;
 * - surrounding spaces are ignored, and letters are matched case-insensitively ("sw1a 1aa");
 * - countries without a pattern (Hong Kong, Macau, the UAE, …) accept any text of 1–255 characters.
 * postcode-validator throws for countries it lacks, so it is only called after asking whether it has one.
 */
export function isValidPostalCode(countryIso2: string, code: string): boolean {
  const iso = countryIso2.trim().toUpperCase();
  if (!COUNTRY_CODES.has(iso)) return false;
  const value = code.trim();
  if (value.length < 1 || value.length > POSTAL_CODE_MAX_LENGTH) return false;
  const override = OVERRIDES[iso];
  if (override) return override.test(value);
  if (!postcodeValidatorExistsForCountry(iso)) return true;
  return postcodeValidator(value.toUpperCase(), iso);
}
