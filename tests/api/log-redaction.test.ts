import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { connect, type Database } from '../../src/server/db/client.ts';
import type { App } from '../../src/server/lib/types.ts';
import { authHeader, createUser, sessionToken } from '../factories/users.ts';
import { adminQuery, cloneDatabase, dropDatabase, uniqueName } from '../setup/pg-admin.ts';

/**
 * The server's real log (pino with the app's own options, written to memory instead of stdout) after writes
 * that fail in the database: the error is there, with its SQLSTATE and stack, but none of the values the
 * failed query carried (password hash, e-mail, phone, address), nor passwords, tokens or searches.
 */

const SECRETS = {
  password: 'Sup3r-Secret-pw!',
  email: 'victim-7731@haat.test',
  phone: '9123456789',
  address: '77 Hidden Lane, Koramangala',
  newAddress: '88 Secret Street, Indiranagar',
  resetToken: 'a'.repeat(20) + 'RESETTOKEN' + 'b'.repeat(34),
  bankAccount: 'SECRETBANK12345',
  identityNumber: 'ABCDE1234F',
};

describe('log redaction', () => {
  const serverUrl = inject('pgServerUrl');
  const name = uniqueName('haat_log');
  let db: Database;
  let app: App;
  let dataDir: string;
  const lines: string[] = [];
  const log = () => lines.join('');
  let bearer: string;
  let buyerEmail: string;

  beforeAll(async () => {
    const url = await cloneDatabase(serverUrl, inject('pgTemplate'), name);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-log-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    db = connect(url, 5);
    app = await buildApp({ config, db, logStream: { write: (line: string) => void lines.push(line) } });
    await app.ready();
    const buyer = await createUser(db, { name: 'Log Buyer' });
    bearer = await sessionToken(db, buyer.id);
    buyerEmail = buyer.email;
    // A database that refuses these rows, as a broken migration or a bug would: the writes fail inside
    // PostgreSQL with the full parameter list attached to the error.
    await db.execute(sql`alter table users add constraint log_test_refuses check (name <> 'Log Victim')`);
  });
  afterAll(async () => {
    await app?.close();
    await db?.$client.end();
    await dropDatabase(serverUrl, name);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a failed registration logs the error without the values of the query', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: '10.9.0.1',
      payload: {
        name: 'Log Victim',
        phone: SECRETS.phone,
        email: SECRETS.email,
        password: SECRETS.password,
        confirmPassword: SECRETS.password,
        bank_account: SECRETS.bankAccount,
        identifyProof: 'Pan Card',
        identifyProofNumber: SECRETS.identityNumber,
        address: SECRETS.address,
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      },
    });
    expect(res.statusCode, res.body).toBe(500);
    const errors = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    const err = errors.at(-1)!.err as { code?: string; message: string; stack: string };
    // What an operator needs: the SQLSTATE (check violation), the constraint, and where it was thrown.
    expect(err.code).toBe('23514');
    expect(err.message).toMatch(/log_test_refuses/);
    expect(err.stack).toMatch(/\n {4}at /);
  });

  it('a failed profile update logs nothing of the new address or the bearer token', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...authHeader(bearer), cookie: `haat_session=${bearer}` },
      remoteAddress: '10.9.0.2',
      payload: {
        name: 'Log Victim',
        phone: '9876543210',
        email: buyerEmail,
        address: SECRETS.newAddress,
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      },
    });
    expect(res.statusCode, res.body).toBe(500);
  });

  it('tokens in paths and values in query strings stay out of request lines', async () => {
    await app.inject({
      method: 'POST',
      url: `/api/users/reset-password/${SECRETS.resetToken}`,
      remoteAddress: '10.9.0.3',
      payload: { password: SECRETS.password },
    });
    await app.inject({
      method: 'GET',
      url: `/api/products?keyword=${encodeURIComponent(SECRETS.email)}`,
      remoteAddress: '10.9.0.4',
    });
    expect(log()).toMatch(/reset-password\/\[Redacted\]/);
    expect(log()).toMatch(/keyword=\[Redacted\]/);
  });

  it('a database connection lost while idle is survived and logged (a warning, no SQL)', async () => {
    const [{ pid }] = (await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows as [
      { pid: number },
    ];
    // Ended from another session, as a database restart would: the pool's idle connection is cut.
    await adminQuery(serverUrl, `select pg_terminate_backend(${pid})`);
    for (let i = 0; i < 50 && !log().includes('database connection lost'); i++)
      await new Promise((r) => setTimeout(r, 100));
    const line = lines.find((l) => l.includes('database connection lost'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, msg: 'database connection lost' });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('the whole log holds none of the secrets, hashes or tokens', () => {
    const text = log();
    expect(text.length).toBeGreaterThan(0);
    for (const [what, value] of Object.entries({ ...SECRETS, bearer }))
      expect(text.includes(value), `${what} in the log`).toBe(false);
    expect(text).not.toMatch(/scrypt\$/); // a password hash
    expect(text).not.toMatch(/params:/); // drizzle's parameter list
  });
});
