import { z } from 'zod';

/**
 * Places API payloads (docs/product/currency-and-places.md): countries, states, cities and the postal-code check. The server
 * declares them on its routes (and in OpenAPI); the web types its pickers and checkout form with them.
 */

export const countrySchema = z.object({
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  isoCode: z.string(),
  /** ISO 4217 code of the country's currency, one of the currency table's. */
  currency: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const stateSchema = z.object({ name: z.string(), isoCode: z.string() });
export type State = z.infer<typeof stateSchema>;

export const citySchema = z.object({ name: z.string() });
export type City = z.infer<typeof citySchema>;

export const countryParams = z.object({
  iso2: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country code must be two letters'),
});
export const stateParams = countryParams.extend({
  stateCode: z.string().trim().min(1).max(10),
});

/** GET /api/places/postal-code?country=<iso2 or name>&code=<postal code> */
export const postalCodeQuery = z.object({
  country: z.string().trim().min(1, 'Please select a country').max(100),
  code: z.string().max(1000).default(''),
});
export type PostalCodeQuery = z.input<typeof postalCodeQuery>;

export const postalCodeResult = z.object({ valid: z.boolean() });
export type PostalCodeResult = z.infer<typeof postalCodeResult>;
