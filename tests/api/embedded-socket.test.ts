import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { removeEmbeddedData } from '../../src/server/db/embedded.ts';
import { openDatabase } from '../../src/server/main.ts';
import { killLeftoverPostgres } from '../setup/e2e-global.ts';

/**
 * `npm start` on the embedded database (ADR 0141): the app's pool reaches PostgreSQL over its Unix socket
 * (no TCP on either side), while loopback TCP still answers for tools.
 */

let dataDir: string | undefined;
afterAll(async () => {
  if (!dataDir) return;
  await killLeftoverPostgres(path.join(dataDir, 'pg'));
  await removeEmbeddedData(path.join(dataDir, 'pg'));
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('connects the app over the Unix socket, and TCP still works', async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-socket-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const { db, embedded } = await openDatabase(config);
  try {
    expect(embedded).toBeDefined();
    expect(new URL(embedded!.localUrl).searchParams.get('host')).toBeTruthy();
    // inet_server_addr() is null only on a Unix-socket connection.
    const rows = await db.execute<{ addr: string | null }>(sql`select host(inet_server_addr()) as addr`);
    expect(rows.rows[0]?.addr).toBeNull();

    const tcp = new pg.Client({ connectionString: embedded!.url });
    await tcp.connect();
    try {
      const r = await tcp.query<{ addr: string | null }>('select host(inet_server_addr()) as addr');
      expect(r.rows[0]?.addr).toBe('127.0.0.1');
    } finally {
      await tcp.end();
    }
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}, 120_000);
