import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayIso, type RatesResponse } from '#shared/rates.ts';
import { currencyRates } from '../../src/server/db/schema/system.ts';
import { AppError } from '../../src/server/lib/errors.ts';
import {
  SNAPSHOT,
  createRatesService,
  getRateFromInr,
  ratesUrlFor,
} from '../../src/server/modules/currency/rates.service.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The rates service against a real PostgreSQL and a local HTTP server playing RATES_URL (and GEOIP_URL):
 * fresh, stale and missing caches, an unreachable, slow or broken feed, and concurrent refreshes.
 */

type Mode = 'ok' | 'slow' | 'error' | 'garbage' | 'old';
const feed = {
  mode: 'ok' as Mode,
  date: todayIso(),
  usdPerInr: 0.0125,
  hits: [] as string[],
  geo: { currency: 'EUR', country_code: 'DE' } as Record<string, unknown> | null,
};

function tableFor(code: string, date: string) {
  // A small consistent world: 1 INR = usdPerInr USD = 0.011 EUR = 1.8 JPY = 0.0037 KWD.
  const inr: Record<string, number> = {
    usd: feed.usdPerInr,
    eur: 0.011,
    jpy: 1.8,
    kwd: 0.0037,
    btc: 1e-7,
    inr: 1,
  };
  const base = inr[code];
  if (base === undefined) return null;
  const rates = Object.fromEntries(Object.entries(inr).map(([k, v]) => [k, v / base]));
  return { date, [code]: rates };
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '';
  feed.hits.push(url);
  if (url.startsWith('/geo/')) {
    if (!feed.geo) return res.writeHead(500).end();
    return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(feed.geo));
  }
  const m = /^\/v1\/currencies\/([a-z]+)\.json$/.exec(url);
  if (feed.mode === 'slow') return; // never answers: the client's timeout must end it
  if (feed.mode === 'error' || !m) return res.writeHead(503).end('unavailable');
  if (feed.mode === 'garbage')
    return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
  const body = tableFor(m[1]!, feed.mode === 'old' ? '2026-01-02' : feed.date);
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});

let base = '';
let deadUrl = '';
let t: TestContext;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nobody listens on: connection refused, the "unreachable" feed.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/v1`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  t = await createTestApp({ RATES_URL: `${base}/v1`, GEOIP_URL: `${base}/geo/{ip}` });
});

afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(async () => {
  feed.mode = 'ok';
  feed.date = todayIso();
  feed.usdPerInr = 0.0125;
  feed.hits = [];
  await t.db.delete(currencyRates);
});

const feedHits = (code: string) => feed.hits.filter((h) => h === `/v1/currencies/${code}.json`).length;
const service = (
  opts: { ratesUrl?: string; timeoutMs?: number; retryAfterMs?: number; now?: () => Date } = {},
) => createRatesService(t.db, { ratesUrl: `${base}/v1`, ...opts });

async function cacheRow(
  code: string,
  date: string,
  rates: Record<string, number>,
  fetchedAt = new Date('2026-01-01T00:00:00Z'),
) {
  await t.db.insert(currencyRates).values({ code, date, rates, source: 'test', fetchedAt });
}

describe('getRateFromInr (what orders convert with; never fetches)', () => {
  it('is 1 for INR and the snapshot rate when nothing is cached', async () => {
    expect(await getRateFromInr(t.db, 'INR')).toEqual({
      rateFromInr: '1',
      date: SNAPSHOT.date,
      snapshot: true,
    });
    const usd = await getRateFromInr(t.db, 'usd');
    expect(usd).toEqual({ rateFromInr: String(SNAPSHOT.rates.usd), date: SNAPSHOT.date, snapshot: true });
    expect(feed.hits).toEqual([]);
  });

  it('uses the cached INR table, rounded to the 10 places an order stores', async () => {
    await cacheRow('INR', todayIso(), { inr: 1, usd: 0.011976047904, jpy: 1.8, kwd: 0.0037 });
    expect(await getRateFromInr(t.db, 'USD')).toEqual({
      rateFromInr: '0.0119760479',
      date: todayIso(),
      snapshot: false,
    });
    expect((await getRateFromInr(t.db, 'JPY')).rateFromInr).toBe('1.8');
    // A code the cached table lacks comes from the snapshot (which has every code of the table).
    expect(await getRateFromInr(t.db, 'EUR')).toEqual({
      rateFromInr: String(SNAPSHOT.rates.eur),
      date: SNAPSHOT.date,
      snapshot: true,
    });
  });

  it('prefers the snapshot to a cached table older than it', async () => {
    await cacheRow('INR', '2020-01-01', { inr: 1, usd: 0.5 });
    expect(await getRateFromInr(t.db, 'USD')).toMatchObject({ date: SNAPSHOT.date, snapshot: true });
  });

  it('refuses a code outside the currency table with AppError invalid', async () => {
    for (const code of ['XYZ', 'BTC', '', 'US']) {
      const err = await getRateFromInr(t.db, code).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).kind).toBe('invalid');
    }
  });
});

describe('rates refresh', () => {
  it('builds the feed URL from a base or a {code} template', () => {
    expect(ratesUrlFor('https://x.test/v1/', 'INR')).toBe('https://x.test/v1/currencies/inr.json');
    expect(ratesUrlFor('https://x.test/{code}.json?k=1', 'usd')).toBe('https://x.test/usd.json?k=1');
  });

  it('fetches a missing table, caches it, and serves the cache while its date is today', async () => {
    const rates = service();
    const first = await rates.getTable('INR');
    expect(first).toMatchObject({ code: 'INR', date: todayIso(), snapshot: false });
    expect(first.rates).toEqual({ usd: 0.0125, eur: 0.011, jpy: 1.8, kwd: 0.0037, inr: 1 }); // btc dropped
    expect(feedHits('inr')).toBe(1);
    await rates.getTable('INR');
    await service().getTable('INR'); // another instance: the cache is shared through PostgreSQL
    expect(feedHits('inr')).toBe(1);
    expect(await getRateFromInr(t.db, 'USD')).toEqual({
      rateFromInr: '0.0125',
      date: todayIso(),
      snapshot: false,
    });
  });

  it('refetches a stale table (dated before today)', async () => {
    await cacheRow('INR', '2026-10-01', { inr: 1, usd: 0.02 });
    feed.usdPerInr = 0.013;
    const table = await service().getTable('INR');
    expect(feedHits('inr')).toBe(1);
    expect(table).toMatchObject({ date: todayIso(), snapshot: false });
    expect(table.rates.usd).toBe(0.013);
    const [row] = await t.db.select().from(currencyRates);
    expect(row).toMatchObject({ code: 'INR', date: todayIso(), source: base });
    expect((await getRateFromInr(t.db, 'USD')).rateFromInr).toBe('0.013');
  });

  it('does not ask again soon after a fetch that brought no newer table', async () => {
    // The feed has not published today's table yet: it answers yesterday's.
    feed.date = '2026-10-20';
    const now = () => new Date(`${todayIso()}T12:00:00Z`);
    const rates = service({ now });
    expect((await rates.getTable('INR')).date).toBe('2026-10-20');
    expect((await rates.getTable('INR')).date).toBe('2026-10-20');
    expect((await service({ now }).getTable('INR')).date).toBe('2026-10-20'); // fetchedAt is shared
    expect(feedHits('inr')).toBe(1);
    // After the retry interval it asks again.
    const later = () => new Date(`${todayIso()}T12:30:00Z`);
    feed.date = todayIso();
    expect((await service({ now: later }).getTable('INR')).date).toBe(todayIso());
    expect(feedHits('inr')).toBe(2);
  });

  it('falls back to the snapshot when RATES_URL is unreachable, and never throws', async () => {
    const rates = service({ ratesUrl: deadUrl });
    const inr = await rates.getTable('INR');
    expect(inr).toEqual({ code: 'INR', date: SNAPSHOT.date, rates: { ...SNAPSHOT.rates }, snapshot: true });
    const usd = await rates.getTable('USD');
    expect(usd).toMatchObject({ code: 'USD', date: SNAPSHOT.date, snapshot: true });
    expect(usd.rates.usd).toBe(1);
    expect(usd.rates.inr).toBeCloseTo(1 / SNAPSHOT.rates.usd!, 6);
    expect(await t.db.select().from(currencyRates)).toEqual([]);
    expect(await getRateFromInr(t.db, 'USD')).toMatchObject({ snapshot: true });
  });

  it('falls back to the snapshot when RATES_URL is unset', async () => {
    const table = await service({ ratesUrl: '' }).getTable('INR');
    expect(table.snapshot).toBe(true);
    expect(feed.hits).toEqual([]);
  });

  it('keeps serving a stale cache newer than the snapshot when the feed is down', async () => {
    await cacheRow('INR', '2026-10-15', { inr: 1, usd: 0.02 });
    const table = await service({ ratesUrl: deadUrl }).getTable('INR');
    expect(table).toMatchObject({ date: '2026-10-15', snapshot: false, rates: { inr: 1, usd: 0.02 } });
  });

  it('gives up on a slow feed after its timeout', async () => {
    feed.mode = 'slow';
    const started = Date.now();
    const table = await service({ timeoutMs: 300 }).getTable('INR');
    expect(table.snapshot).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('treats an error status or an answer that is not a rate table like an unreachable feed', async () => {
    feed.mode = 'error';
    expect((await service().getTable('INR')).snapshot).toBe(true);
    feed.mode = 'garbage';
    expect((await service().getTable('INR')).snapshot).toBe(true);
    expect(await t.db.select().from(currencyRates)).toEqual([]);
  });

  it('backs off after a failure instead of asking the dead feed on every request', async () => {
    feed.mode = 'error';
    let clock = new Date(`${todayIso()}T08:00:00Z`).getTime();
    const rates = service({ now: () => new Date(clock), retryAfterMs: 60_000 });
    await rates.getTable('EUR');
    await rates.getTable('EUR');
    expect(feedHits('eur')).toBe(1);
    feed.mode = 'ok';
    clock += 61_000;
    expect(await rates.getTable('EUR')).toMatchObject({ date: todayIso(), snapshot: false });
    expect(feedHits('eur')).toBe(2);
  });

  it('derives a table from a current cached INR table when its own feed fails', async () => {
    await cacheRow('INR', todayIso(), { inr: 1, usd: 0.0125, jpy: 1.8 });
    feed.mode = 'error';
    const usd = await service().getTable('USD');
    expect(usd).toMatchObject({ code: 'USD', date: todayIso(), snapshot: false });
    expect(usd.rates.inr).toBe(80);
    expect(usd.rates.jpy).toBe(144);
  });

  it('shares one fetch among concurrent requests for the same table', async () => {
    const rates = service();
    const tables = await Promise.all(Array.from({ length: 10 }, () => rates.getTable('JPY')));
    expect(feedHits('jpy')).toBe(1);
    for (const table of tables)
      expect(table).toMatchObject({ code: 'JPY', date: todayIso(), snapshot: false });
  });

  it('never replaces a newer cached table with an older one (instances racing)', async () => {
    await cacheRow('INR', '2026-10-30', { inr: 1, usd: 0.02 });
    feed.mode = 'old'; // the feed answers a table dated 2026-01-02
    await service().refresh('INR');
    const [row] = await t.db.select().from(currencyRates);
    expect(row).toMatchObject({ date: '2026-10-30', rates: { inr: 1, usd: 0.02 }, source: 'test' });
    expect(row!.fetchedAt.getTime()).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime());
  });

  it('stores one row per code when many instances refresh at once', async () => {
    await Promise.all(Array.from({ length: 6 }, () => service().refresh('USD')));
    const rows = await t.db.execute(sql`select code, date from currency_rates`);
    expect(rows.rows).toEqual([{ code: 'USD', date: todayIso() }]);
  });
});

describe('GET /api/rates/:code', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it("answers in RATES_URL's shape, from the feed, with cache headers and an ETag", async () => {
    const res = await get('/api/rates/inr');
    expect(res.statusCode).toBe(200);
    const body = res.json<RatesResponse>();
    expect(Object.keys(body)).toEqual(['date', 'inr', 'snapshot']);
    expect(body).toEqual({
      date: todayIso(),
      inr: { usd: 0.0125, eur: 0.011, jpy: 1.8, kwd: 0.0037, inr: 1 },
      snapshot: false,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const etag = String(res.headers.etag);
    expect(etag).toBe(`"INR-${todayIso()}-c"`);
    const again = await get('/api/rates/INR', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(feedHits('inr')).toBe(1);
  });

  it('serves the snapshot (flagged, with its date) when the feed is down', async () => {
    feed.mode = 'error';
    const res = await get('/api/rates/KWD');
    expect(res.statusCode).toBe(200);
    const body = res.json<RatesResponse>();
    expect(body.snapshot).toBe(true);
    expect(body.date).toBe(SNAPSHOT.date);
    expect((body.kwd as Record<string, number>).kwd).toBe(1);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('refuses unknown codes with 400', async () => {
    for (const code of ['XYZ', 'btc', 'usdollar', '12']) {
      const res = await get(`/api/rates/${code}`);
      expect(res.statusCode, code).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });
});

describe('GET /api/geo/currency', () => {
  const geo = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/geo/currency', remoteAddress });

  it("gives the currency the geo service names for the visitor's address", async () => {
    const res = await geo('203.0.113.7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: 'EUR', country: 'DE' });
    expect(feed.hits).toEqual(['/geo/203.0.113.7']);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
  });

  it("takes the country's currency when the service gives only a country", async () => {
    feed.geo = { country_code: 'JP' };
    expect((await geo('198.51.100.4')).json()).toEqual({ currency: 'JPY', country: 'JP' });
    feed.geo = { countryCode: 'CH', currency: 'nonsense' };
    expect((await geo('198.51.100.4')).json()).toEqual({ currency: 'CHF', country: 'CH' });
    feed.geo = { currency: 'EUR', country_code: 'DE' };
  });

  it('is silent (nulls) for private addresses, failures and unreadable answers', async () => {
    expect((await geo('127.0.0.1')).json()).toEqual({ currency: null, country: null });
    expect((await geo('192.168.1.10')).json()).toEqual({ currency: null, country: null });
    expect(feed.hits).toEqual([]);
    feed.geo = null;
    const failed = await geo('203.0.113.9');
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ currency: null, country: null });
    feed.geo = { hello: 'world' };
    expect((await geo('203.0.113.9')).json()).toEqual({ currency: null, country: null });
    feed.geo = { currency: 'EUR', country_code: 'DE' };
  });
});
