import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { servableConfigOrExit, type Config } from './config.ts';
import { connect, runMigrations, type Database } from './db/client.ts';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.ts';
import { startWorkerProcess, type WorkerProcess } from './jobs/worker-process.ts';
import { loadOrCreateSecrets } from './lib/secrets.ts';
import { WORKER_DATABASE_ENV } from './worker.ts';

const say = (msg: string) => process.stdout.write(`[haat] ${msg}\n`);

async function hasNoUsers(db: Database): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from users) as empty`);
  return result.rows[0]?.empty === true;
}

/** Open the configured database: DATABASE_URL, else the embedded server in DATA_DIR/pg. */
export async function openDatabase(config: Config): Promise<{ db: Database; embedded?: EmbeddedServer }> {
  if (config.databaseUrl) return { db: connect(config.databaseUrl, undefined, config.db) };
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'pg'),
    password: secrets.pgPassword,
    log: say,
  });
  if (!config.appSecret) config.appSecret = secrets.appSecret;
  return { db: connect(embedded.localUrl, undefined, config.db), embedded };
}

export async function main() {
  const config: Config = servableConfigOrExit();
  await fs.mkdir(config.dataDir, { recursive: true });
  const { db, embedded } = await openDatabase(config);
  if (!config.appSecret) config.appSecret = (await loadOrCreateSecrets(config.dataDir)).appSecret;

  await runMigrations(db);
  // Loaded only to seed (an empty shop; seedIfEmpty checks again under its lock): the demo's pictures need
  // sharp and libvips, which a running shop loads at its first image (ADR 0140).
  if (config.seedDemo && (await hasNoUsers(db))) {
    const { seedIfEmpty } = await import('./db/seed/demo.ts');
    const seeded = await seedIfEmpty(db, { dataDir: config.dataDir });
    if (seeded) say('seeded the demo shop (see README for the demo accounts)');
  }

  const app = await buildApp({ config, db });
  let worker: WorkerProcess | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await Promise.all([worker?.stop(), app.close()]);
      await db.$client.end();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Started through npm (npm → sh → node): when npm is killed, even with SIGKILL, stop with it instead of
  // living on as an orphan that holds the port and the database.
  if (process.env.npm_lifecycle_event) {
    const launchers = launcherPids();
    setInterval(() => {
      if (launchers.some((pid) => !isAlive(pid))) void shutdown('npm exited');
    }, 1000).unref();
  }

  try {
    await app.listen({ port: config.port, host: config.host });
    // PORT=0 asks for any free port: e-mailed links in loopback development need the real one.
    const bound = app.server.address();
    if (config.port === 0 && bound && typeof bound === 'object') config.port = bound.port;
  } catch (err) {
    await app.close().catch(() => {});
    await db.$client.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw err;
  }
  say(`serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
  // JOB_RUNNER=separate: the jobs this server queues run in a worker process of their own (ADR 0140).
  if (config.jobs.mode === 'separate' && !stopping) {
    worker = startWorkerProcess({
      env: {
        PORT: String(config.port),
        ...(embedded ? { [WORKER_DATABASE_ENV]: embedded.localUrl } : {}),
      },
      log: say,
    });
  }
}

const ENVIRONMENT_CODES: Record<string, string> = {
  EACCES:
    'this user may not do that there: check the folder permissions, or set DATA_DIR to a folder it owns',
  EPERM: 'this user may not do that there: check the folder permissions, or set DATA_DIR to a folder it owns',
  EROFS: 'that file system is read-only: set DATA_DIR to a writable folder',
  ENOSPC: 'the disk is full: free some space, or set DATA_DIR to a folder on a larger disk',
  EADDRINUSE: 'another program listens on that port: stop it, or set PORT to another port',
  EADDRNOTAVAIL:
    'this machine has no such address: set HOST to one of its addresses (127.0.0.1 for development)',
};

/**
 * What `npm start` prints when it cannot start. A problem of the machine (permissions, a full disk, a busy
 * port, the embedded database refusing) is one or two lines saying what and how to fix it; only a bug of
 * ours keeps its stack trace, for the report.
 */
export function startFailure(err: unknown): string {
  if (err instanceof EmbeddedPostgresError) {
    return err.message
      .split('\n')
      .map((line) => `[haat] ${line}`)
      .join('\n');
  }
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (err instanceof Error && code && ENVIRONMENT_CODES[code]) {
    return `[haat] failed to start: ${err.message}\n[haat] ${ENVIRONMENT_CODES[code]}.`;
  }
  return `[haat] failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Our parent and, where /proc tells, its ancestors up to the npm process that started us. */
function launcherPids(): number[] {
  const pids = [process.ppid];
  for (let pid = process.ppid, depth = 0; depth < 3; depth++) {
    let stat: string, cmdline: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      break; // no /proc (macOS): the parent alone is watched
    }
    if (/\bnpm/.test(cmdline)) break;
    // Field 4 of /proc/<pid>/stat is the parent pid; the command name before it may contain spaces.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1) break;
    pids.push(ppid);
    pid = ppid;
  }
  return pids;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    process.stderr.write(`${startFailure(err)}\n`);
    process.exit(1);
  });
}
