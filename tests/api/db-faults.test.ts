import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { connect, runMigrations, type Database } from '../../src/server/db/client.ts';
import { enqueue, JobRunner } from '../../src/server/jobs/queue.ts';
import type { App } from '../../src/server/lib/types.ts';
import { createProduct } from '../factories/catalog.ts';
import { orderBody, postOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken } from '../factories/users.ts';
import { FaultyPostgres } from '../setup/fault-postgres.ts';
import { OrderLoad, waitFor } from '../setup/order-load.ts';

/**
 * The app on a PostgreSQL that is restarted, crashed (kill -9) and frozen (SIGSTOP) while buyers keep
 * ordering (ADR 0016). During each outage the app answers 503 promptly and stays up; afterwards it
 * recovers by itself, and the database shows that nothing half-done was left behind.
 */

const STOCK = 100_000;
const STATEMENT_TIMEOUT_MS = 1500;
const UNAVAILABLE = { message: 'Service temporarily unavailable' };

let pgs: FaultyPostgres;
let db: Database;
let app: App;
let dataDir: string;
let productId: string;
let probeToken: string;
let load: OrderLoad;
/** The job queue's poller, as a server runs it (NODE_ENV=test does not start it on its own). */
let runner: JobRunner;
const jobsRun = new Set<string>();
const figures: Record<string, unknown>[] = [];

beforeAll(async () => {
  pgs = await FaultyPostgres.create();
  const migrator = connect(pgs.url, 1);
  await runMigrations(migrator);
  await migrator.$client.end();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-faults-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: pgs.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Short, so that the frozen database costs the test seconds, not minutes.
    DB_CONNECT_TIMEOUT_MS: '1000',
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
  });
  db = connect(pgs.url, 10, config.db);
  app = await buildApp({ config, db, logger: false });
  await app.ready();

  // Fixtures go through a pool with the default timeouts, one at a time: the app's pool waits at most a
  // second for a connection, which a busy machine hashing 40 passwords at once can exceed.
  const setup = connect(pgs.url, 2);
  // The load places cash-on-delivery orders for the whole file: the buyers' open-COD limits (3 orders
  // each by default, ADR 0110) would stop it after 120 orders, before the last outage.
  await setup.execute(sql`
    insert into delivery_settings (id, max_open_cod_orders, max_open_cod_units) values (1, 10000, 10000)
    on conflict (id) do update set max_open_cod_orders = 10000, max_open_cod_units = 10000`);
  const seller = await createUser(setup, { roles: ['Seller-Company'], shop: { shopName: 'Fault Textiles' } });
  productId = (await createProduct(setup, { sellerId: seller.id, countInStock: STOCK, sizes: ['N/A'] })).id;
  const tokens: string[] = [];
  for (let i = 0; i < 40; i++) tokens.push(await sessionToken(setup, (await createUser(setup)).id));
  probeToken = await sessionToken(setup, (await createUser(setup)).id);
  await setup.$client.end();
  const body = orderBody([{ product: productId, qty: 1 }], { paymentMethod: 'CashOnDelivery' });
  load = new OrderLoad(tokens, (token, key) =>
    postOrder(app, token, body, { 'idempotency-key': key }).then((r) => ({
      status: r.statusCode,
      body: r.body,
    })),
  );
  load.start();
  runner = new JobRunner(
    db,
    () => ({ 'fault.probe': async (payload) => void jobsRun.add(String(payload.name)) }),
    { intervalMs: 100 },
  );
  runner.start();
}, 120_000);

afterAll(async () => {
  await load?.stop();
  await runner?.stop();
  await app?.close();
  await db?.$client.end();
  await pgs?.destroy();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  if (figures.length > 0) console.info('database faults (ms):\n' + JSON.stringify(figures, null, 1));
});

/** What a client sees during the outage: every request completes, with 503 and Retry-After. */
async function expectUnavailable() {
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode, health.body).toBe(503);
  expect(health.json()).toMatchObject(UNAVAILABLE);
  const order = await postOrder(
    app,
    probeToken,
    orderBody([{ product: productId }], { paymentMethod: 'CashOnDelivery' }),
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(order.statusCode, order.body).toBe(503);
  expect(order.json()).toMatchObject(UNAVAILABLE);
  expect(order.headers['retry-after']).toBeDefined();
  const mine = await app.inject({
    method: 'GET',
    url: '/api/orders/myorders',
    headers: authHeader(probeToken),
  });
  expect(mine.statusCode, mine.body).toBe(503);
  expect(mine.json()).toMatchObject(UNAVAILABLE);
}

/**
 * One outage under load: wait for orders to flow, break the database, check the answers while it is down,
 * mend it, then wait for /healthz and for new orders. Times are measured and reported, never asserted.
 */
async function outage(name: string, breakIt: () => Promise<void>, mendIt: () => Promise<void>, holdMs = 0) {
  const before = load.acknowledged.size;
  await waitFor(() => load.acknowledged.size >= before + 10, `orders flowing before ${name}`);
  const ackedBefore = load.acknowledged.size;
  const start = performance.now();
  await breakIt();
  await expectUnavailable();
  // A freeze must outlast the statement timeout: the queries caught in it time out on our side.
  while (performance.now() - start < holdMs) await new Promise((r) => setTimeout(r, 100));
  await mendIt();
  const back = performance.now();
  await waitFor(
    async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode === 200,
    'healthz',
  );
  const healthy = performance.now();
  const ackedAtBack = load.acknowledged.size;
  await waitFor(() => load.acknowledged.size >= ackedAtBack + 10, `orders flowing after ${name}`);
  // The job poller kept polling through the outage: a job queued now runs.
  await enqueue(db, 'fault.probe', { name });
  await waitFor(() => jobsRun.has(name), `a job after ${name}`);
  figures.push({
    scenario: name,
    outageMs: Math.round(back - start),
    recoverMs: Math.round(healthy - back),
    firstOrderAfterMs: Math.round((load.firstAckAfter(back) ?? healthy) - back),
    ackedDuringScenario: load.acknowledged.size - ackedBefore,
  });
}

describe('database faults under concurrent order placement', () => {
  it('restart (fast stop, start): 503 during, orders again after', async () => {
    await outage('restart', pgs.stopFast, () => pgs.start());
  }, 60_000);

  it('crash (kill -9 of the postmaster, start): 503 during, orders again after', async () => {
    await outage('kill -9', pgs.kill9, () => pgs.start());
  }, 60_000);

  it('freeze (SIGSTOP longer than the statement timeout, SIGCONT): 503 within bounded time', async () => {
    await outage('freeze', pgs.freeze, pgs.thaw, STATEMENT_TIMEOUT_MS * 2);
  }, 60_000);

  it('a transaction cut off by the client-side timeout is never finished by the next user, nor leaks its connection', async () => {
    await db.execute(sql`create table fault_probe (n int)`);
    const one = connect(pgs.url, 1, { connectTimeoutMs: 1000, statementTimeoutMs: 300 });
    try {
      const cut = one.transaction(async (tx) => {
        await tx.execute(sql`insert into fault_probe values (1)`);
        await pgs.freeze();
        await tx.execute(sql`select 1`); // no answer: query_timeout
      });
      await expect(cut).rejects.toThrow();
      await pgs.thaw();
      // The pool's only connection: if the cut one were reused, this would commit row 1 along with row 2.
      await one.transaction(async (tx) => tx.execute(sql`insert into fault_probe values (2)`));
      const { rows } = await db.execute<{ n: number }>(sql`select n from fault_probe order by n`);
      expect(rows.map((r) => r.n)).toEqual([2]);

      // A transaction whose BEGIN gets no answer: its connection must still go back to the pool (one slot).
      await pgs.freeze();
      await expect(one.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      await pgs.thaw();
      await expect(one.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await pgs.thaw();
      await one.$client.end();
    }
  }, 60_000);

  it('lost nothing acknowledged and left nothing half-done', async () => {
    await load.stop(); // finishes every key it started, so each order the database holds was acknowledged
    // No connection was lost track of: a client leaked by a failed request would fill the pool for good.
    await waitFor(() => db.$client.totalCount === db.$client.idleCount, 'every pool client back', 5000);
    expect(load.unexpected, 'answers other than 200/201/503').toEqual([]);
    const acked = [...load.acknowledged];
    const { rows: found } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where id = any(string_to_array(${acked.join(',')}, ',')::uuid[])`,
    );
    const { rows: all } = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
    figures.push({
      scenario: 'total',
      acknowledged: acked.length,
      found: found[0]?.n,
      inDatabase: all[0]?.n,
    });
    expect(found[0]?.n).toBe(acked.length);
    expect(all[0]?.n).toBe(acked.length);

    const { rows: stock } = await db.execute<{ now: number; placed: number }>(sql`
      select p.count_in_stock as now,
             coalesce((select sum(i.qty) from order_items i join orders o on o.id = i.order_id
                       where i.product_id = p.id and o.status = 'placed'), 0)::int as placed
      from products p where p.id = ${productId}`);
    expect(stock[0]!.now + stock[0]!.placed).toBe(STOCK);
    expect(stock[0]!.placed).toBe(acked.length);

    const { rows: empty } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`);
    expect(empty[0]?.n).toBe(0);
    const { rows: unpaid } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from order_items i
      where not exists (select 1 from seller_payments s where s.order_item_id = i.id)`);
    expect(unpaid[0]?.n).toBe(0);
  }, 60_000);
});
