/**
 * `npm run openapi [file]`: writes the OpenAPI document (default dist/openapi.json) without a database or
 * a listening server: the app is built as the server builds it and asked for `app.swagger()`.
 * The servers entry comes from PUBLIC_URL, else HOST and PORT, as on the running server.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connect } from '../db/client.ts';

const target = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-openapi-'));
const pick = (name: string) => (process.env[name] ? { [name]: process.env[name] } : {});
const config = loadConfig({
  ...pick('PUBLIC_URL'),
  ...pick('HOST'),
  ...pick('PORT'),
  // NODE_ENV=test: no background worker starts. The pool never connects: nothing here runs a query.
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://haat-openapi@127.0.0.1:1/none',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  APP_SECRET: 'openapi-document-only-openapi-document-only',
});
const db = connect(config.databaseUrl ?? '', 1);
try {
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, `${JSON.stringify(document, null, 2)}\n`);
  const count = Object.values(document.paths ?? {}).reduce(
    (n, item) => n + Object.keys(item ?? {}).length,
    0,
  );
  process.stdout.write(`wrote ${path.relative(process.cwd(), target)} (${count} operations)\n`);
} finally {
  await db.$client.end();
  await fs.rm(dataDir, { recursive: true, force: true });
}
