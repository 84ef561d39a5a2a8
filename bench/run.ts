/**
 * `npm run bench` (docs/product/quality.md#performance): load the real app on a generated catalog and compare it with a bare
 * Fastify route measured on the same machine in the same run.
 *
 *   npm run bench                       100 000 products, 10 s per endpoint
 *   npm run bench -- --products 2000 --seconds 3
 *   npm run bench -- --embedded         on the embedded PostgreSQL `npm start` uses (BENCH_EMBEDDED=1)
 *   npm run bench -- --only filters     only the filter, sort and facet rows (bench/filters.ts)
 *   npm run bench -- --keep             leave the generated database (its name is printed) …
 *   npm run bench -- --database NAME    … and measure on it again without generating
 *   BENCH_PRODUCTS, BENCH_SECONDS, BENCH_CONNECTIONS (32), BENCH_DATABASE_URL, BENCH_ONLY, BENCH_KEEP=1,
 *   BENCH_DATABASE work too.
 *
 * The database is a fresh one made for the run and dropped at the end, on: BENCH_DATABASE_URL's server,
 * else TEST_DATABASE_URL's, else a PostgreSQL on this machine (through its Unix socket in
 * /var/run/postgresql, else 127.0.0.1:5432) if one answers, else an embedded one.
 * The servers run in this process; autocannon runs as a child process so that the load generator does
 * not share the servers' event loop.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { benchProductImport } from './product-import.ts';
import { loadConfig } from '../src/server/config.ts';
import { startWorkerProcess } from '../src/server/jobs/worker-process.ts';
import { connect, runMigrations } from '../src/server/db/client.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from '../src/server/db/embedded.ts';
import { checkDerived, generateCatalog } from './catalog.ts';
import { nodeJson } from './child-json.ts';
import { filterEndpoints, loadMix, probe, randomFilterPaths } from './filters.ts';
import { lighthousePages, printLighthouse, storefrontPaths } from './lighthouse.ts';
import {
  prepareMix,
  printMixRows,
  runMix,
  runOrders,
  runSearchOnly,
  type MixContext,
  type MixRow,
} from './mix.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------------
// Options

function option(flag: string, envName: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[envName];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n <= 0) {
    process.stderr.write(`${flag} / ${envName} must be a positive integer, got "${raw}"\n`);
    process.exit(2);
  }
  return n;
}

const PRODUCTS = option('--products', 'BENCH_PRODUCTS', 100_000);
const SECONDS = option('--seconds', 'BENCH_SECONDS', 10);
const CONNECTIONS = option('--connections', 'BENCH_CONNECTIONS', 32);
/** `--embedded` / BENCH_EMBEDDED=1: measure on the embedded PostgreSQL that `npm start` uses. */
const forceEmbedded = process.argv.includes('--embedded') || process.env.BENCH_EMBEDDED === '1';
const textOption = (flag: string, envName: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return (i >= 0 ? process.argv[i + 1] : process.env[envName]) || undefined;
};
/** `--only filters`: only the filter rows. */
const ONLY = textOption('--only', 'BENCH_ONLY');
/** `--keep`: do not drop the database; `--database NAME`: reuse a kept one (nothing is generated). */
const KEEP = process.argv.includes('--keep') || process.env.BENCH_KEEP === '1';
const REUSE = textOption('--database', 'BENCH_DATABASE');
/** Seconds each mixed-workload row loads (after a 3 s warm-up), and its connection counts. */
const MIX_SECONDS = option('--mix-seconds', 'BENCH_MIX_SECONDS', 25);
const MIX_CONNECTIONS = [32, 128];
/** How many random filter/sort combinations the mix row walks through. */
const MIX_SIZE = 200;

const say = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);

// ---------------------------------------------------------------------------------------------------
// Database server

type DbServer = { url: string; label: string; stop: () => Promise<void> };

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function pickServer(): Promise<DbServer> {
  const nothing = async () => {};
  if (!forceEmbedded) {
    for (const name of ['BENCH_DATABASE_URL', 'TEST_DATABASE_URL'] as const) {
      const url = process.env[name];
      if (url) return { url, label: `${name} (${new URL(url).host})`, stop: nothing };
    }
    // The local server as an app on this machine should reach it: through its Unix socket (ADR 0141).
    const socket = 'postgres://postgres@localhost:5432/postgres?host=/var/run/postgresql';
    if (await answers(socket))
      return { url: socket, label: 'PostgreSQL on /var/run/postgresql (Unix socket)', stop: nothing };
    const local = 'postgres://postgres@127.0.0.1:5432/postgres';
    if (await answers(local)) return { url: local, label: 'PostgreSQL on 127.0.0.1:5432', stop: nothing };
  }

  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'haat-bench-pg-'));
  // Running as root, PostgreSQL runs as the `postgres` user and must reach the folder inside.
  await fsp.chmod(tmp, 0o755);
  say(`starting an embedded PostgreSQL in ${tmp}`);
  const embedded: EmbeddedServer = await startEmbeddedPostgres({
    dir: path.join(tmp, 'pg'),
    password: 'bench',
  });
  return {
    url: embedded.localUrl,
    label: 'embedded PostgreSQL',
    stop: async () => {
      await embedded.stop();
      await fsp.rm(tmp, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(serverUrl: string, sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

async function databaseExists(serverUrl: string, database: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Catalog generator: bench/catalog.ts (products with variants, brands, sellers, ratings, discounts).

// ---------------------------------------------------------------------------------------------------
// Load

type Endpoint = {
  name: string;
  url: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
};
type Row = {
  name: string;
  note?: string;
  rps?: number;
  p50?: number;
  p99?: number;
  non2xx?: number;
  errors?: number;
};

type AutocannonJson = {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number };
  requests: { total: number; average: number };
};

function autocannon(endpoint: Endpoint, seconds: number): Promise<AutocannonJson> {
  const args = [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    '-j',
    '-n',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
  ];
  if (endpoint.method) args.push('-m', endpoint.method);
  if (endpoint.body) args.push('-b', endpoint.body);
  for (const [k, v] of Object.entries(endpoint.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(endpoint.url);
  return nodeJson<AutocannonJson>(args, 'autocannon');
}

async function measure(endpoint: Endpoint): Promise<Row> {
  // One request first: an endpoint that is not there yet is reported, not loaded. A 5xx right after a
  // heavy row is usually that row's backlog still draining (database timeouts): wait and ask again.
  const ask = () =>
    fetch(endpoint.url, {
      method: endpoint.method ?? 'GET',
      body: endpoint.body,
      headers: endpoint.headers,
    }).catch((err: unknown) => err as Error);
  let probe = await ask();
  for (let retry = 0; retry < 3 && !(probe instanceof Error) && probe.status >= 500; retry++) {
    await probe.arrayBuffer();
    await new Promise((r) => setTimeout(r, 10_000));
    probe = await ask();
  }
  if (probe instanceof Error) return { name: endpoint.name, note: `unreachable: ${probe.message}` };
  await probe.arrayBuffer();
  if (probe.status === 404) return { name: endpoint.name, note: 'not implemented yet (404)' };
  if (probe.status >= 400) return { name: endpoint.name, note: `HTTP ${probe.status}, not loaded` };

  say(`${endpoint.name}: warming up, then ${SECONDS} s at ${CONNECTIONS} connections`);
  await autocannon(endpoint, Math.min(3, Math.max(1, Math.round(SECONDS / 5))));
  const r = await autocannon(endpoint, SECONDS);
  return {
    name: endpoint.name,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

function printTable(rows: Row[]) {
  const bare = rows[0]?.name === 'bare Fastify route' ? rows[0].rps : undefined;
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare'];
  const body = rows.map((r) => {
    if (r.rps === undefined) return [r.name, r.note ?? '-', '', '', ''];
    const flags = [r.non2xx ? `${r.non2xx} non-2xx` : '', r.errors ? `${r.errors} errors` : '']
      .filter(Boolean)
      .join(', ');
    return [
      r.name,
      r.rps.toFixed(0),
      r.p50!.toFixed(1),
      r.p99!.toFixed(1),
      bare ? `${(r.rps / bare).toFixed(3)}${flags ? `  (${flags})` : ''}` : flags,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const numeric = /^[\d.]+$/;
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i > 0 && i < 4 && numeric.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  process.stdout.write(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const b of body) process.stdout.write(`${line(b)}\n`);
}

// ---------------------------------------------------------------------------------------------------
// Web bundle: the JavaScript the home page loads, gzipped.

function newest(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

function homePageJavaScript(): { files: { file: string; raw: number; gzip: number }[] } {
  const webRoot = path.join(root, 'dist/web');
  const index = path.join(webRoot, 'index.html');
  const sources = Math.max(newest(path.join(root, 'src/web')), newest(path.join(root, 'src/shared')));
  if (!fs.existsSync(index) || fs.statSync(index).mtimeMs < sources) {
    say('building the web app (dist/web is missing or older than its sources)');
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const html = fs.readFileSync(index, 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (!/\brel="modulepreload"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) urls.add(href);
  }
  const files = [...urls]
    .filter((u) => !/^[a-z]+:\/\//i.test(u))
    .map((u) => {
      const data = fs.readFileSync(path.join(webRoot, u.replace(/^\//, '')));
      return { file: u, raw: data.length, gzip: gzipSync(data).length };
    });
  return { files };
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  say(
    `${PRODUCTS} products, ${SECONDS} s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} CPUs`,
  );
  const server = await pickServer();
  const dbName = REUSE ?? `haat_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'haat-bench-data-'));
  let created = false;
  const closers: (() => Promise<unknown>)[] = [];
  try {
    say(`database ${dbName} on ${server.label}${KEEP ? ' (kept)' : ''}`);
    // `--database NAME` that does not exist yet: made, generated and kept (so a million products can be
    // generated once, e.g. with `--only generate`, and measured later).
    const exists = REUSE !== undefined && (await databaseExists(server.url, REUSE));
    if (!exists) {
      await admin(server.url, `create database "${dbName}"`);
      created = !KEEP && REUSE === undefined;
    }
    const url = withDatabase(server.url, dbName);
    const db = connect(url);
    closers.push(() => db.$client.end());
    // Pending migrations run on a kept database too (the schema may have moved since it was generated).
    await runMigrations(db);

    if (!exists) {
      const t = performance.now();
      await generateCatalog(url, PRODUCTS);
      say(`generated ${PRODUCTS} products and analyzed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    say(`derived columns differing from product_derived_refresh in a sample: ${await checkDerived(url)}`);
    if (ONLY === 'generate') {
      say(`generated only; measure with --database ${dbName}`);
      return;
    }

    const metricsToken = randomBytes(24).toString('base64url');
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      APP_SECRET: randomBytes(32).toString('base64url'),
      // /metrics (cache, queue and order figures) answers this token.
      METRICS_TOKEN: metricsToken,
      // One bench buyer places every order: the per-user limit (30 per 10 minutes) would answer 429.
      USER_WRITE_LIMITS: '0',
      JOB_RUNNER: process.env.JOB_RUNNER,
    });
    const app = await buildApp({ config, db, logger: false });
    closers.unshift(() => app.close());
    const appPort = await freePort();
    await app.listen({ port: appPort, host: '127.0.0.1' });
    // JOB_RUNNER=separate (the default, ADR 0140): the jobs the orders queue run in a worker process of their own,
    // as under `npm start`; JOB_RUNNER=inline measures them in the app's process.
    if (config.jobs.mode === 'separate') {
      const worker = startWorkerProcess({
        env: {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          SEED_DEMO: '0',
          APP_SECRET: config.appSecret!,
          USER_WRITE_LIMITS: '0',
          PORT: String(appPort),
          // A worker checks its configuration as a server does: in production it needs the links' origin.
          PUBLIC_URL: `http://127.0.0.1:${String(appPort)}`,
        },
        log: say,
      });
      closers.unshift(() => worker.stop());
    }
    // The app alone, started and idle (before the cache-off app and the bare route join this process).
    await new Promise((r) => setTimeout(r, 1000));
    const idleRss = process.memoryUsage().rss;

    // The same app with the catalogue micro-cache off: what the database path alone gives.
    const uncached = await buildApp({ config: { ...config, catalogCacheMs: 0 }, db, logger: false });
    closers.unshift(() => uncached.close());
    const uncachedPort = await freePort();
    await uncached.listen({ port: uncachedPort, host: '127.0.0.1' });

    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ hello: 'world' }));
    closers.unshift(() => bare.close());
    const barePort = await freePort();
    await bare.listen({ port: barePort, host: '127.0.0.1' });

    const productId = (
      await db.$client.query<{ id: string }>(
        // A one-size product without colour (a book): the order names no variant.
        `select id from products where status and sizes = array['N/A'] and colours = '{}'
         order by created_at desc offset $1 limit 1`,
        [Math.floor(PRODUCTS / 30)],
      )
    ).rows[0]?.id;

    const base = `http://127.0.0.1:${appPort}`;
    const nocache = `http://127.0.0.1:${uncachedPort}`;
    const bareRoute: Endpoint = { name: 'bare Fastify route', url: `http://127.0.0.1:${barePort}/bare` };
    const filterRows = await filterEndpoints(url, nocache);
    const endpoints: Endpoint[] = [
      bareRoute,
      { name: 'GET /api/products (home list)', url: `${base}/api/products` },
      { name: 'GET /api/products?keyword=shirt', url: `${base}/api/products?keyword=shirt` },
      { name: 'GET /api/products/:id', url: `${base}/api/products/${productId ?? 'none'}` },
      { name: 'GET /api/products (cache off)', url: `${nocache}/api/products` },
      { name: 'GET /api/products?keyword=shirt (cache off)', url: `${nocache}/api/products?keyword=shirt` },
      { name: 'GET /api/products/:id (cache off)', url: `${nocache}/api/products/${productId ?? 'none'}` },
    ];

    const parts = ONLY ? new Set(ONLY.split(',')) : undefined;
    const want = (part: string) => !parts || parts.has(part);
    const rows: Row[] = [];
    const mixRows: MixRow[] = [];
    const ctx: MixContext = { root, base, metricsToken };
    if (want('endpoints') || want('filters')) rows.push(await measure(bareRoute));
    if (want('endpoints')) for (const e of endpoints.slice(1)) rows.push(await measure(e));
    let alone: Awaited<ReturnType<typeof probe>> | undefined;
    let named: Awaited<ReturnType<typeof probe>> | undefined;
    if (want('filters')) {
      // Filters, sorts and facets, all with the cache off (bench/filters.ts).
      for (const e of filterRows) rows.push(await measure({ ...e, name: `${e.name} (cache off)` }));
      const mixPaths = await randomFilterPaths(url, MIX_SIZE);
      say(`random filter/sort mix: ${MIX_SIZE} combinations, ${SECONDS} s at ${CONNECTIONS} connections`);
      const mix = await loadMix(root, nocache, mixPaths, SECONDS, CONNECTIONS);
      rows.push({ name: `random filter/sort mix, ${MIX_SIZE} combinations (cache off)`, ...mix });
      say('random filter/sort mix: each combination alone, one request at a time');
      alone = await probe(nocache, mixPaths);
      named = await probe(
        nocache,
        filterRows.map((e) => e.url.slice(nocache.length)),
      );
    }
    // The mixed workload, the order rows and the job queue (bench/mix.ts).
    if (want('mix') || want('orders') || want('filters')) {
      const inputs = await prepareMix(url, db);
      if (want('filters') || want('mix'))
        rows.push(await runSearchOnly(ctx, inputs, nocache, CONNECTIONS, SECONDS));
      if (want('mix'))
        for (const c of MIX_CONNECTIONS) mixRows.push(await runMix(ctx, inputs, c, MIX_SECONDS));
      if (want('orders')) {
        mixRows.push(await runOrders(ctx, inputs, 'distinct', CONNECTIONS, SECONDS));
        mixRows.push(await runOrders(ctx, inputs, 'hot', CONNECTIONS, SECONDS));
      }
    }
    if (want('endpoints')) rows.push(await benchProductImport(base, db));

    const js = homePageJavaScript();

    process.stdout.write(
      `\nHaat bench: ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s each (mix ${MIX_SECONDS} s), on ${server.label}, node ${process.version}, ${new Date().toISOString()}\n`,
    );
    if (mixRows.length) printMixRows(mixRows, idleRss);
    if (rows.length) printTable(rows);
    if (alone && named)
      process.stdout.write(
        `\nOne request at a time (no queueing), cache off:\n` +
          `  ${MIX_SIZE} random combinations: p50 ${alone.p50.toFixed(1)} ms, p99 ${alone.p99.toFixed(1)} ms, max ${alone.max.toFixed(1)} ms${alone.failed ? `, ${alone.failed} not 200` : ''}\n` +
          `  slowest: ${alone.slowest.map((x) => `${x.ms.toFixed(0)} ms ${x.path}`).join('\n           ')}\n` +
          `  named filter rows: p50 ${named.p50.toFixed(1)} ms, max ${named.max.toFixed(1)} ms; ` +
          `slowest ${named.slowest.map((x) => `${x.ms.toFixed(0)} ms ${x.path}`).join(', ')}\n`,
      );
    const total = js.files.reduce((s, f) => s + f.gzip, 0);
    const raw = js.files.reduce((s, f) => s + f.raw, 0);
    process.stdout.write(
      `\nJavaScript the home page loads: ${(total / 1024).toFixed(1)} KiB gzipped (${(raw / 1024).toFixed(1)} KiB raw) in ${js.files.length} file(s)\n`,
    );
    for (const f of js.files)
      process.stdout.write(`  ${f.file}  ${(f.gzip / 1024).toFixed(1)} KiB gzipped\n`);
    // Last, after the tables are printed: a page that never answers cannot hold the other figures back.
    if (want('lighthouse')) printLighthouse(await lighthousePages(base, await storefrontPaths(url)));
  } finally {
    for (const close of closers) await close().catch(() => {});
    if (created)
      await admin(server.url, `drop database if exists "${dbName}" with (force)`).catch((err: unknown) =>
        say(`could not drop ${dbName}: ${String(err)}`),
      );
    await server.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
