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
 * The job worker as a child of the web server (JOBS=separate, ADR 0140): forked with the server's
 * environment plus what only the server knows (the port it got, the embedded database's address), started
 * again if it dies, stopped with the server. The child stops by itself when the server goes away, even by
 * SIGKILL (its IPC channel closes).
 */
export function startWorkerProcess(opts: {
  env: Record<string, string>;
  log: (msg: string) => void;
  restartDelayMs?: number;
}): WorkerProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | null = null;
  const spawnChild = () => {
    const proc = fork(WORKER_SCRIPT, [], { env: { ...process.env, ...opts.env }, stdio: 'inherit' });
    child = proc;
    proc.on('exit', (code, signal) => {
      if (child === proc) child = null;
      if (stopping) return;
      opts.log(`job worker exited (${signal ?? code}): starting it again`);
      restart = setTimeout(spawnChild, opts.restartDelayMs ?? 2000);
      restart.unref();
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
