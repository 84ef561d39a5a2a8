import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, runMigrations as installGraphileWorker } from 'graphile-worker';
import pg from 'pg';
import { loadPincodes } from './pincodes.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema> & { $client: pg.Pool };
/** A transaction handle: same query API as Database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries can run on: the pool or a transaction. */
export type Queryable = Database | Tx;

// NUMERIC stays a string (exact); BIGINT counts fit a JS number in this app.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long the app waits for the database (config: DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
export type DbTimeouts = { connectTimeoutMs: number; statementTimeoutMs: number };

export const defaultDbTimeouts: DbTimeouts = { connectTimeoutMs: 5000, statementTimeoutMs: 10_000 };

/**
 * A pool whose every wait is bounded (ADR 0016): getting a connection (connectionTimeoutMillis, also the
 * wait for a free pool slot), a statement on the server (statement_timeout), the answer on our side
 * (query_timeout, a little longer, for a server that is frozen or unreachable and cannot time itself out),
 * a transaction left idle (idle_in_transaction_session_timeout), and TCP keepalive for dead peers.
 */
export function connect(url: string, max = 20, timeouts: DbTimeouts = defaultDbTimeouts): Database {
  const { connectTimeoutMs, statementTimeoutMs } = timeouts;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1000,
    idle_in_transaction_session_timeout: statementTimeoutMs * 3,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection lost while idle (pool 'error') or while checked out (the client's own 'error', which
  // pg-pool does not listen to then) must not crash the process: the query in flight fails, the broken
  // client is dropped on release, and the pool opens a new one when the database is back.
  // Both are reported as CONNECTION_LOST (see onConnectionLost), which the app logs.
  const events = pool as unknown as EventEmitter;
  pool.on('error', (err) => events.emit(CONNECTION_LOST, err));
  pool.on('connect', (client) => {
    client.on('error', (err) => events.emit(CONNECTION_LOST, err));
    dropOnQueryTimeout(client);
  });
  releaseLostClients(pool);
  return drizzle({ client: pool, schema, casing: 'snake_case' }) as Database;
}

const CONNECTION_LOST = 'haat:connection-lost';

/**
 * Be told when one of the pool's connections is lost (a restart, a crash, a network cut), idle or in use.
 * Nothing needs to act on it (the pool replaces the connection), but an operator should see it in the log.
 * Returns the function that stops listening.
 */
export function onConnectionLost(db: Database, listener: (err: Error) => void): () => void {
  const events = db.$client as unknown as EventEmitter;
  events.on(CONNECTION_LOST, listener);
  return () => void events.off(CONNECTION_LOST, listener);
}

/**
 * A checked-out client whose connection ends goes back to the pool (as broken) at once, and a later
 * release by its holder is a no-op. Drizzle's transaction() does not release its client when BEGIN
 * itself fails, which during an outage would leak one pool slot per failed transaction until the pool
 * is full of dead clients and every request waits out the connect timeout for good.
 */
function releaseLostClients(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const guard = (client: pg.PoolClient) => {
    const release = client.release;
    let released = false;
    const lost = () => {
      if (released) return;
      released = true;
      release(new Error('Connection terminated while checked out'));
    };
    client.once('end', lost);
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', lost);
      release(err);
    };
  };
  // Only the promise form: pg-pool's own pool.query() uses the callback form and releases with its error.
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      guard(client);
      return client;
    });
  };
}

/**
 * After a query_timeout the statement may still be running, or its transaction still open, on a server
 * that will wake up later; the next statement on that connection would then land inside the abandoned
 * transaction. So the connection is closed at once: the pool drops it and opens a fresh one.
 */
function dropOnQueryTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') client.end().catch(() => {});
      });
    }
    return result;
  };
}

/**
 * Install or upgrade the job queue's schema (graphile-worker's `graphile_worker`, ADR 0125), apply pending
 * migrations (one of which moves the old queue's jobs into it), then load the shipped pincodes
 * (db/pincodes.ts). An advisory lock makes two processes starting together take turns instead of racing
 * on the same DDL.
 */
export async function runMigrations(db: Database): Promise<void> {
  // Its own connection without the pool's statement timeouts: a migration (or waiting for another
  // process's) may rightly take longer than any request should.
  const untimed = {
    ...db.$client.options,
    statement_timeout: 0,
    query_timeout: 0,
    idle_in_transaction_session_timeout: 0,
  };
  const client = new pg.Client(untimed);
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(724242)');
    // graphile-worker's own migrations, on a pool of their own without timeouts, before ours.
    const workerPool = new pg.Pool({ ...untimed, max: 2 });
    workerPool.on('error', () => {});
    workerPool.on('connect', (c) => c.on('error', () => {}));
    try {
      await installGraphileWorker({ pgPool: workerPool, logger: new Logger(() => () => {}) });
    } finally {
      await workerPool.end();
    }
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
    // Reference data that ships with the app (India's pincodes), under the same lock.
    await loadPincodes(client);
  } finally {
    await client.query('select pg_advisory_unlock(724242)').catch(() => {});
    await client.end();
  }
}

/** One round trip to the database; rejects if it does not answer within `timeoutMs`. */
export async function ping(db: Database, timeoutMs?: number): Promise<void> {
  const query = db.execute(sql`select 1`);
  if (!timeoutMs) return void (await query);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Query read timeout (health check)')), timeoutMs);
  });
  query.catch(() => {}); // settled later when the timer won the race
  try {
    await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
