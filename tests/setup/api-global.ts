import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../../src/server/db/client.ts';
import {
  removeEmbeddedData,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../../src/server/db/embedded.ts';
import { adminQuery, dropDatabase, uniqueName, withDatabase } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
  }
}

/**
 * API tests run against a real PostgreSQL: TEST_DATABASE_URL when set (CI: the machine's PostgreSQL 15),
 * else an embedded server in a temporary directory. A template database is migrated once per run; each
 * test file clones it (tests/setup/test-app.ts) and drops its clone afterwards.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let tmp: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // mkdtemp makes the folder 0700: as root, startEmbeddedPostgres keeps the cluster where the `postgres`
    // user can reach it (ADR: embedded PostgreSQL as root), as `npm start` does.
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-api-pg-'));
    embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), password: 'test' });
    serverUrl = embedded.url;
  }
  const template = uniqueName('haat_tpl');
  await adminQuery(serverUrl, `create database "${template}"`);
  const db = connect(withDatabase(serverUrl, template), 2);
  await runMigrations(db);
  await db.$client.end();
  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);

  return async () => {
    await dropDatabase(serverUrl, template);
    await embedded?.stop();
    if (tmp) {
      await removeEmbeddedData(path.join(tmp, 'pg'));
      await fs.rm(tmp, { recursive: true, force: true });
    }
  };
}
