import fp from 'fastify-plugin';
import type { App } from '../lib/types.ts';
import { JobRunner, runDueJobs, type JobHandler, type JobHandlers, type RunSummary } from './queue.ts';

export type Jobs = {
  /** Register the handler for a job kind (modules do this when they are registered). */
  handle(kind: string, handler: JobHandler): void;
  /** Every registered handler, by kind. */
  readonly handlers: JobHandlers;
  /** Run every due job now and wait for them (tests; the runner does it continuously). */
  runDue(): Promise<RunSummary>;
  /** Kept for callers that just queued a job; the runner hears new jobs through NOTIFY at once. */
  wake(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * Decorates `app.jobs` and, with JOB_RUNNER=inline, runs graphile-worker (JOBS_CONCURRENCY jobs at a time) from
 * onReady to onClose. With JOB_RUNNER=separate or off this process only queues jobs: the worker process
 * (src/server/worker.ts, an app built with JOB_RUNNER=inline) runs them (ADR 0140).
 * Not started when NODE_ENV=test: tests call `app.jobs.runDue()` so they never wait on a timer.
 */
export const jobsPlugin = fp(async (app: App) => {
  const handlers: Record<string, JobHandler> = {};
  const log = (msg: string, err?: unknown, fields?: Record<string, unknown>) =>
    app.log.warn({ ...fields, err }, msg);
  const runner = new JobRunner(app.db, () => handlers, {
    concurrency: app.config.jobs.concurrency,
    intervalMs: 1000,
    log,
  });
  const jobs: Jobs = {
    handle(kind, handler) {
      if (handlers[kind]) throw new Error(`A handler for job kind ${kind} is already registered`);
      handlers[kind] = handler;
    },
    get handlers() {
      return { ...handlers };
    },
    runDue: () => runDueJobs(app.db, handlers, { log }),
    wake: () => runner.wake(),
  };
  app.decorate('jobs', jobs);

  if (app.config.env !== 'test' && app.config.jobs.mode === 'inline') {
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  }
});
