import { buildApp } from './app.ts';
import { servableConfigOrExit, type Config } from './config.ts';
import { connect } from './db/client.ts';
import { loadOrCreateSecrets } from './lib/secrets.ts';

const say = (msg: string) => process.stdout.write(`[haat] worker: ${msg}\n`);

/**
 * Set by the web server for the worker it forks (main.ts): the embedded PostgreSQL's address, which only
 * that server knows. A worker started on its own uses DATABASE_URL.
 */
export const WORKER_DATABASE_ENV = 'HAAT_WORKER_DATABASE_URL';

/**
 * The job worker (ADR 0140): the same app as the web server, every module registering its job handlers,
 * built with JOB_RUNNER=inline and never listening, so graphile-worker runs the jobs the web server queues. The
 * web server forks one with JOB_RUNNER=separate (the default); `npm run worker` starts one by hand (DATABASE_URL).
 * Stops on SIGTERM/SIGINT, and when the web server that forked it goes away.
 */
export async function runWorker(): Promise<void> {
  // Forked by the web server: its IPC channel closes when that process ends, even by SIGKILL. Listened
  // for first, so a server that dies while this one starts is not missed.
  let shutdown: ((why: string) => Promise<void>) | null = null;
  const serverGone = () => (shutdown ? void shutdown('web server gone') : process.exit(0));
  if (process.send) {
    process.on('disconnect', serverGone);
    if (!process.connected) serverGone();
  }
  // The links in its mails need what a web server needs (PUBLIC_URL in production).
  const config: Config = servableConfigOrExit();
  const url = process.env[WORKER_DATABASE_ENV] || config.databaseUrl;
  if (!url) {
    process.stderr.write(
      '[haat] worker: set DATABASE_URL (or start it through `npm start`, which gives it the embedded database)\n',
    );
    process.exit(1);
  }
  if (!config.appSecret) config.appSecret = (await loadOrCreateSecrets(config.dataDir)).appSecret;
  // Mail jobs and signed links read config; this process runs the jobs itself.
  const workerConfig: Config = { ...config, jobs: { ...config.jobs, mode: 'inline' } };
  const db = connect(url, config.jobs.concurrency + 2, config.db);
  const app = await buildApp({ config: workerConfig, db, jobsOnly: true });

  let stopping = false;
  shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    say(`${why}: stopping`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await db.$client.end();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.ready();
  say(`running jobs (${config.jobs.concurrency} at a time)`);
  process.send?.({ haat: 'worker-ready' });
}
