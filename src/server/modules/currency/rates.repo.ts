import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { currencyRates } from '../../db/schema/system.ts';

/** SQL for the cached rate tables (`currency_rates`, one row per currency). */

export type RatesRow = typeof currencyRates.$inferSelect;

/** The cached tables of these codes, by code. */
export async function readRows(db: Queryable, codes: string[]): Promise<Map<string, RatesRow>> {
  const rows = await db.select().from(currencyRates).where(inArray(currencyRates.code, codes));
  return new Map(rows.map((r) => [r.code, r]));
}

/**
 * Stores a fetched table; never replaces a newer one (two instances refreshing at once): the upsert keeps
 * whichever table has the later date.
 */
export async function storeTable(
  db: Queryable,
  value: { code: string; date: string; rates: RatesRow['rates']; source: string; fetchedAt: Date },
): Promise<RatesRow> {
  const [row] = await db
    .insert(currencyRates)
    .values(value)
    .onConflictDoUpdate({
      target: currencyRates.code,
      set: {
        rates: sql`case when excluded.date >= ${currencyRates.date} then excluded.rates else ${currencyRates.rates} end`,
        source: sql`case when excluded.date >= ${currencyRates.date} then excluded.source else ${currencyRates.source} end`,
        date: sql`greatest(excluded.date, ${currencyRates.date})`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    })
    .returning();
  if (!row) throw new Error('storeTable: no row returned');
  return row;
}
