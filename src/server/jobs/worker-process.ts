import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** scripts/worker.mjs: the compiled worker when it is up to date, else its sources through tsx. */
export const WORKER_SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../scripts/worker.mjs',
);

export type WorkerProcess = { stop(): Promise<void>; readonly pid: number | undefined };

/**
 * The job worker as a child of the web server (JOB_RUNNER=separate, ADR 0140): forked with the server's
 * environment plus what only the server knows (the port it got, the embedded database's address), started
 * again if it dies, stopped with the server. The child stops by itself when the server goes away, even by
 * SIGKILL (its IPC channel closes).
 */
export function startWorkerProcess(opts: {
  env: Record<string, string>;
  log: (msg: string) => void;
  restartDelayMs?: number;
  /** The program to fork (tests); scripts/worker.mjs by default. */
  script?: string;
}): WorkerProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | null = null;
  const firstDelay = opts.restartDelayMs ?? 2000;
  let delay = firstDelay;
  const again = (why: string) => {
    if (stopping || restart) return;
    opts.log(`job worker ${why}: starting it again in ${(delay / 1000).toFixed(1)} s`);
    restart = setTimeout(() => {
      restart = null;
      spawnChild();
    }, delay);
    restart.unref();
    // A worker that keeps dying at start is retried less and less often, up to once a minute.
    delay = Math.min(delay * 2, 60_000);
  };
  const spawnChild = () => {
    let proc: ChildProcess;
    try {
      // No inherited Node flags (tsx, --inspect): scripts/worker.mjs loads tsx itself when it needs to.
      proc = fork(opts.script ?? WORKER_SCRIPT, [], {
        env: { ...process.env, ...opts.env },
        stdio: 'inherit',
        execArgv: [],
      });
    } catch (err) {
      again(`could not start (${(err as Error).message})`);
      return;
    }
    child = proc;
    const started = Date.now();
    proc.on('error', (err) => opts.log(`job worker: ${err.message}`));
    proc.on('exit', (code, signal) => {
      if (child === proc) child = null;
      // Up for a while: the next failure is a new one, retried soon.
      if (Date.now() - started > 30_000) delay = firstDelay;
      again(`exited (${signal ?? code})`);
    });
  };
  spawnChild();
  return {
    get pid() {
      return child?.pid;
    },
    async stop() {
      stopping = true;
      if (restart) clearTimeout(restart);
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
