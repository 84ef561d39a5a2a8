import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../../src/server/db/client.ts';

/**
 * Applies the migrations up to and including number `last` (0010 → 10) to `client`'s database, the way an
 * older release left it, so a test can write rows of that shape and then apply the rest with
 * `migrate(db, { migrationsFolder })`. Drizzle applies what its journal lists, so the first ones are copied
 * into a temporary folder of their own with a shortened journal. Returns the drizzle handle and the tag of
 * the last migration applied.
 */
export async function migrateUpTo(
  client: pg.Client,
  last: number,
): Promise<{ db: NodePgDatabase; tag: string }> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { idx: number; tag: string }[] };
  const first = journal.entries.filter((e) => e.idx <= last);
  const partial = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-migrations-'));
  try {
    await fs.mkdir(path.join(partial, 'meta'));
    await fs.writeFile(
      path.join(partial, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: first }),
    );
    for (const e of first)
      await fs.copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(partial, `${e.tag}.sql`));
    const db = drizzle({ client, casing: 'snake_case' });
    await migrate(db, { migrationsFolder: partial });
    return { db, tag: first.at(-1)?.tag ?? '' };
  } finally {
    await fs.rm(partial, { recursive: true, force: true });
  }
}
