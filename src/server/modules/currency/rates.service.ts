import { isCurrencyCode } from '#shared/currencies.ts';
import {
  crossRatesTable,
  isStaleDate,
  parseRatesTable,
  rateFromInrTable,
  todayIso,
  type RatesTable,
} from '#shared/rates.ts';
import type { Queryable } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import * as repo from './rates.repo.ts';
import snapshotJson from './rates-snapshot.json' with { type: 'json' };

/**
 * Exchange rates (docs/product/currency-and-places.md): tables fetched from RATES_URL (`…/currencies/{code}.json`), cached per
 * currency in `currency_rates`, refreshed when their date is not today, and the bundled snapshot
 * (rates-snapshot.json, from @fawazahmed0/currency-api; scripts/generate-rates-snapshot.ts) when nothing
 * better is at hand. Reading a rate never touches the network: only `createRatesService().getTable`
 * refreshes, with a timeout, so a slow or dead RATES_URL costs a page at most one timeout and never an error.
 */

/** The bundled offline table (INR's; every other table is derived from it). */
export const SNAPSHOT: Readonly<RatesTable> = (() => {
  const parsed = parseRatesTable(snapshotJson, 'inr');
  if (!parsed) throw new Error('rates-snapshot.json is not a rate table');
  return Object.freeze(parsed);
})();

export type RateFromInr = {
  /** Units of the currency per 1 INR: an exact decimal string of at most 10 places ('1' for INR). */
  rateFromInr: string;
  /** Date of the table it came from (YYYY-MM-DD). */
  date: string;
  /** True when it came from the bundled snapshot (RATES_URL unset or unreachable). */
  snapshot: boolean;
};

export type RatesResult = RatesTable & {
  /** Upper-case code whose table this is. */
  code: string;
  /** True when served from the bundled snapshot. */
  snapshot: boolean;
};

/** An upper-case code of the currency table, or AppError invalid. */
export function currencyCodeOf(code: string): string {
  const c = code.trim().toUpperCase();
  if (!isCurrencyCode(c))
    throw invalid(`Unknown currency: ${code}`, [{ path: 'code', message: 'Unknown currency' }]);
  return c;
}

type Row = repo.RatesRow;
const readRows = repo.readRows;

/** The newer of a cached INR table and the snapshot (a deploy may ship a snapshot newer than a dead feed). */
function pickInrTable(row: Row | undefined): { table: RatesTable; snapshot: boolean } {
  if (row && row.date >= SNAPSHOT.date)
    return { table: { date: row.date, rates: row.rates }, snapshot: false };
  return { table: SNAPSHOT, snapshot: true };
}

/**
 * The INR table conversions use: the cached one, else (or when older) the snapshot. No network.
 * The web converts with this same table (GET /api/rates/INR), so the prices a buyer sees are the prices an
 * order is placed at.
 */
export async function readInrTable(db: Queryable): Promise<{ table: RatesTable; snapshot: boolean }> {
  const rows = await readRows(db, ['INR']);
  return pickInrTable(rows.get('INR'));
}

/**
 * Units of `code` per 1 INR, for pricing and for the `exchangeRate` an order stores. Reads the cached INR
 * table (or the bundled snapshot); never fetches, so it is safe inside a transaction. Throws AppError
 * invalid for a code outside the currency table.
 */
export async function getRateFromInr(db: Queryable, code: string): Promise<RateFromInr> {
  const c = currencyCodeOf(code);
  const { table, snapshot } = await readInrTable(db);
  if (c === 'INR') return { rateFromInr: '1', date: table.date, snapshot };
  const rate = rateFromInrTable(table.rates, c);
  if (rate) return { rateFromInr: rate, date: table.date, snapshot };
  // A cached table that lacks the code (the feed dropped it): the snapshot has every code of the table.
  const fallback = rateFromInrTable(SNAPSHOT.rates, c);
  if (!fallback) throw invalid(`No exchange rate for ${c}`);
  return { rateFromInr: fallback, date: SNAPSHOT.date, snapshot: true };
}

/** The URL of one currency's table: `{code}` in RATES_URL is replaced, else `/currencies/{code}.json` is appended. */
export function ratesUrlFor(ratesUrl: string, code: string): string {
  const c = encodeURIComponent(code.toLowerCase());
  if (ratesUrl.includes('{code}')) return ratesUrl.replaceAll('{code}', c);
  return `${ratesUrl.replace(/\/+$/, '')}/currencies/${c}.json`;
}

export type RatesServiceOptions = {
  ratesUrl: string | undefined;
  /** Abort a fetch after this long (default 4 s). */
  timeoutMs?: number;
  /**
   * After a failed fetch, and after a fetch that brought no newer table (the feed has not published today's
   * yet), wait this long before asking again (default 10 minutes), so a dead feed is not hit per request.
   */
  retryAfterMs?: number;
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
};

const MAX_BODY_BYTES = 1_000_000;

/**
 * The refreshing side, one per app (it holds only in-flight fetches and back-off times; the tables live in
 * PostgreSQL, so several instances share them).
 */
export function createRatesService(db: Queryable, options: RatesServiceOptions) {
  const { ratesUrl, timeoutMs = 4000, retryAfterMs = 600_000 } = options;
  const now = options.now ?? (() => new Date());
  const inflight = new Map<string, Promise<RatesTable | null>>();
  const failedAt = new Map<string, number>();

  async function fetchTable(code: string): Promise<RatesTable> {
    const url = ratesUrlFor(ratesUrl!, code);
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'follow',
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_BODY_BYTES) {
      await res.body?.cancel();
      throw new Error('rate table too large');
    }
    const text = await res.text();
    if (text.length > MAX_BODY_BYTES) throw new Error('rate table too large');
    const table = parseRatesTable(JSON.parse(text), code);
    if (!table) throw new Error('not a rate table');
    return table;
  }

  /** Stores a fetched table; never replaces a newer one (two instances refreshing at once). */
  async function store(code: string, table: RatesTable, source: string): Promise<Row> {
    return repo.storeTable(db, { code, date: table.date, rates: table.rates, source, fetchedAt: now() });
  }

  /**
   * Fetches `code`'s table and caches it; null when RATES_URL is unset or the fetch fails (logged). One
   * fetch per code at a time in this process; callers arriving meanwhile share it.
   */
  function refresh(code: string): Promise<RatesTable | null> {
    const c = currencyCodeOf(code);
    if (!ratesUrl) return Promise.resolve(null);
    const running = inflight.get(c);
    if (running) return running;
    const p = (async () => {
      try {
        const table = await fetchTable(c);
        const row = await store(c, table, new URL(ratesUrlFor(ratesUrl, c)).origin);
        failedAt.delete(c);
        return { date: row.date, rates: row.rates };
      } catch (err) {
        failedAt.set(c, now().getTime());
        options.log?.warn(
          { err, code: c },
          'exchange-rate refresh failed; using the cached table or the snapshot',
        );
        return null;
      } finally {
        inflight.delete(c);
      }
    })();
    inflight.set(c, p);
    return p;
  }

  function mayRefresh(c: string, row: Row | undefined): boolean {
    if (!ratesUrl) return false;
    const t = now().getTime();
    const failed = failedAt.get(c);
    if (failed !== undefined && t - failed < retryAfterMs) return false;
    // Fetched recently and still dated yesterday: the feed has not published today's table yet.
    if (row && t - row.fetchedAt.getTime() < retryAfterMs) return false;
    return true;
  }

  const checking = new Map<string, Promise<Row | undefined>>();

  /**
   * `code`'s cached row after refreshing it if it is stale and may be refreshed. Concurrent callers share one
   * check (and so one fetch); one arriving after it ends reads the row it stored.
   */
  function currentRow(c: string): Promise<Row | undefined> {
    const running = checking.get(c);
    if (running) return running;
    const p = (async () => {
      let own = (await readRows(db, [c])).get(c);
      if ((!own || isStaleDate(own.date, todayIso(now()))) && mayRefresh(c, own)) {
        await refresh(c);
        // Re-read: the refresh stored a table, or another instance may have meanwhile.
        own = (await readRows(db, [c])).get(c) ?? own;
      }
      return own;
    })().finally(() => checking.delete(c));
    checking.set(c, p);
    return p;
  }

  /**
   * `code`'s rate table for GET /api/rates/:code: the cached one when current (refreshed first when stale),
   * else the newest of the stale cache, a table derived from the cached INR table, and the snapshot. Never
   * throws for a network problem.
   */
  async function getTable(code: string): Promise<RatesResult> {
    const c = currencyCodeOf(code);
    const own = await currentRow(c);
    if (own && !isStaleDate(own.date, todayIso(now()))) {
      return { code: c, date: own.date, rates: own.rates, snapshot: false };
    }
    const candidates: RatesResult[] = [];
    if (own) candidates.push({ code: c, date: own.date, rates: own.rates, snapshot: false });
    const inr = c === 'INR' ? undefined : (await readRows(db, ['INR'])).get('INR');
    if (inr) {
      const derived = crossRatesTable(inr.rates, c);
      if (derived) candidates.push({ code: c, date: inr.date, rates: derived, snapshot: false });
    }
    const fromSnapshot = c === 'INR' ? { ...SNAPSHOT.rates } : crossRatesTable(SNAPSHOT.rates, c);
    if (fromSnapshot) candidates.push({ code: c, date: SNAPSHOT.date, rates: fromSnapshot, snapshot: true });
    // Newest first; on a tie the earlier (cached, then derived) wins over the snapshot.
    let best = candidates[0]!;
    for (const cand of candidates.slice(1)) if (cand.date > best.date) best = cand;
    return best;
  }

  return { getTable, refresh, ratesUrl };
}

export type RatesService = ReturnType<typeof createRatesService>;
