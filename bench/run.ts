/**
 * `npm run bench` (docs/product/quality.md#performance): load the real app on a generated catalog and compare it with a bare
 * Fastify route measured on the same machine in the same run.
 *
 *   npm run bench                       100 000 products, 10 s per endpoint
 *   npm run bench -- --products 2000 --seconds 3
 *   npm run bench -- --embedded         on the embedded PostgreSQL `npm start` uses (BENCH_EMBEDDED=1)
 *   BENCH_PRODUCTS, BENCH_SECONDS, BENCH_CONNECTIONS (32), BENCH_DATABASE_URL work too.
 *
 * The database is a fresh one made for the run and dropped at the end, on: BENCH_DATABASE_URL's server,
 * else TEST_DATABASE_URL's, else a PostgreSQL on 127.0.0.1:5432 if one answers, else an embedded one.
 * The servers run in this process; autocannon runs as a child process so that the load generator does
 * not share the servers' event loop.
 */
import { spawn, spawnSync } from 'node:child_process';
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
import { createSession } from '../src/server/plugins/auth.ts';
import { benchProductImport } from './product-import.ts';
import { loadConfig } from '../src/server/config.ts';
import { connect, runMigrations } from '../src/server/db/client.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from '../src/server/db/embedded.ts';

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
    url: embedded.url,
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

// ---------------------------------------------------------------------------------------------------
// Catalog generator: everything in SQL (INSERT … SELECT over generate_series), so 100 000 products
// take seconds, not minutes.

/** Categories the generator uses: path, HSN, GST rate, and the nouns its products are named with. */
const CATEGORIES: { path: [string, string, string]; hsn: string; tax: number; nouns: string[] }[] = [
  {
    path: ['Men', 'Topwear', 'T-Shirts'],
    hsn: '6109',
    tax: 5,
    nouns: ['T-Shirt', 'Polo T-Shirt', 'Henley T-Shirt'],
  },
  {
    path: ['Men', 'Topwear', 'Shirts'],
    hsn: '6205',
    tax: 5,
    nouns: ['Shirt', 'Oxford Shirt', 'Linen Shirt'],
  },
  {
    path: ['Men', 'Ethnic Wear', 'Kurtas'],
    hsn: '6211',
    tax: 5,
    nouns: ['Kurta', 'Kurta Pyjama Set', 'Nehru Jacket'],
  },
  {
    path: ['Women', 'Ethnic Wear', 'Kurtas & Suits'],
    hsn: '6204',
    tax: 5,
    nouns: ['Kurta', 'Anarkali Kurta', 'Salwar Suit'],
  },
  {
    path: ['Women', 'Ethnic Wear', 'Sarees'],
    hsn: '5208',
    tax: 5,
    nouns: ['Saree', 'Silk Saree', 'Cotton Saree'],
  },
  {
    path: ['Women', 'Western Wear', 'Tops'],
    hsn: '6106',
    tax: 5,
    nouns: ['Top', 'Shirt Dress', 'Crop T-Shirt'],
  },
  { path: ['Men', 'Bottomwear', 'Jeans'], hsn: '6203', tax: 5, nouns: ['Jeans', 'Slim Jeans', 'Chinos'] },
  {
    path: ['Footwear', 'Men', 'Casual Shoes'],
    hsn: '6403',
    tax: 12,
    nouns: ['Sneakers', 'Loafers', 'Mojari'],
  },
  {
    path: ['Electronics', 'Audio', 'Headphones'],
    hsn: '8518',
    tax: 18,
    nouns: ['Headphones', 'Earbuds', 'Speaker'],
  },
  {
    path: ['Books', 'Fiction', 'Novels'],
    hsn: '4901',
    tax: 0,
    nouns: ['Novel', 'Short Stories', 'Poetry Collection'],
  },
];
const ADJECTIVES = [
  'Classic',
  'Printed',
  'Handloom',
  'Slim Fit',
  'Relaxed',
  'Embroidered',
  'Block Print',
  'Striped',
  'Solid',
  'Festive',
  'Everyday',
  'Premium',
];
const COLOURS = [
  'Indigo',
  'Maroon',
  'Mustard',
  'Olive',
  'White',
  'Black',
  'Teal',
  'Rust',
  'Peach',
  'Navy',
  'Grey',
  'Pink',
];
const FABRICS = ['cotton', 'linen', 'khadi', 'silk', 'rayon', 'denim', 'chanderi', 'modal'];
const BRANDS = [
  'Kavya Textiles',
  'Meera Handlooms',
  'Jaipur Looms',
  'Bunkar',
  'Desi Thread',
  'Chhapa',
  'Nilgiri Mills',
  'Rangrez',
  'Urban Haat',
  'Kora',
];
const SENTENCES = [
  'Soft on the skin and easy to wash.',
  'Made in small batches by weavers we know by name.',
  'Pairs well with jeans or a dhoti.',
  'Colours are fast; wash cold the first time.',
  'A regular fit that keeps its shape.',
  'Breathable for Indian summers.',
];

const pgArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;

async function generateCatalog(url: string, n: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const seller = await client.query<{ id: string }>(
      `insert into users (name, email, password_hash, active, address, state, city)
       values ('Bench Seller', 'bench-seller@haat.test', 'x', true, '1 Loom Street', 'Rajasthan', 'Jaipur') returning id`,
    );
    const sellerId = seller.rows[0]!.id;
    await client.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Seller-Company'`,
      [sellerId],
    );
    const shop = await client.query<{ id: string }>(
      `insert into shops (user_id, shop_name) values ($1, 'Bench Looms') returning id`,
      [sellerId],
    );
    const shopId = shop.rows[0]!.id;

    await client.query(
      `create temporary table bench_categories (k int, id uuid, nouns text[], markup numeric) on commit drop`,
    );
    for (const [k, c] of CATEGORIES.entries()) {
      await client.query(
        `with cat as (
           insert into categories (category, sub_category, level_three_category, hsn, tax)
           values ($1, $2, $3, $4, $5) returning id)
         insert into bench_categories select $6, id, $7::text[], $8 from cat`,
        [c.path[0], c.path[1], c.path[2], c.hsn, c.tax, k, c.nouns, 5 + (k % 4) * 2.5],
      );
    }
    await client.query(
      `insert into category_markups (unique_category_name, percentage_markup)
       select distinct on (c.category) c.category, b.markup
       from categories c join bench_categories b on b.id = c.id
       on conflict do nothing`,
    );

    // Every value comes from the row number through a few multiplications, so runs are repeatable.
    await client.query(
      `with w as (
         select ${pgArray(ADJECTIVES)} as adj, ${pgArray(COLOURS)} as colour, ${pgArray(FABRICS)} as fabric,
                ${pgArray(BRANDS)} as brand, ${pgArray(SENTENCES)} as sentence
       ), g as (
         select i, b.id as category_id, b.nouns, b.markup, w.*
         from generate_series(1, $1::int) as i
         join bench_categories b on b.k = i % ${CATEGORIES.length}
         cross join w
       )
       insert into products (user_id, shop_id, name, brand, price, count_in_stock, category_id, description,
                             rating, num_reviews, sizes, percentage_markup, status, created_at, updated_at)
       select $2, $3,
              adj[1 + (i * 7) % cardinality(adj)] || ' ' || colour[1 + (i * 11) % cardinality(colour)] || ' '
                || nouns[1 + (i / ${CATEGORIES.length}) % cardinality(nouns)],
              brand[1 + (i * 13) % cardinality(brand)],
              (149 + (i * 37) % 4850)::numeric + 0.99,
              case when i % 17 = 0 then 0 else (i * 3) % 120 + 1 end,
              category_id,
              'A ' || lower(adj[1 + (i * 7) % cardinality(adj)]) || ' '
                || lower(nouns[1 + (i / ${CATEGORIES.length}) % cardinality(nouns)]) || ' in '
                || fabric[1 + (i * 5) % cardinality(fabric)] || ' by ' || brand[1 + (i * 13) % cardinality(brand)]
                || '. ' || sentence[1 + (i * 3) % cardinality(sentence)] || ' '
                || sentence[1 + (i * 5 + 1) % cardinality(sentence)],
              round(((i * 29) % 300)::numeric / 100 + 2, 2),
              (i * 7) % 40,
              array['S', 'M', 'L', 'XL'],
              markup,
              i % 20 <> 0,
              now() - make_interval(mins => i),
              now() - make_interval(mins => i)
       from g`,
      [n, sellerId, shopId],
    );
    await client.query(
      `insert into product_images (product_id, position, url)
       select id, 0, '/uploads/products/bench/' || id || '-original.webp' from products`,
    );
    // One product in ten has a running percentage discount; one in fifty needs a coupon.
    await client.query(
      `insert into product_discounts (product_id, discount_value, discount_unit, valid_until, coupon_code)
       select id, 10 + abs(hashtext(id::text)) % 30, 'percentage', now() + interval '30 days',
              case when abs(hashtext(id::text)) % 50 = 0 then 'WELCOME10' end
       from products where abs(hashtext(id::text)) % 10 = 0`,
    );
    await client.query('commit');
    await client.query('analyze');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

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
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out) as AutocannonJson);
      } catch {
        reject(new Error(`autocannon exited ${code}: ${err || out}`));
      }
    });
  });
}

async function measure(endpoint: Endpoint): Promise<Row> {
  // One request first: an endpoint that is not there yet is reported, not loaded.
  const probe = await fetch(endpoint.url, {
    method: endpoint.method ?? 'GET',
    body: endpoint.body,
    headers: endpoint.headers,
  }).catch((err: unknown) => err as Error);
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
  const bare = rows[0]?.rps;
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
  const dbName = `haat_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'haat-bench-data-'));
  let created = false;
  const closers: (() => Promise<unknown>)[] = [];
  try {
    say(`database ${dbName} on ${server.label}`);
    await admin(server.url, `create database "${dbName}"`);
    created = true;
    const url = withDatabase(server.url, dbName);
    const db = connect(url);
    closers.push(() => db.$client.end());
    await runMigrations(db);

    const t = performance.now();
    await generateCatalog(url, PRODUCTS);
    say(`generated ${PRODUCTS} products and analyzed in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      APP_SECRET: randomBytes(32).toString('base64url'),
      // One bench buyer places every order: the per-user limit (30 per 10 minutes) would answer 429.
      USER_WRITE_LIMITS: '0',
    });
    const app = await buildApp({ config, db, logger: false });
    closers.unshift(() => app.close());
    const appPort = await freePort();
    await app.listen({ port: appPort, host: '127.0.0.1' });

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
        `select id from products where status order by created_at desc offset $1 limit 1`,
        [Math.floor(PRODUCTS / 3)],
      )
    ).rows[0]?.id;

    // A signed-in buyer placing cash-on-delivery orders for one product with plenty of stock: every
    // order goes through pricing, the conditional stock update and the seller payment record.
    const buyerId = (
      await db.$client.query<{ id: string }>(
        `insert into users (name, email, password_hash, phone, address, state, city)
         values ('Bench Buyer', 'bench-buyer@haat.test', 'not-a-hash', '9876543210', '1 MG Road', 'Maharashtra', 'Mumbai')
         returning id`,
      )
    ).rows[0]!.id;
    await db.$client.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Buyer'`,
      [buyerId],
    );
    const { token } = await createSession(db, buyerId);
    await db.$client.query(`update products set count_in_stock = 100000000 where id = $1`, [productId]);
    const orderBody = JSON.stringify({
      orderItems: [{ product: productId, qty: 1 }],
      shippingAddress: {
        address: '1 MG Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        postalCode: '400001',
        country: 'India',
      },
      paymentMethod: 'CashOnDelivery',
    });

    const base = `http://127.0.0.1:${appPort}`;
    const nocache = `http://127.0.0.1:${uncachedPort}`;
    const endpoints: Endpoint[] = [
      { name: 'bare Fastify route', url: `http://127.0.0.1:${barePort}/bare` },
      { name: 'GET /api/products (home list)', url: `${base}/api/products` },
      { name: 'GET /api/products?keyword=shirt', url: `${base}/api/products?keyword=shirt` },
      { name: 'GET /api/products/:id', url: `${base}/api/products/${productId ?? 'none'}` },
      { name: 'GET /api/products (cache off)', url: `${nocache}/api/products` },
      { name: 'GET /api/products?keyword=shirt (cache off)', url: `${nocache}/api/products?keyword=shirt` },
      { name: 'GET /api/products/:id (cache off)', url: `${nocache}/api/products/${productId ?? 'none'}` },
      {
        name: 'POST /api/orders (place order)',
        url: `${base}/api/orders`,
        method: 'POST',
        body: orderBody,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      },
    ];

    const rows: Row[] = [];
    for (const e of endpoints) rows.push(await measure(e));
    rows.push(await benchProductImport(base, db));

    const js = homePageJavaScript();

    process.stdout.write(
      `\nHaat bench: ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s each, on ${server.label}, node ${process.version}\n`,
    );
    printTable(rows);
    const total = js.files.reduce((s, f) => s + f.gzip, 0);
    const raw = js.files.reduce((s, f) => s + f.raw, 0);
    process.stdout.write(
      `\nJavaScript the home page loads: ${(total / 1024).toFixed(1)} KiB gzipped (${(raw / 1024).toFixed(1)} KiB raw) in ${js.files.length} file(s)\n`,
    );
    for (const f of js.files)
      process.stdout.write(`  ${f.file}  ${(f.gzip / 1024).toFixed(1)} KiB gzipped\n`);
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
