import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
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

export function connect(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return drizzle({ client: pool, schema, casing: 'snake_case' }) as Database;
}

/**
 * Apply pending migrations. An advisory lock makes two processes starting together take turns
 * instead of racing on the same DDL.
 */
export async function runMigrations(db: Database): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock(724242)');
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(724242)').catch(() => {});
    client.release();
  }
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
