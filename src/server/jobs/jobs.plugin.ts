import fp from 'fastify-plugin';
import type { App } from '../lib/types.ts';
import { JobRunner, runDueJobs, type JobHandler, type JobHandlers, type RunSummary } from './queue.ts';

export type Jobs = {
  /** Register the handler for a job kind (modules do this when they are registered). */
  handle(kind: string, handler: JobHandler): void;
  /** Every registered handler, by kind. */
  readonly handlers: JobHandlers;
  /** Run every due job now (tests; the runner does it on a timer). */
  runDue(): Promise<RunSummary>;
  /** Ask the runner to look for jobs now rather than at its next tick (no-op when it is not running). */
  wake(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * Decorates `app.jobs` and runs the queue's worker from onReady to onClose. Not started when
 * NODE_ENV=test: tests call `app.jobs.runDue()` (or `runDueJobs`) so they never wait on a timer.
 */
export const jobsPlugin = fp(async (app: App) => {
  const handlers: Record<string, JobHandler> = {};
  const runner = new JobRunner(app.db, () => handlers, {
    intervalMs: 1000,
    log: (msg, err, fields) => app.log.warn({ ...fields, err }, msg),
  });
  const jobs: Jobs = {
    handle(kind, handler) {
      if (handlers[kind]) throw new Error(`A handler for job kind ${kind} is already registered`);
      handlers[kind] = handler;
    },
    get handlers() {
      return { ...handlers };
    },
    runDue: () => runDueJobs(app.db, handlers),
    wake: () => runner.wake(),
  };
  app.decorate('jobs', jobs);

  if (app.config.env !== 'test') {
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  }
});
