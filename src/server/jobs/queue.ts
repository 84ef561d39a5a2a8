import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.ts';

/**
 * A durable job queue in PostgreSQL (docs/product/deployment-safety.md#running-haat, docs/product/payments.md): jobs are rows in `jobs`, enqueued in the same
 * transaction as the change that asks for them, claimed by any instance with `FOR UPDATE SKIP LOCKED`,
 * retried with exponential back-off, and kept after they finish (doneAt / failedAt) for inspection.
 *
 * Delivery is at least once: a handler that crashes after its side effect but before the job is marked
 * done runs again, so handlers make themselves idempotent (the mail job checks `notifications.sentAt`).
 */

export type JobRow = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
};

export type JobContext = { db: Database; job: JobRow };
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;
/** Handlers by job kind. A runner only claims the kinds it has a handler for. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export type EnqueueOptions = {
  /** A second enqueue with the same key is a no-op (unique column), whether or not the first has run. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
};

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
  const result = await db.execute(sql`
    insert into jobs (kind, payload, dedupe_key, run_at, max_attempts)
    values (${kind}, ${JSON.stringify(payload)}::jsonb, ${opts.dedupeKey ?? null},
            coalesce(${opts.runAt?.toISOString() ?? null}::timestamptz, now()), ${opts.maxAttempts ?? 8})
    on conflict (dedupe_key) do nothing
    returning id`);
  return result.rows.length > 0;
}

/** Delay before attempt n+1 after n failed attempts: 15 s, 30 s, 1 min, … capped at 1 hour, ±20 % jitter. */
export function backoffMs(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(15_000 * 2 ** Math.max(0, failedAttempts - 1), 3_600_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A claimed job whose worker has not reported back for this long is considered crashed and is retried. */
export const LOCK_TIMEOUT_SECONDS = 600;

const defaultWorkerId = () => `${hostname()}:${process.pid}`;

/** Claim up to `limit` due jobs of the given kinds for `workerId`, counting the attempt now. */
export async function claimDueJobs(
  db: Database,
  kinds: string[],
  workerId: string,
  limit = 10,
): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = await db.execute<{
    id: number;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
    run_at: string | Date;
  }>(sql`
    update jobs set locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
    where id in (
      select id from jobs
      where done_at is null and failed_at is null and run_at <= now()
        and kind in (${kindList})
        and (locked_at is null or locked_at < now() - make_interval(secs => ${LOCK_TIMEOUT_SECONDS}))
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning id, kind, payload, attempts, max_attempts, run_at`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    payload: r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    runAt: new Date(r.run_at),
  }));
}

export type RunSummary = { done: number; retried: number; failed: number };

/**
 * Claim and run every job that is due now, one at a time, until none is left (or `maxJobs` ran).
 * The runner calls this on a timer; tests call it directly instead of waiting.
 */
export async function runDueJobs(
  db: Database,
  handlers: JobHandlers,
  opts: { workerId?: string; maxJobs?: number; onError?: (job: JobRow, err: unknown) => void } = {},
): Promise<RunSummary> {
  const workerId = opts.workerId ?? defaultWorkerId();
  const maxJobs = opts.maxJobs ?? 1000;
  const summary: RunSummary = { done: 0, retried: 0, failed: 0 };
  const kinds = Object.keys(handlers);
  let ran = 0;
  while (ran < maxJobs) {
    const batch = await claimDueJobs(db, kinds, workerId, Math.min(10, maxJobs - ran));
    if (batch.length === 0) break;
    for (const job of batch) {
      ran++;
      const outcome = await runOne(db, handlers, job, workerId, opts.onError);
      summary[outcome]++;
    }
  }
  return summary;
}

async function runOne(
  db: Database,
  handlers: JobHandlers,
  job: JobRow,
  workerId: string,
  onError?: (job: JobRow, err: unknown) => void,
): Promise<keyof RunSummary> {
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(job.payload, { db, job });
    await db.execute(sql`
      update jobs set done_at = now(), locked_at = null, locked_by = null, last_error = null
      where id = ${job.id} and locked_by = ${workerId}`);
    return 'done';
  } catch (err) {
    onError?.(job, err);
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    if (job.attempts >= job.maxAttempts) {
      await db.execute(sql`
        update jobs set failed_at = now(), locked_at = null, locked_by = null, last_error = ${message}
        where id = ${job.id} and locked_by = ${workerId}`);
      return 'failed';
    }
    const retryAt = new Date(Date.now() + backoffMs(job.attempts));
    await db.execute(sql`
      update jobs set run_at = ${retryAt.toISOString()}::timestamptz, locked_at = null, locked_by = null,
        last_error = ${message}
      where id = ${job.id} and locked_by = ${workerId}`);
    return 'retried';
  }
}

/**
 * Polls for due jobs every `intervalMs` while started. One run at a time per runner; several instances
 * share the work through SKIP LOCKED. `stop()` waits for the run in progress.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private readonly workerId = `${defaultWorkerId()}:${Math.random().toString(36).slice(2, 8)}`;

  constructor(
    private readonly db: Database,
    private readonly handlers: () => JobHandlers,
    private readonly opts: {
      intervalMs?: number;
      /** `fields` names the job (jobId, jobKind, attempt) so its log lines can be found by job id. */
      log?: (msg: string, err?: unknown, fields?: Record<string, unknown>) => void;
    } = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Run soon instead of at the next tick (e.g. right after a request enqueued something). */
  wake(): void {
    if (this.stopped || this.running) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick() {
    this.timer = null;
    if (this.stopped || this.running) return;
    this.running = runDueJobs(this.db, this.handlers(), {
      workerId: this.workerId,
      maxJobs: 100,
      onError: (job, err) =>
        this.opts.log?.(`job ${job.id} (${job.kind}) attempt ${job.attempts} failed`, err, {
          jobId: job.id,
          jobKind: job.kind,
          attempt: job.attempts,
        }),
    })
      .then(() => undefined)
      .catch((err: unknown) => this.opts.log?.('job runner could not reach the database', err))
      .finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule(this.opts.intervalMs ?? 1000);
      });
    await this.running;
  }
}

/** The queue's figures for /metrics (docs/operations.md): jobs due now, the oldest due job's wait, failed jobs. */
export async function queueStats(
  db: Queryable,
): Promise<{ due: number; oldestDueAgeSeconds: number; failed: number }> {
  const result = await db.execute<{ due: string; oldest: string | null; failed: string }>(sql`
    select count(*) filter (where failed_at is null and run_at <= now()) as due,
           extract(epoch from now() - min(run_at) filter (where failed_at is null and run_at <= now()))
             as oldest,
           count(*) filter (where failed_at is not null) as failed
    from jobs where done_at is null`);
  const row = result.rows[0];
  return {
    due: Number(row?.due ?? 0),
    oldestDueAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)),
    failed: Number(row?.failed ?? 0),
  };
}
