import { INR } from '#shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { getRateFromInr } from '../currency/rates.service.ts';

/**
 * The exchange rate a new order is placed at: units of `code` per 1 INR, as an exact decimal string
 * ('1' for INR). The server converts with its own rates, never the client's (docs/product/currency-and-places.md): the cached
 * INR table, else the bundled snapshot, the same table the web shows prices with (GET /api/rates/INR).
 */
export async function orderRateFromInr(db: Queryable, code: string): Promise<string> {
  // An order in rupees needs no table: one round trip less for most orders (ADR 0129).
  if (code.trim().toUpperCase() === INR.code) return '1';
  return (await getRateFromInr(db, code)).rateFromInr;
}
