import { describe, expect, it } from 'vitest';
import { countryIsoFromName, knownCountryNames } from '#shared/checkout.ts';
import { listCountries } from '../places/places.service.ts';

/** The shared country-name map (the browser cannot load country-state-city) must agree with the places API. */
describe('shared country names', () => {
  it('map every country the places API lists to its ISO2 code, and no other name', () => {
    const countries = listCountries();
    for (const c of countries) expect(countryIsoFromName(c.name), c.name).toBe(c.isoCode);
    const apiNames = new Set(countries.map((c) => c.name.toLowerCase()));
    const extra = [...knownCountryNames().keys()].filter((n) => !apiNames.has(n));
    expect(extra.sort()).toEqual(['hong kong s.a.r.', 'macau s.a.r.']);
  });
});
