import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { connect, type Database } from '../../src/server/db/client.ts';
import type { App } from '../../src/server/lib/types.ts';
import { cloneDatabase, dropDatabase, uniqueName } from './pg-admin.ts';

export type TestContext = { app: App; db: Database; config: Config; close: () => Promise<void> };

/**
 * A fresh, migrated database (cloned from the run's template) and an app built on it, for one test file.
 * Call in beforeAll and `close()` in afterAll.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'onRoute' | 'ssrEntry'> = {},
): Promise<TestContext> {
  const serverUrl = inject('pgServerUrl');
  const name = uniqueName('haat_t');
  const url = await cloneDatabase(serverUrl, inject('pgTemplate'), name);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const db = connect(url, 10);
  const app = await buildApp({ config, db, logger: false, ...options });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.$client.end();
      await dropDatabase(serverUrl, name);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
