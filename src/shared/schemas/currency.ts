import { z } from 'zod';
import { isCurrencyCode, type Currency } from '../currencies.ts';

/**
 * The zod side of the currency table (currencies.ts), apart from the table so the browser's shell, which
 * formats prices with the table, does not load zod (docs/decisions/0127-page-weight-images-seo.md).
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
