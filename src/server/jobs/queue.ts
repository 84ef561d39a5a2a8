import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import {
  Logger,
  run,
  runOnce,
  type Job,
  type LogFunctionFactory,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import type { Database, Queryable } from '../db/client.ts';

/**
 * The durable job queue (ADR 0125): graphile-worker in the `graphile_worker` schema of our database,
 * installed by `runMigrations`. A job is enqueued in the same transaction as the change that asks for it
 * (`graphile_worker.add_job` is SQL), claimed by any instance with `FOR UPDATE SKIP LOCKED`, retried with
 * exponential back-off, deleted when it succeeds and kept with its last error when it used up its attempts.
 *
 * Delivery is at least once: a handler that crashes after its side effect but before the job is marked
 * done runs again, so handlers make themselves idempotent (the mail job checks `notifications.sentAt`).
 */

export type JobRow = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number (1 on the first run). */
  attempts: number;
  maxAttempts: number;
  runAt: Date;
};

export type JobContext = { db: Database; job: JobRow };
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;
/** Handlers by job kind. A runner only claims the kinds it has a handler for. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export type EnqueueOptions = {
  /** A second enqueue with the same key is a no-op (`job_keys`), whether or not the first has run. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
};

/** Attempts a job gets unless its enqueue says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 8;

/**
 * The SQL expression that adds one job, for a statement that queues a job as part of something larger
 * (notifications.repo.ts). `payload` is a json(b) SQL expression.
 */
export function addJobSql(
  kind: string,
  payload: ReturnType<typeof sql>,
  opts: Omit<EnqueueOptions, 'dedupeKey'> & { jobKey?: ReturnType<typeof sql> } = {},
) {
  return sql`graphile_worker.add_job(${kind}, (${payload})::json,
    run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int,
    job_key => ${opts.jobKey ?? null}::text)`;
}

/**
 * Add a job. Pass the transaction of the change that asks for it, so the job exists exactly when that
 * change commits. Returns false when `dedupeKey` was already taken.
 */
export async function enqueue(
  db: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  opts: EnqueueOptions = {},
): Promise<boolean> {
  const json = sql`${JSON.stringify(payload)}`;
  if (opts.dedupeKey === undefined) {
    await db.execute(sql`select (${addJobSql(kind, json, opts)}).id`);
    return true;
  }
  // The key is taken in job_keys for good (graphile-worker forgets a job's key once the job is done); a
  // concurrent enqueue with the same key waits for this transaction and then finds the key taken.
  const result = await db.execute(sql`
    with taken as (
      insert into job_keys (key) values (${opts.dedupeKey}) on conflict do nothing returning key)
    select (${addJobSql(kind, json, { ...opts, jobKey: sql`${opts.dedupeKey}` })}).id
    from taken`);
  return result.rows.length > 0;
}

/**
 * A worker whose lock on a job (or job queue) is older than this is considered crashed and the job is
 * retried: the runner frees such locks every `STALE_LOCK_SWEEP_MS`, `runDueJobs` before it runs. The old
 * queue's bound; graphile-worker's own sweep waits four hours. A handler must finish well within it.
 */
export const LOCK_TIMEOUT_SECONDS = 600;

/** How often a running `JobRunner` frees locks older than `LOCK_TIMEOUT_SECONDS`. */
export const STALE_LOCK_SWEEP_MS = 60_000;

/**
 * Free the jobs (and named job queues) locked longer than `LOCK_TIMEOUT_SECONDS` ago by a worker that
 * died, so any live worker takes them again. One statement on graphile-worker's lock columns, what its
 * own stale-lock sweep does after four hours. Safe to run from every instance at once (a freed job is
 * claimed by one worker through graphile's SKIP LOCKED). Returns how many jobs it freed.
 */
export async function freeStaleLocks(pool: pg.Pool | Queryable): Promise<number> {
  const statement = `
    with queues as (
      update graphile_worker._private_job_queues
      set locked_at = null, locked_by = null
      where locked_at < now() - make_interval(secs => ${LOCK_TIMEOUT_SECONDS}))
    update graphile_worker._private_jobs
    set locked_at = null, locked_by = null, run_at = greatest(run_at, now())
    where locked_at < now() - make_interval(secs => ${LOCK_TIMEOUT_SECONDS})
    returning id`;
  const result =
    pool instanceof pg.Pool ? await pool.query(statement) : await pool.execute(sql.raw(statement));
  return result.rows.length;
}

/** A job waiting in the queue (or kept after its last attempt failed), for tests and inspection. */
export type QueuedJob = JobRow & {
  key: string | null;
  lastError: string | null;
  lockedAt: Date | null;
  /** Used up its attempts: will not run again. */
  failed: boolean;
};

/**
 * Jobs still in the queue (not yet succeeded), oldest first, optionally of one kind or with one key. A job
 * that succeeded is gone; one that used up its attempts stays with `failed` and `lastError`.
 */
export async function queuedJobs(
  db: Queryable,
  filter: { kind?: string; key?: string } = {},
): Promise<QueuedJob[]> {
  const result = await db.execute<{
    id: number;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
    run_at: string | Date;
    key: string | null;
    last_error: string | null;
    locked_at: string | Date | null;
  }>(sql`
    select j.id, t.identifier as kind, j.payload::jsonb as payload, j.attempts, j.max_attempts, j.run_at,
           j.key, j.last_error, j.locked_at
    from graphile_worker._private_jobs j
    join graphile_worker._private_tasks t on t.id = j.task_id
    where (${filter.kind ?? null}::text is null or t.identifier = ${filter.kind ?? null})
      and (${filter.key ?? null}::text is null or j.key = ${filter.key ?? null})
    order by j.id`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    payload: r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    runAt: new Date(r.run_at),
    key: r.key,
    lastError: r.last_error,
    lockedAt: r.locked_at === null ? null : new Date(r.locked_at),
    failed: r.attempts >= r.max_attempts && r.locked_at === null,
  }));
}

/**
 * Make waiting jobs due now (tests; an operator retrying after a fix). `ids` omitted: every job that has
 * attempts left. Uses graphile-worker's `reschedule_jobs`.
 */
export async function makeDue(db: Queryable, ids?: number[]): Promise<number> {
  const list = ids ?? (await queuedJobs(db)).filter((j) => !j.failed && !j.lockedAt).map((j) => j.id);
  if (list.length === 0) return 0;
  const result = await db.execute(sql`
    select id from graphile_worker.reschedule_jobs(${`{${list.join(',')}}`}::bigint[], run_at => now())`);
  return result.rows.length;
}

export type RunSummary = { done: number; retried: number; failed: number };

type LogFn = (msg: string, err?: unknown, fields?: Record<string, unknown>) => void;

/** Our handlers as graphile-worker tasks: the JobRow they are given, and a log line per failed attempt. */
function taskList(db: Database, handlers: JobHandlers, log?: LogFn): TaskList {
  const tasks: TaskList = {};
  for (const [kind, handler] of Object.entries(handlers)) {
    tasks[kind] = async (payload, helpers) => {
      const job = jobRow(helpers.job, payload);
      try {
        await handler(job.payload, { db, job });
      } catch (err) {
        log?.(`job ${job.id} (${kind}) attempt ${job.attempts} failed`, err, {
          jobId: job.id,
          jobKind: kind,
          attempt: job.attempts,
        });
        throw err;
      }
    };
  }
  return tasks;
}

function jobRow(job: Job, payload: unknown): JobRow {
  return {
    id: Number(job.id),
    kind: job.task_identifier,
    payload: (payload ?? {}) as Record<string, unknown>,
    attempts: job.attempts,
    maxAttempts: job.max_attempts,
    runAt: new Date(job.run_at),
  };
}

/**
 * graphile-worker's own log lines: warnings and errors that are not about one job (those the task wrapper
 * logs with the job's id) go to `log`; the rest is dropped.
 */
function workerLogger(log?: LogFn): Logger {
  const factory: LogFunctionFactory = (scope) => (level, message, meta) => {
    if (!log || scope.jobId !== undefined || (level !== 'error' && level !== 'warning')) return;
    log(`job queue: ${message}`, (meta as { error?: unknown } | undefined)?.error);
  };
  return new Logger(factory);
}

/** A small pool for graphile-worker itself (claiming and completing jobs), separate from the app's. */
function workerPool(db: Database, max: number): pg.Pool {
  const pool = new pg.Pool({ ...db.$client.options, max });
  // A lost connection, idle or in use: the query in flight fails (and is retried), the pool opens another.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * Jobs `runDueJobs` runs at once. A test that made hundreds of moves drains their jobs (and the mails
 * those jobs queue) in one call; one at a time that took longer than a test may wait.
 */
export const RUN_DUE_CONCURRENCY = 4;

/**
 * Run every job that is due now until none is left, then return what happened (tests call this through
 * `app.jobs.runDue()` instead of waiting for a runner). Several calls at once share the work: each job
 * runs once.
 */
export async function runDueJobs(
  db: Database,
  handlers: JobHandlers,
  opts: { log?: LogFn; pool?: pg.Pool; concurrency?: number } = {},
): Promise<RunSummary> {
  const summary: RunSummary = { done: 0, retried: 0, failed: 0 };
  if (Object.keys(handlers).length === 0) return summary;
  const events = new EventEmitter() as WorkerEvents;
  events.on('job:success', () => void summary.done++);
  events.on(
    'job:error',
    ({ job }) => void summary[job.attempts >= job.max_attempts ? 'failed' : 'retried']++,
  );
  const concurrency = opts.concurrency ?? RUN_DUE_CONCURRENCY;
  const pool = opts.pool ?? workerPool(db, concurrency + 2);
  try {
    // The runner frees the jobs of crashed workers on a timer; a single run does it first.
    await freeStaleLocks(pool);
    await runOnce({
      pgPool: pool,
      taskList: taskList(db, handlers, opts.log),
      concurrency,
      noHandleSignals: true,
      logger: workerLogger(opts.log),
      events,
    });
  } finally {
    if (!opts.pool) await pool.end();
  }
  return summary;
}

export type RunnerOptions = {
  /** Jobs run at once by this process (config JOBS_CONCURRENCY). */
  concurrency?: number;
  /** How often to look for jobs that became due (new jobs are heard at once through LISTEN/NOTIFY). */
  intervalMs?: number;
  /** How often to free the jobs of crashed workers (`freeStaleLocks`); `STALE_LOCK_SWEEP_MS` by default. */
  staleLockSweepMs?: number;
  /** `fields` names the job (jobId, jobKind, attempt) so its log lines can be found by job id. */
  log?: LogFn;
};

/**
 * graphile-worker's runner from `start()` to `stop()`: `concurrency` jobs at a time, claimed in batches
 * (its local queue), new jobs heard through LISTEN/NOTIFY, due retries found by polling every
 * `intervalMs`. Several instances share the work. `stop()` lets the jobs in progress finish.
 */
export class JobRunner {
  private runner: Runner | null = null;
  private pool: pg.Pool | null = null;
  private starting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly handlers: () => JobHandlers,
    private readonly opts: RunnerOptions = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.pool ??= workerPool(this.db, (this.opts.concurrency ?? 10) + 3);
    // Jobs claimed by a worker that died stay locked: free those older than LOCK_TIMEOUT_SECONDS now and
    // then every sweep interval (graphile-worker's own sweep would wait four hours).
    this.sweep = setInterval(() => this.freeStaleLocks(), this.opts.staleLockSweepMs ?? STALE_LOCK_SWEEP_MS);
    this.sweep.unref();
    this.freeStaleLocks();
    this.starting = this.boot();
  }

  /** One sweep at a time; a failure (database away) is logged and the next tick tries again. */
  private freeStaleLocks(): void {
    const pool = this.pool;
    if (this.sweeping || !pool) return;
    this.sweeping = freeStaleLocks(pool)
      .then((freed) => {
        if (freed > 0) this.opts.log?.(`job queue: freed ${freed} job(s) locked by a worker that stopped`);
      })
      .catch((err: unknown) => this.opts.log?.('job queue: freeing stale locks failed', err))
      .finally(() => {
        this.sweeping = null;
      });
  }

  /** Kept for callers that just queued a job: the runner already hears new jobs through NOTIFY. */
  wake(): void {}

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    await this.sweeping;
    await this.starting;
    await this.runner?.stop().catch(() => {});
    this.runner = null;
    await this.pool?.end().catch(() => {});
    this.pool = null;
  }

  private async boot(): Promise<void> {
    const concurrency = this.opts.concurrency ?? 10;
    this.pool ??= workerPool(this.db, concurrency + 3);
    try {
      this.runner = await run({
        pgPool: this.pool,
        taskList: taskList(this.db, this.handlers(), this.opts.log),
        concurrency,
        pollInterval: this.opts.intervalMs ?? 1000,
        noHandleSignals: true,
        logger: workerLogger(this.opts.log),
        preset: {
          worker: {
            // Claim several jobs per round trip; a job locked in a local queue and not started within
            // the TTL goes back to the database.
            localQueue: { size: concurrency * 2, ttl: 60_000 },
            completeJobBatchDelay: 0,
            failJobBatchDelay: 0,
          },
        },
      });
      if (this.stopped) await this.runner.stop();
    } catch (err) {
      // The database is unreachable (or the schema missing): try again shortly, as the old poller did.
      this.opts.log?.('job runner could not reach the database', err);
      if (!this.stopped) {
        this.retry = setTimeout(() => {
          if (!this.stopped) this.starting = this.boot();
        }, 5000);
        this.retry.unref();
      }
    }
  }
}

/** The queue's figures for /metrics (docs/operations.md): jobs due now, the oldest due job's wait, failed jobs. */
export async function queueStats(
  db: Queryable,
): Promise<{ due: number; oldestDueAgeSeconds: number; failed: number }> {
  const result = await db.execute<{ due: string; oldest: string | null; failed: string }>(sql`
    select count(*) filter (where is_available and run_at <= now()) as due,
           extract(epoch from now() - min(run_at) filter (where is_available and run_at <= now())) as oldest,
           count(*) filter (where attempts >= max_attempts and locked_at is null) as failed
    from graphile_worker._private_jobs`);
  const row = result.rows[0];
  return {
    due: Number(row?.due ?? 0),
    oldestDueAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)),
    failed: Number(row?.failed ?? 0),
  };
}
