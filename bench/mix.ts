/**
 * The mixed workload of `npm run bench` (docs/decisions/0128-realistic-bench.md): product details drawn
 * by Zipf rank over every active product (hot products), keyword searches drawn by Zipf rank over the
 * catalogue's vocabulary with typos and misses (bench/vocabulary.ts), random filter/sort combinations
 * (bench/filters.ts), category and shop pages, the home lists, the category menu, and signed-in buyers
 * placing cash-on-delivery orders on many different products (Zipf over a few thousand restocked ones).
 * The load runs in a child process (bench/mix-load.ts) from a seeded request list, so runs repeat.
 *
 * Also the order rows: orders on distinct products, and on one hot product, each followed by the job
 * queue draining what the orders enqueued. Queue, cache and order figures come from the app's /metrics,
 * never from tables, so the rows read the same whatever the queue's storage.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../src/server/db/client.ts';
import { createSession } from '../src/server/plugins/auth.ts';
import { nodeJson } from './child-json.ts';
import { randomFilterPaths } from './filters.ts';
import type { LoadResult, LoadSpec, MixShares } from './mix-load.ts';
import { loadVocabulary, type Vocabulary } from './vocabulary.ts';

const say = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);

/** Shares of the mix, in percent of requests (ADR 0128 says why). */
export const MIX_SHARES: MixShares = {
  detail: 30,
  search: 22,
  filter: 10,
  category: 14,
  shop: 5,
  home: 7,
  top: 3,
  tree: 3,
  order: 6,
};
const TYPOS = 0.04;
const MISSES = 0.04;
const BUYERS = 200;
const ORDERABLE = 20_000;
const LIST_SIZE = 100_000;

export type MixInputs = {
  dbUrl: string;
  vocabulary: Vocabulary;
  categories: string[];
  shops: string[];
  filterPaths: string[];
  tokens: string[];
  orderItems: { product: string; variant: string }[];
};

/**
 * Reads what the mix draws from (vocabulary, categories, shops), makes the signed-in buyers and their
 * sessions, and tops up the stock of the variants orders are placed on (so a run measures placing orders,
 * not running out; a few products sold out elsewhere still answer 409).
 */
export async function prepareMix(dbUrl: string, db: Database): Promise<MixInputs> {
  const t = performance.now();
  const vocabulary = await loadVocabulary(dbUrl);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const categories = (
      await client.query<{ id: string }>(
        `select c.id from categories c where exists (select 1 from products p where p.category_id = c.id)
         order by c.level_three_category`,
      )
    ).rows.map((r) => r.id);
    const shops = (
      await client.query<{ shop: string }>(
        `select s.shop_name as shop from users u join shops s on s.user_id = u.id
         where u.email like 'bench-seller%' order by u.email`,
      )
    ).rows.map((r) => r.shop.replaceAll(' ', '-'));

    await client.query(
      `insert into users (name, email, password_hash, phone, address, state, city)
       select 'Bench Shopper ' || b, 'bench-shopper-' || b || '@haat.test', 'not-a-hash', '9876543210',
              '1 MG Road', 'Maharashtra', 'Mumbai'
       from generate_series(1, $1::int) b on conflict do nothing`,
      [BUYERS],
    );
    await client.query(
      `insert into user_roles (user_id, role_id)
       select u.id, r.id from users u, roles r where u.email like 'bench-shopper-%' and r.name = 'Buyer'
       on conflict do nothing`,
    );
    const buyers = (
      await client.query<{ id: string }>(
        `select id from users where email like 'bench-shopper-%' order by email`,
      )
    ).rows;
    const tokens: string[] = [];
    for (const b of buyers) tokens.push((await createSession(db, b.id)).token);
    // Many open cash-on-delivery orders per buyer (docs/decisions/0110-cancellations.md's limit).
    await client.query(
      `update delivery_settings set max_open_cod_orders = 32000, max_open_cod_units = 32000 where id = 1`,
    );

    // One variant each of ORDERABLE active products spread over the catalogue (a fixed order: md5 of the
    // row's creation time, a function of its row number), restocked.
    const orderItems = (
      await client.query<{ product: string; variant: string }>(
        `select p.id as product,
                (select v.id from product_variants v where v.product_id = p.id order by v.position, v.id limit 1) as variant
         from products p where p.status and exists (select 1 from product_variants v where v.product_id = p.id)
         order by md5(p.created_at::text), p.id limit $1`,
        [ORDERABLE],
      )
    ).rows;
    await client.query(
      `update product_variants set count_in_stock = 100000000 where id = any($1::uuid[]) and count_in_stock < 50000000`,
      [orderItems.map((o) => o.variant)],
    );
    const filterPaths = await randomFilterPaths(dbUrl, 1000, 128);
    say(
      `mix inputs: ${vocabulary.words.length} words, ${categories.length} categories, ${shops.length} shops, ` +
        `${filterPaths.length} filter combinations, ${tokens.length} buyers, ${orderItems.length} orderable products ` +
        `(${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
    return { dbUrl, vocabulary, categories, shops, filterPaths, tokens, orderItems };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// /metrics

export type Metrics = { text: string };

export async function scrape(base: string, token: string): Promise<Metrics> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return { text: res.ok ? await res.text() : '' };
}

/** The sum of a metric's samples whose labels include `labels` (undefined: no such metric). */
export function metric(m: Metrics, name: string, labels: Record<string, string> = {}): number | undefined {
  let found = false;
  let sum = 0;
  for (const line of m.text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    if (!Object.entries(labels).every(([k, v]) => rest.includes(`${k}="${v}"`))) continue;
    found = true;
    sum += Number(rest.slice(rest.lastIndexOf(' ') + 1));
  }
  return found ? sum : undefined;
}

/** Counters of the job queue /metrics offers (whatever the queue implementation names them). */
function jobCounters(m: Metrics): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of m.text.split('\n')) {
    const match = /^(haat_jobs_\w+_total)(\{[^}]*\})? ([\d.e+-]+)$/.exec(line);
    if (match) out.set(match[1]!, (out.get(match[1]!) ?? 0) + Number(match[3]));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Load

export type MixContext = {
  root: string;
  base: string;
  metricsToken: string;
};

async function load(ctx: MixContext, spec: LoadSpec): Promise<LoadResult> {
  const file = path.join(os.tmpdir(), `haat-bench-mix-${process.pid}-${spec.seed}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  try {
    // The tsx loader this process runs under (process.execArgv), so the child runs TypeScript too.
    return await nodeJson<LoadResult>(
      [...process.execArgv, path.join(ctx.root, 'bench/mix-load.ts'), file],
      'mix load',
    );
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Samples this process's RSS (the app runs here) every 100 ms until stopped; returns the peak. */
function rssSampler(): () => number {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

export type JobFigures = {
  /** Deltas of the queue's *_total counters in /metrics, when it has any. */
  counters: Map<string, number>;
  maxDue: number;
  maxOldestAgeS: number;
  dueAtEnd: number;
  /** Seconds from the end of the load until nothing was due (undefined: still some after the wait). */
  drainS?: number;
  ordersPlaced: number;
};

/** Polls the queue's gauges every 250 ms while `during` runs, then until nothing is due (at most `waitS`). */
async function watchJobs<T>(
  ctx: MixContext,
  during: Promise<T>,
  waitS: number,
): Promise<{ result: T; jobs: JobFigures }> {
  const before = await scrape(ctx.base, ctx.metricsToken);
  let maxDue = 0;
  let maxAge = 0;
  let done = false;
  const poll = async () => {
    const m = await scrape(ctx.base, ctx.metricsToken);
    const due = metric(m, 'haat_jobs_due') ?? 0;
    maxDue = Math.max(maxDue, due);
    maxAge = Math.max(maxAge, metric(m, 'haat_jobs_oldest_due_age_seconds') ?? 0);
    return { m, due };
  };
  const polling = (async () => {
    while (!done) {
      await poll().catch(() => {});
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const result = await during;
  done = true;
  await polling;
  const ended = performance.now();
  let last = await poll();
  const dueAtEnd = last.due;
  let drainS: number | undefined = dueAtEnd === 0 ? 0 : undefined;
  while (drainS === undefined && performance.now() - ended < waitS * 1000) {
    await new Promise((r) => setTimeout(r, 250));
    last = await poll();
    if (last.due === 0) drainS = (performance.now() - ended) / 1000;
  }
  const b = jobCounters(before);
  const counters = new Map([...jobCounters(last.m)].map(([k, v]) => [k, v - (b.get(k) ?? 0)]));
  const placed =
    (metric(last.m, 'haat_orders_placed_total') ?? 0) - (metric(before, 'haat_orders_placed_total') ?? 0);
  return {
    result,
    jobs: { counters, maxDue, maxOldestAgeS: maxAge, dueAtEnd, drainS, ordersPlaced: placed },
  };
}

export type MixRow = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  p99_9: number;
  /** Non-2xx answers other than orders refused for stock (409), and socket errors/timeouts. */
  non2xx: number;
  outOfStock: number;
  errors: number;
  cacheHitRate?: number;
  cacheHitRateSource: string;
  peakRss: number;
  load: LoadResult;
  jobs?: JobFigures;
};

function summarize(
  name: string,
  r: LoadResult,
  peakRss: number,
  hit?: { rate?: number; source: string },
): MixRow {
  const orders = r.kinds.order?.statuses ?? {};
  const outOfStock = orders['409'] ?? 0;
  return {
    name,
    rps: r.total / r.duration,
    p50: r.p50,
    p99: r.p99,
    p99_9: r.p99_9,
    non2xx: r.non2xx - outOfStock,
    outOfStock,
    errors: r.errors + r.timeouts,
    cacheHitRate: hit?.rate,
    cacheHitRateSource: hit?.source ?? '',
    peakRss,
    load: r,
  };
}

/** Waits (at most `maxS`) until no job is due, so one row's mail does not slow the next. */
export async function settleJobs(ctx: MixContext, maxS = 60): Promise<void> {
  const t = performance.now();
  while (performance.now() - t < maxS * 1000) {
    const due = metric(await scrape(ctx.base, ctx.metricsToken), 'haat_jobs_due') ?? 0;
    if (due === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  say(`jobs still due after ${maxS} s; going on`);
}

function spec(inputs: MixInputs, base: string, over: Partial<LoadSpec>): LoadSpec {
  return {
    base,
    dbUrl: inputs.dbUrl,
    seconds: 10,
    connections: 32,
    seed: 128,
    size: LIST_SIZE,
    mode: 'mix',
    shares: MIX_SHARES,
    vocabulary: inputs.vocabulary,
    typos: TYPOS,
    misses: MISSES,
    categories: inputs.categories,
    shops: inputs.shops,
    filterPaths: inputs.filterPaths,
    tokens: inputs.tokens,
    orderItems: inputs.orderItems,
    ...over,
  };
}

/** The mix at `connections` for `seconds` (after a 3 s warm-up on another part of the same kind of list). */
export async function runMix(
  ctx: MixContext,
  inputs: MixInputs,
  connections: number,
  seconds: number,
): Promise<MixRow> {
  await settleJobs(ctx);
  say(`mix: warming up, then ${seconds} s at ${connections} connections`);
  await load(ctx, spec(inputs, ctx.base, { connections, seconds: 3, seed: 1128, size: 20_000 }));
  await settleJobs(ctx);
  const before = await scrape(ctx.base, ctx.metricsToken);
  const peak = rssSampler();
  const { result: r, jobs } = await watchJobs(
    ctx,
    load(ctx, spec(inputs, ctx.base, { connections, seconds })),
    30,
  );
  const peakRss = peak();
  const after = await scrape(ctx.base, ctx.metricsToken);
  const lookups = (m: Metrics, result?: string) =>
    metric(m, 'haat_catalog_cache_requests_total', result ? { result } : {});
  let hit: { rate?: number; source: string };
  const total = (lookups(after) ?? 0) - (lookups(before) ?? 0);
  if (lookups(after) !== undefined && total > 0)
    hit = {
      rate: ((lookups(after, 'hit') ?? 0) - (lookups(before, 'hit') ?? 0)) / total,
      source: '/metrics',
    };
  else {
    // No cache counters in /metrics: the share of catalogue GETs answered with x-cache: hit.
    const gets = Object.entries(r.kinds).filter(([k]) => k !== 'order');
    const n = gets.reduce((s, [, k]) => s + k.count, 0);
    hit = { rate: n ? gets.reduce((s, [, k]) => s + k.cacheHits, 0) / n : undefined, source: 'x-cache' };
  }
  const row = summarize(`mix, ${connections} connections`, r, peakRss, hit);
  row.jobs = jobs;
  return row;
}

/** Orders only: on `inputs.orderItems` in turn (distinct products) or all on the first one (hot). */
export async function runOrders(
  ctx: MixContext,
  inputs: MixInputs,
  which: 'distinct' | 'hot',
  connections: number,
  seconds: number,
): Promise<MixRow> {
  await settleJobs(ctx);
  const items = which === 'hot' ? inputs.orderItems.slice(0, 1) : inputs.orderItems;
  const name =
    which === 'hot'
      ? `POST /api/orders, one hot product, ${connections} connections`
      : `POST /api/orders, distinct products, ${connections} connections`;
  say(`${name}: ${seconds} s, then the job queue drains`);
  const peak = rssSampler();
  const { result: r, jobs } = await watchJobs(
    ctx,
    load(
      ctx,
      spec(inputs, ctx.base, {
        mode: 'orders',
        connections,
        seconds,
        orderItems: which === 'hot' ? items : items.slice(1),
        size: which === 'hot' ? 1000 : items.length - 1,
        seed: which === 'hot' ? 2 : 3,
      }),
    ),
    120,
  );
  const row = summarize(name, r, peak());
  row.jobs = jobs;
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Report

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');

export function printMixRows(rows: MixRow[], idleRss: number): void {
  const header = [
    'row',
    'req/s',
    'p50 ms',
    'p99 ms',
    'p99.9 ms',
    'non-2xx',
    '409 stock',
    'errors',
    'cache hits',
    'peak RSS',
  ];
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    ms(r.p99_9),
    String(r.non2xx),
    String(r.outOfStock),
    String(r.errors),
    r.cacheHitRate === undefined ? '-' : `${(r.cacheHitRate * 100).toFixed(1)} %`,
    mb(r.peakRss),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  process.stdout.write(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const b of body) process.stdout.write(`${line(b)}\n`);
  process.stdout.write(
    `\nApp RSS (this process: the app, plus the cache-off app and the bare route once they start): idle ${mb(idleRss)}, peak under load ${mb(Math.max(...rows.map((r) => r.peakRss)))}\n` +
      `non-2xx excludes orders refused as out of stock (409, its own column); cache hits: share of catalogue GETs, from ${rows[0]?.cacheHitRateSource || '-'}\n`,
  );

  for (const r of rows) {
    process.stdout.write(`\n${r.name}: per kind (latency measured by the load generator)\n`);
    for (const [kind, k] of Object.entries(r.load.kinds)) {
      const statuses = Object.entries(k.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      process.stdout.write(
        `  ${kind.padEnd(8)} ${String(k.count).padStart(7)} (${((100 * k.count) / Math.max(1, r.load.total)).toFixed(1).padStart(4)} %)  p50 ${ms(k.p50).padStart(6)}  p99 ${ms(k.p99).padStart(7)}  p99.9 ${ms(k.p99_9).padStart(7)}  x-cache hit ${k.count ? ((100 * k.cacheHits) / k.count).toFixed(0) : 0} %  [${statuses}]\n`,
      );
    }
    const kw = r.load.keywords;
    if (kw.word + kw.typo + kw.miss > 0)
      process.stdout.write(
        `  keywords in the list: ${kw.distinct} distinct; ${kw.word} from the vocabulary, ${kw.typo} with a typo, ${kw.miss} misses\n`,
      );
    if (r.jobs) printJobs(r.jobs, r.load.duration);
  }
}

function printJobs(j: JobFigures, seconds: number): void {
  const counters = [...j.counters].map(([k, v]) => `${k} +${v}`).join(', ');
  const drain =
    j.drainS === undefined
      ? `still ${j.dueAtEnd}+ due after the wait`
      : j.dueAtEnd === 0
        ? 'nothing due at the end of the load'
        : `${j.dueAtEnd} due at the end of the load, drained in ${j.drainS.toFixed(1)} s (${(j.dueAtEnd / Math.max(j.drainS, 0.25)).toFixed(0)} jobs/s)`;
  process.stdout.write(
    `  jobs: ${j.ordersPlaced} orders placed (${(j.ordersPlaced / seconds).toFixed(0)}/s); queue depth max ${j.maxDue}, oldest due job max ${j.maxOldestAgeS.toFixed(1)} s; ${drain}${counters ? `; ${counters}` : ''}\n`,
  );
}

/**
 * Keyword searches only, drawn as in the mix (Zipf over the vocabulary, typos, misses), against `base`
 * (the app with the catalogue cache off): what the search path costs when nothing is cached.
 */
export async function runSearchOnly(
  ctx: MixContext,
  inputs: MixInputs,
  base: string,
  connections: number,
  seconds: number,
): Promise<{ name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number }> {
  const shares = Object.fromEntries(
    Object.keys(MIX_SHARES).map((k) => [k, k === 'search' ? 1 : 0]),
  ) as MixShares;
  const name = `keyword search, Zipf over ${inputs.vocabulary.words.length} words + typos/misses (cache off)`;
  say(`${name}: warming up, then ${seconds} s at ${connections} connections`);
  await load(ctx, spec(inputs, base, { shares, connections, seconds: 2, seed: 1129, size: 5000 }));
  const r = await load(ctx, spec(inputs, base, { shares, connections, seconds, seed: 129, size: 20_000 }));
  return {
    name,
    rps: r.total / r.duration,
    p50: r.p50,
    p99: r.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
