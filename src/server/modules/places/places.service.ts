import { createRequire } from 'node:module';
import type { ICountry, IState } from 'country-state-city';
import { isValidPostalCode } from '#shared/postal-code.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Countries, states and cities (docs/product/currency-and-places.md), served from the `country-state-city` package.
 * That package is 17 MB of data: it stays on the server, and every list is built once, at first use,
 * and memoised (the data never changes while the process runs).
 *
 * These are static reference lookups, not use cases on the shop's data, so they take no ctx.
 */

export type CountryInfo = { name: string; isoCode: string; currency: string };
export type StateInfo = { name: string; isoCode: string };
export type CityInfo = { name: string };

/**
 * The package calls these "Hong Kong S.A.R." and "Macau S.A.R."; the product (docs/product/messages.md and
 * `CITY_OPTIONAL_COUNTRIES` in #shared/schemas/user.ts) calls them "Hong Kong" and "Macau".
 * The package's own spellings still resolve through findCountry.
 */
const DISPLAY_NAMES: Readonly<Record<string, string>> = { HK: 'Hong Kong', MO: 'Macau' };

/**
 * docs/product/messages.md: Hong Kong, Macau and Taiwan are looked up under China — their one state is China's state
 * of the same name (country ISO2 → state code within CN).
 */
const UNDER_CHINA: Readonly<Record<string, string>> = { HK: 'HK', MO: 'MO', TW: 'TW' };

/**
 * Where the package's currency is out of date or not a currency, the country's current ISO 4217 code
 * (all of them in the shared currency table): Croatia and Bulgaria joined the euro (2023, 2026);
 * Mauritania, São Tomé, Sierra Leone, Venezuela and Zimbabwe re-denominated (MRU, STN, SLE, VES, ZWG);
 * Curaçao and Sint Maarten moved from ANG to the Caribbean guilder (2025); Antarctica has no currency
 * ("AAD" is not one), so it gets the shop's fallback, USD (docs/product/currency-and-places.md).
 */
const CURRENT_CURRENCY: Readonly<Record<string, string>> = {
  AQ: 'USD',
  BG: 'EUR',
  CW: 'XCG',
  HR: 'EUR',
  MR: 'MRU',
  SL: 'SLE',
  ST: 'STN',
  SX: 'XCG',
  VE: 'VES',
  ZW: 'ZWG',
};

/**
 * The package's country and state tables, loaded at first use and only those: its index also loads the
 * 8 MB city table (~45 MB of heap), which only the city lists need (rawCities). Nothing of it is held
 * by a process that never looks a place up (docs/decisions/0129-server-hot-paths.md).
 */
const requireHere = createRequire(import.meta.url);
type CountryModule = { default: { getAllCountries: () => ICountry[] } };
type StateModule = { default: { getStatesOfCountry: (countryCode: string) => IState[] } };
const Country = {
  getAllCountries: () =>
    (requireHere('country-state-city/lib/cjs/country.js') as CountryModule).default.getAllCountries(),
};
const State = {
  getStatesOfCountry: (countryCode: string) =>
    (requireHere('country-state-city/lib/cjs/state.js') as StateModule).default.getStatesOfCountry(
      countryCode,
    ),
};

const collator = new Intl.Collator('en');
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

let countryIndex: {
  list: CountryInfo[];
  byIso: Map<string, CountryInfo>;
  byName: Map<string, CountryInfo>;
} | null = null;

function countries() {
  if (countryIndex) return countryIndex;
  const list: CountryInfo[] = [];
  const isoMap = new Map<string, CountryInfo>();
  const nameMap = new Map<string, CountryInfo>();
  for (const c of Country.getAllCountries()) {
    const info: CountryInfo = Object.freeze({
      name: DISPLAY_NAMES[c.isoCode] ?? c.name,
      isoCode: c.isoCode,
      currency: CURRENT_CURRENCY[c.isoCode] ?? c.currency,
    });
    list.push(info);
    isoMap.set(c.isoCode.toUpperCase(), info);
    nameMap.set(info.name.toLowerCase(), info);
    // The package's own spelling ("Hong Kong S.A.R.") keeps working.
    nameMap.set(c.name.toLowerCase(), info);
  }
  list.sort(byName);
  countryIndex = { list, byIso: isoMap, byName: nameMap };
  return countryIndex;
}

/** Every country, sorted by name: `[{ name, isoCode, currency }]` (about 250). */
export function listCountries(): readonly CountryInfo[] {
  return countries().list;
}

/**
 * A country by its name or ISO 3166-1 alpha-2 code, case-insensitive ("India", "india", "IN", "in").
 * Other modules use this to derive a user's currency from the country they picked.
 */
export function findCountry(nameOrIso: string): CountryInfo | undefined {
  const key = nameOrIso.trim();
  if (key === '') return undefined;
  const index = countries();
  if (key.length === 2) {
    const hit = index.byIso.get(key.toUpperCase());
    if (hit) return hit;
  }
  return index.byName.get(key.toLowerCase());
}

/** The ISO2 code of a country given by name or code, or undefined when it is not a known country. */
export function countryIsoFor(nameOrIso: string): string | undefined {
  return findCountry(nameOrIso)?.isoCode;
}

/** Where a country's states are looked up: its own code, or China's for HK, MO and TW (docs/product/messages.md). */
function stateSource(isoCode: string): { countryCode: string; only?: string } {
  const chinaState = UNDER_CHINA[isoCode];
  return chinaState ? { countryCode: 'CN', only: chinaState } : { countryCode: isoCode };
}

const stateLists = new Map<string, readonly StateInfo[]>();

/**
 * The states of a country, sorted by name. A known country without states gives an empty list;
 * an unknown country is a 404. Hong Kong, Macau and Taiwan give their single state of China.
 */
export function listStates(countryIso: string): readonly StateInfo[] {
  const country = findCountryByIso(countryIso);
  const cached = stateLists.get(country.isoCode);
  if (cached) return cached;
  const { countryCode, only } = stateSource(country.isoCode);
  const list = State.getStatesOfCountry(countryCode)
    .filter((s) => only === undefined || s.isoCode === only)
    .map((s): StateInfo => Object.freeze({ name: s.name, isoCode: s.isoCode }))
    .sort(byName);
  stateLists.set(country.isoCode, list);
  return list;
}

/**
 * The package's city rows as it ships them: [name, countryCode, stateCode, latitude, longitude].
 * `City.getAllCities()` would first turn all ~150 000 rows into objects and keep them (~15 MB more heap,
 * twice the time), so the array is read directly, at the first city list.
 * A change of that file's shape fails the places unit tests.
 */
type CityRow = readonly [name: string, countryCode: string, stateCode: string, ...rest: unknown[]];
function rawCities(): readonly CityRow[] {
  return requireHere('country-state-city/lib/cjs/assets/city.json') as CityRow[];
}

/** country code → state code → sorted, distinct city names; built in one pass over ~150 000 cities. */
let cityIndex: Map<string, Map<string, readonly CityInfo[]>> | null = null;

function cities() {
  if (cityIndex) return cityIndex;
  const names = new Map<string, Map<string, Set<string>>>();
  for (const [name, countryCode, stateCode] of rawCities()) {
    let states = names.get(countryCode);
    if (!states) names.set(countryCode, (states = new Map()));
    let set = states.get(stateCode);
    if (!set) states.set(stateCode, (set = new Set()));
    set.add(name);
  }
  cityIndex = new Map();
  for (const [country, states] of names) {
    const byState = new Map<string, readonly CityInfo[]>();
    for (const [state, set] of states) {
      byState.set(
        state,
        [...set].sort(collator.compare).map((name) => Object.freeze({ name })),
      );
    }
    cityIndex.set(country, byState);
  }
  return cityIndex;
}

/**
 * The cities of one state, sorted by name. Unknown country or state → 404; a state the data has no
 * cities for (Hong Kong SAR, Macau SAR) gives an empty list.
 */
export function listCities(countryIso: string, stateCode: string): readonly CityInfo[] {
  const states = listStates(countryIso);
  const code = stateCode.trim();
  const state =
    states.find((s) => s.isoCode === code) ??
    states.find((s) => s.isoCode.toUpperCase() === code.toUpperCase());
  if (!state) throw notFound('State not found');
  const { countryCode } = stateSource(findCountryByIso(countryIso).isoCode);
  return cities().get(countryCode)?.get(state.isoCode) ?? [];
}

function findCountryByIso(iso: string): CountryInfo {
  const country = countries().byIso.get(iso.trim().toUpperCase());
  if (!country) throw notFound('Country not found');
  return country;
}

/**
 * docs/product/messages.md Checkout: the country may be given by ISO2 code or by name; a name is converted to its code
 * first, an unknown name is used as typed (and so fails unless it is a code), then the shared check runs.
 */
export function checkPostalCode(country: string, code: string): boolean {
  return isValidPostalCode(countryIsoFor(country) ?? country, code);
}
