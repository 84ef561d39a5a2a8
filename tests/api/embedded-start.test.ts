import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, removeEmbeddedData } from '../../src/server/db/embedded.ts';
import { killLeftoverPostgres } from '../setup/e2e-global.ts';

/**
 * First start anywhere (docs/decisions: embedded PostgreSQL as root): the server as `npm start` runs it,
 * on the embedded PostgreSQL, with DATA_DIR inside a folder only its owner may enter (mkdtemp's 0700,
 * like a checkout in /root). Nothing here loosens a permission.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const isRoot = process.getuid?.() === 0;
const START_TIMEOUT_MS = 150_000;

type Server = { child: ChildProcess; out: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Server {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'SEED_DEMO', 'APP_SECRET', 'SMTP_URL', 'npm_lifecycle_event'])
    if (!(key in env)) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, out: () => out, exited };
}

/** Wait for "serving on", or fail with the server's output when it exits first. */
async function serving(server: Server): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!server.out().includes('serving on')) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.out()}`);
    if (Date.now() > deadline) throw new Error(`no "serving on" in time:\n${server.out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) {
    await killLeftoverPostgres(path.join(dir, 'pg'));
    await removeEmbeddedData(path.join(dir, 'pg'));
    await fs.rm(dir, { recursive: true, force: true });
  }
});

async function privateDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-first-start-'));
  made.push(dir);
  expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
  return dir;
}

describe('the embedded PostgreSQL in a 0700 folder', () => {
  it.skipIf(!isRoot)(
    'as root (skipped when not root: only root runs PostgreSQL as another user): starts, keeps data ' +
      'across a restart, and seeds no demo accounts in production',
    async () => {
      const dataDir = await privateDataDir();
      const port = await freePort();
      const env = {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      };
      const base = `http://127.0.0.1:${port}`;
      const email = `first-start-${Date.now()}@example.test`;
      const password = 'Secret@123';

      const first = startServer(env);
      try {
        await serving(first);
        // It said where the cluster went, since the postgres user cannot enter DATA_DIR.
        expect(first.out()).toMatch(/the postgres user cannot enter .*: the embedded database lives in/);
        expect(first.out()).not.toContain('seeded the demo shop');
        const register = await fetch(`${base}/api/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'First Start',
            phone: '9876543210',
            email,
            password,
            confirmPassword: password,
            address: '12 MG Road',
            country: 'India',
            state: 'Maharashtra',
            city: 'Mumbai',
          }),
        });
        expect(register.status, await register.clone().text()).toBe(201);
      } finally {
        await stopServer(first);
      }
      // The folder's own permissions were left alone.
      expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);

      const second = startServer(env);
      try {
        await serving(second);
        const login = (body: object) =>
          fetch(`${base}/api/users/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        expect((await login({ email, password })).status).toBe(200);
        // Production on the embedded database: no demo admin with the published password.
        expect((await login({ email: 'admin@haat.test', password: 'Demo@12345' })).status).toBe(401);
      } finally {
        await stopServer(second);
      }
    },
    2 * START_TIMEOUT_MS + 30_000,
  );

  it('a database PostgreSQL cannot open stops the server with two plain lines, no stack trace', async () => {
    const dataDir = await privateDataDir();
    // A data folder from a PostgreSQL version that never existed.
    await fs.mkdir(path.join(dataDir, 'pg'), { mode: 0o700 });
    await fs.writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '9\n');
    if (isRoot) await fs.chown(path.join(dataDir, 'pg'), 0, 0);
    const server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' });
    const code = await server.exited;
    expect(code).toBe(1);
    const lines = server
      .out()
      .split('\n')
      .filter((l) => l.trim() !== '');
    const failure = lines.filter(
      (l) => !/initialising|linked from|lives in|embedded PostgreSQL data/.test(l),
    );
    expect(failure.length, server.out()).toBeGreaterThanOrEqual(1);
    expect(failure.length, server.out()).toBeLessThanOrEqual(2);
    expect(server.out()).not.toMatch(/^\s+at /m);
    expect(server.out()).toMatch(/\[haat\] The (data in|embedded PostgreSQL|database in)/);
  }, 60_000);
});
