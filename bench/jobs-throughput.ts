/**
 * Job queue throughput (ADR 0125): how fast queued jobs drain, and how long a job waits, while an order
 * burst keeps queueing them. Runs on a scratch database it makes and drops.
 *
 *   npx tsx bench/jobs-throughput.ts                        20 000 mail jobs and 20 000 no-op jobs per queue
 *   npx tsx bench/jobs-throughput.ts --jobs 5000 --concurrency 20 --only graphile
 *   BENCH_DATABASE_URL / TEST_DATABASE_URL (a server; default postgres://postgres@127.0.0.1:5432/postgres)
 *
 * Queues compared, each with the same handlers in the same process:
 *  - `old`: the hand-written queue as it shipped before ADR 0125 (claim 10 with SKIP LOCKED, run them one by
 *    one, at most 100 jobs per tick, a tick every second), re-created here on a `legacy_jobs` table;
 *  - `old-improved`: the same claim and bookkeeping without the tick limit, `concurrency` loops at once;
 *  - `graphile`: graphile-worker through src/server/jobs/queue.ts (JobRunner, as the app runs it).
 * Workloads: `mail`, the real `email.send` handler (notifications row, sentAt check, the file transport
 * writing an .eml and its .json, markSent); `noop`, a handler that does nothing. A producer queues the
 * jobs in transactions of 20 (an order's transaction queues one or a few) as fast as it can while the
 * worker runs; figures: queued/s, drained jobs/s (all N, first enqueue to last done) and the wait from
 * enqueue to done (p50, p99, max).
 *
 * `--backlog`: the producer queues all N jobs first and the worker starts only then, so the drain rate is
 * the worker's own (with a live producer it can be no faster than the jobs arrive); the waits then include
 * the time spent queueing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import { connect, runMigrations, type Database } from '../src/server/db/client.ts';
import { enqueue, JobRunner, type JobHandler } from '../src/server/jobs/queue.ts';
import { createMailer } from '../src/server/modules/notifications/mailer.ts';
import {
  EMAIL_JOB,
  enqueueEmail,
  sendEmailJob,
} from '../src/server/modules/notifications/notifications.service.ts';

export type QueueName = 'old' | 'old-improved' | 'graphile';
export type Workload = 'mail' | 'noop';
export type JobsRow = {
  queue: QueueName;
  /** `live`: the worker runs while the producer queues; `backlog`: it starts on N queued jobs. */
  mode: 'live' | 'backlog';
  workload: Workload;
  jobs: number;
  concurrency: number;
  queuedPerSecond: number;
  jobsPerSecond: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
};

const BATCH = 20;

// ---------------------------------------------------------------------------------------------------------
// The old queue, as it shipped (src/server/jobs/queue.ts before ADR 0125), on a table of its own
// ---------------------------------------------------------------------------------------------------------

const LEGACY_DDL = `
  create table if not exists legacy_jobs (
    id bigserial primary key, kind text not null, payload jsonb not null default '{}'::jsonb,
    dedupe_key text unique, run_at timestamptz not null default now(), attempts integer not null default 0,
    max_attempts integer not null default 8, locked_at timestamptz, locked_by text, last_error text,
    done_at timestamptz, failed_at timestamptz, created_at timestamptz not null default now());
  create index if not exists legacy_jobs_ready_idx on legacy_jobs (run_at) where done_at is null and failed_at is null;`;

type LegacyJob = { id: number; kind: string; payload: Record<string, unknown>; attempts: number };

async function legacyClaim(
  db: Database,
  kinds: string[],
  worker: string,
  limit: number,
): Promise<LegacyJob[]> {
  const list = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const r = await db.execute<LegacyJob>(sql`
    update legacy_jobs set locked_at = now(), locked_by = ${worker}, attempts = attempts + 1
    where id in (
      select id from legacy_jobs
      where done_at is null and failed_at is null and run_at <= now() and kind in (${list})
        and (locked_at is null or locked_at < now() - interval '600 seconds')
      order by run_at, id limit ${limit} for update skip locked)
    returning id, kind, payload, attempts`);
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}

async function legacyRun(
  db: Database,
  handlers: Record<string, JobHandler>,
  worker: string,
  maxJobs: number,
) {
  let ran = 0;
  while (ran < maxJobs) {
    const batch = await legacyClaim(db, Object.keys(handlers), worker, Math.min(10, maxJobs - ran));
    if (batch.length === 0) break;
    for (const job of batch) {
      ran++;
      await handlers[job.kind]!(job.payload, {
        db,
        job: { ...job, maxAttempts: 8, runAt: new Date() },
      });
      await db.execute(sql`
        update legacy_jobs set done_at = now(), locked_at = null, locked_by = null, last_error = null
        where id = ${job.id} and locked_by = ${worker}`);
    }
  }
  return ran;
}

/** Start the old queue: `old` ticks every second with 100 jobs at most; `old-improved` loops without rest. */
function startLegacy(
  db: Database,
  handlers: Record<string, JobHandler>,
  improved: boolean,
  concurrency: number,
) {
  let stopped = false;
  const loops = Array.from({ length: improved ? concurrency : 1 }, async (_, i) => {
    while (!stopped) {
      const ran = await legacyRun(db, handlers, `bench-${i}`, improved ? 1000 : 100);
      if (!improved || ran === 0) await new Promise((r) => setTimeout(r, improved ? 50 : 1000));
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
  };
}

// ---------------------------------------------------------------------------------------------------------
// One measurement
// ---------------------------------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(
  db: Database,
  dataDir: string,
  queue: QueueName,
  workload: Workload,
  jobs: number,
  concurrency: number,
  backlog: boolean,
): Promise<JobsRow> {
  await db.execute(sql`truncate notifications, job_keys, legacy_jobs`);
  await db.execute(sql`delete from graphile_worker._private_jobs`);
  await fs.rm(path.join(dataDir, 'mail'), { recursive: true, force: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-0123',
  });
  const mailer = createMailer(config);
  const lags: number[] = [];
  let done = 0;
  let lastDone = 0;
  const kind = workload === 'mail' ? EMAIL_JOB : 'bench.noop';
  const handler: JobHandler =
    workload === 'mail'
      ? sendEmailJob(mailer)
      : async (payload) => {
          lags.push(Date.now() - (payload.t as number));
        };
  const counted: JobHandler = async (payload, ctx) => {
    await handler(payload, ctx);
    done++;
    lastDone = Date.now();
  };
  const handlers = { [kind]: counted };

  let stop: () => Promise<void> = () => Promise.resolve();
  const startWorker = () => {
    if (queue === 'graphile') {
      const runner = new JobRunner(db, () => handlers, { concurrency });
      runner.start();
      stop = () => runner.stop();
    } else {
      stop = startLegacy(db, handlers, queue === 'old-improved', concurrency);
    }
  };
  if (!backlog) {
    startWorker();
    await new Promise((r) => setTimeout(r, 500)); // the runner is up
  }

  let started = Date.now();
  for (let i = 0; i < jobs; i += BATCH) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(jobs, i + BATCH); j++) {
        if (workload === 'mail') {
          const email = {
            type: 'order_confirmation',
            documentType: 'order',
            documentId: `bench-${j}`,
            recipient: `buyer${j}@example.test`,
            subject: `Your Haat order ${j}`,
            text: `Thanks! See http://localhost:3000/order/${j}`,
          };
          if (queue === 'graphile') await enqueueEmail(tx, email);
          else
            await tx.execute(sql`
              with created as (
                insert into notifications (type, document_type, document_id, recipient)
                values (${email.type}, ${email.documentType}, ${email.documentId}, ${email.recipient})
                on conflict on constraint notifications_once_key do nothing returning id)
              insert into legacy_jobs (kind, payload, dedupe_key)
              select ${kind}, ${JSON.stringify({ to: email.recipient, subject: email.subject, text: email.text, type: email.type, documentType: email.documentType, documentId: email.documentId })}::jsonb
                       || jsonb_build_object('notificationId', created.id::text),
                     'notification:' || created.id::text
              from created`);
        } else if (queue === 'graphile') {
          await enqueue(tx, kind, { t: Date.now() });
        } else {
          await tx.execute(
            sql`insert into legacy_jobs (kind, payload) values (${kind}, ${JSON.stringify({ t: Date.now() })}::jsonb)`,
          );
        }
      }
    });
  }
  const queuedMs = Date.now() - started;
  if (backlog) {
    started = Date.now();
    startWorker();
  }
  const deadline = Date.now() + 600_000;
  while (done < jobs && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await stop();
  mailer.close();
  if (done < jobs) throw new Error(`${queue}/${workload}: only ${done} of ${jobs} jobs ran in 10 minutes`);

  if (workload === 'mail') {
    const r = await db.execute<{ lag: number }>(
      sql`select extract(epoch from sent_at - created_at) * 1000 as lag from notifications`,
    );
    lags.push(...r.rows.map((x) => Number(x.lag)));
  }
  lags.sort((a, b) => a - b);
  return {
    queue,
    mode: backlog ? 'backlog' : 'live',
    workload,
    jobs,
    concurrency: queue === 'old' ? 1 : concurrency,
    queuedPerSecond: Math.round(jobs / (queuedMs / 1000)),
    jobsPerSecond: Math.round(jobs / ((lastDone - started) / 1000)),
    lagP50Ms: Math.round(percentile(lags, 50)),
    lagP99Ms: Math.round(percentile(lags, 99)),
    lagMaxMs: Math.round(lags.at(-1) ?? 0),
  };
}

/** Every queue × workload on a scratch database of `serverUrl`'s server; prints and returns the rows. */
export async function benchJobsThroughput(
  serverUrl: string,
  opts: {
    jobs?: number;
    concurrency?: number;
    only?: QueueName[];
    workloads?: Workload[];
    backlog?: boolean;
  } = {},
): Promise<JobsRow[]> {
  const jobs = opts.jobs ?? 20_000;
  const concurrency = opts.concurrency ?? 10;
  const name = `haat_jobs_bench_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = connect(url.toString(), concurrency + 10);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-jobs-bench-'));
  const rows: JobsRow[] = [];
  try {
    await runMigrations(db);
    await db.execute(sql.raw(LEGACY_DDL));
    for (const workload of opts.workloads ?? (['mail', 'noop'] as Workload[])) {
      for (const queue of opts.only ?? (['old', 'old-improved', 'graphile'] as QueueName[])) {
        // The old queue as shipped drains at most 100 jobs a second: a fifth of the jobs is enough to show it.
        const n = queue === 'old' ? Math.min(jobs, 2000) : jobs;
        const row = await measure(db, dataDir, queue, workload, n, concurrency, opts.backlog === true);
        rows.push(row);
        console.info(JSON.stringify(row));
      }
    }
  } finally {
    await db.$client.end();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  printJobsRows(rows);
  return rows;
}

export function printJobsRows(rows: JobsRow[]): void {
  console.info(
    '\n| queue | mode | workload | jobs | concurrency | queued/s | drained jobs/s | lag p50 | lag p99 | lag max |',
  );
  console.info('|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.info(
      `| ${r.queue} | ${r.mode} | ${r.workload} | ${r.jobs} | ${r.concurrency} | ${r.queuedPerSecond} | ${r.jobsPerSecond} | ${r.lagP50Ms} ms | ${r.lagP99Ms} ms | ${r.lagMaxMs} ms |`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (flag: string) => {
    const i = process.argv.indexOf(flag);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  await benchJobsThroughput(serverUrl, {
    jobs: Number(arg('--jobs') ?? 20_000),
    concurrency: Number(arg('--concurrency') ?? 10),
    only: arg('--only')?.split(',') as QueueName[] | undefined,
    workloads: arg('--workloads')?.split(',') as Workload[] | undefined,
    backlog: process.argv.includes('--backlog'),
  });
}
