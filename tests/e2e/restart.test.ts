import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, removeEmbeddedData } from '../../src/server/db/embedded.ts';
import { killLeftoverPostgres } from '../setup/e2e-global.ts';

/**
 * DECISIONS / Foundation issue: "Killing npm start with SIGKILL and starting again works, with no data
 * lost." This file runs its own `npm start` (not the shared e2e server) in its own DATA_DIR: it writes
 * a user, kills npm with SIGKILL, runs `npm start` again on the same DATA_DIR and port, and signs in.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 240_000;

type Started = { npm: ChildProcess; log: string[]; tree: Set<number> };

let dataDir: string;
let port: number;
const everStarted = new Set<number>();

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-restart-'));
  port = await freePort();
});

afterAll(async () => {
  // Whatever is still running from either start: stop it, then the database, then the files.
  for (const pid of everStarted) signal(pid, 'SIGTERM');
  await waitUntil(() => [...everStarted].every((pid) => !alive(pid)), 20_000);
  for (const pid of everStarted) signal(pid, 'SIGKILL');
  if (dataDir) {
    await killLeftoverPostgres(path.join(dataDir, 'pg'));
    await removeEmbeddedData(path.join(dataDir, 'pg'));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

describe('npm start survives SIGKILL', () => {
  it('keeps a registered user across a SIGKILL of `npm start` and a second start', async () => {
    const email = `restart-${Date.now()}@example.test`;
    const password = 'Secret@123';

    const first = await startNpm();
    const register = await post('/api/users', {
      name: 'Restart Buyer',
      phone: '9876543210',
      email,
      password,
      confirmPassword: password,
      address: '12 MG Road',
      country: 'India',
      state: 'Maharashtra',
      city: 'Mumbai',
    });
    expect([200, 201], await register.clone().text()).toContain(register.status);

    // Note every process npm started (sh, node, postgres…) before npm goes, for cleanup.
    for (const pid of await descendants(first.npm.pid!)) first.tree.add(pid);
    for (const pid of first.tree) everStarted.add(pid);
    const npmExited = new Promise((r) => first.npm.once('exit', r));
    first.npm.kill('SIGKILL');
    await npmExited;

    // Start again at once, as a user would: same DATA_DIR, same port.
    const second = await startNpm();
    const login = await post('/api/users/login', { email, password });
    expect(login.status, await login.clone().text()).toBe(200);
    expect(await login.json()).toMatchObject({ email });

    // A clean stop this time: npm passes SIGTERM on, the server stops its PostgreSQL.
    for (const pid of await descendants(second.npm.pid!)) everStarted.add(pid);
    const exited = new Promise((r) => second.npm.once('exit', r));
    second.npm.kill('SIGTERM');
    await exited;
  });
});

/** Run `npm start` and wait until *this* process serves (its "serving on" line) and /healthz is ok. */
async function startNpm(): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  for (const key of ['DATABASE_URL', 'SEED_DEMO', 'PUBLIC_URL', 'NODE_ENV', 'APP_SECRET', 'SMTP_URL'])
    delete env[key];
  env.LOG_LEVEL = 'warn';
  const npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  everStarted.add(npm.pid!);
  const log: string[] = [];
  let serving = false;
  const onData = (chunk: string) => {
    log.push(chunk);
    if (chunk.includes(`serving on http://127.0.0.1:${port}`)) serving = true;
  };
  npm.stdout.setEncoding('utf8').on('data', onData);
  npm.stderr.setEncoding('utf8').on('data', onData);

  const deadline = Date.now() + START_TIMEOUT_MS;
  let healthy = false;
  while (Date.now() < deadline && !healthy) {
    if (npm.exitCode !== null || npm.signalCode !== null) break;
    if (serving) {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      healthy = res?.status === 200;
    }
    if (!healthy) await sleep(250);
  }
  if (!healthy) {
    throw new Error(`npm start did not become healthy on port ${port}. Its output:\n${log.join('')}`);
  }
  return { npm, log, tree: new Set([npm.pid!]) };
}

function post(pathname: string, body: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** All processes below `pid`, read from /proc (Linux; CI and the dev machines are Linux). */
async function descendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command name (field 2) may hold spaces; the parent pid is the 2nd field after its ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!parents.has(ppid)) parents.set(ppid, []);
    parents.get(ppid)!.push(Number(entry));
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

async function waitUntil(ok: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!ok() && Date.now() < deadline) await sleep(100);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
