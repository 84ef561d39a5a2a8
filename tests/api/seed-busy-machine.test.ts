import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type Database } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { seedIfEmpty } from '../../src/server/db/seed/demo.ts';
import { LocalStorage, uploadsDir, type Storage } from '../../src/server/lib/storage.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The demo seed is one transaction that draws pictures between its statements. On a busy machine a gap
 * outlasted the pool's idle-in-transaction limit (3 × the statement timeout), PostgreSQL ended the
 * session, and a first `npm start` failed. Here a pool with a 6 s limit and a picture that takes 7 s to
 * store stand in for that machine.
 */

let t: TestContext;
let db: Database;
beforeAll(async () => {
  t = await createTestApp();
  db = connect(t.config.databaseUrl!, 2, { connectTimeoutMs: 5_000, statementTimeoutMs: 2_000 });
});
afterAll(async () => {
  await db?.$client.end();
  await t?.close();
});

it('seeds even when drawing a picture takes longer than the idle-in-transaction limit', async () => {
  const local = new LocalStorage(uploadsDir(t.config.dataDir));
  let slowed = false;
  const slow: Storage = {
    put: async (key, data, contentType, visibility) => {
      if (!slowed) {
        slowed = true;
        await new Promise((resolve) => setTimeout(resolve, 7_000));
      }
      await local.put(key, data, contentType, visibility);
    },
    get: (key) => local.get(key),
    delete: (key) => local.delete(key),
    publicUrl: (key) => local.publicUrl(key),
  };
  expect(await seedIfEmpty(db, { dataDir: t.config.dataDir, storage: slow })).toBe(true);
  expect(slowed).toBe(true);
  const [row] = await t.db.select({ n: count() }).from(users);
  expect(row?.n).toBeGreaterThanOrEqual(8);
}, 180_000);
