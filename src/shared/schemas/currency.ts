import { z } from 'zod';
import { isCurrencyCode, type Currency } from '../currencies.ts';
import type { GeoCurrency } from '../rates.ts';

/**
 * The zod side of the currency table (currencies.ts) and the rate tables (rates.ts), apart from them so the
 * browser's shell, which formats prices with both, does not load zod (docs/decisions/0127-page-weight-images-seo.md).
 */

export const currencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  symbolNative: z.string(),
  name: z.string(),
  decimalDigits: z.number().int(),
  rounding: z.number(),
  /** ISO2 of the country whose locale gave `symbolNative` (the issuer, or a main user of a shared currency). */
  country: z.string(),
}) satisfies z.ZodType<Currency>;

/** A currency field: trimmed, upper-cased, and one of the table's codes (docs/product/messages.md message). */
export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { message: 'Please select a currency.' });

/**
 * GET /api/rates/:code: RATES_URL's shape `{ date, <code>: { <other>: rate } }` (the table is the second key,
 * as docs/product/pricing-and-tax.md's client expects), then `snapshot: true` when it is the bundled snapshot (state its date then).
 * Declared with a catch-all so the serializer keeps that key order.
 */
export const ratesResponseSchema = z
  .object({ date: z.string() })
  .catchall(z.union([z.record(z.string(), z.number()), z.boolean()]));

export const ratesParamsSchema = z.object({ code: z.string().min(3).max(3) });

/** GET /api/geo/currency: the visitor's country and its currency by GEOIP_URL, nulls when unknown. */
export const geoCurrencySchema = z.object({
  currency: z.string().nullable(),
  country: z.string().nullable(),
}) satisfies z.ZodType<GeoCurrency>;
