import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { Logger, runMigrations as installGraphileWorker } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  enqueue,
  JobRunner,
  LOCK_TIMEOUT_SECONDS,
  makeDue,
  queuedJobs,
  queueStats,
  runDueJobs,
  type JobRow,
} from '../../src/server/jobs/queue.ts';
import { migrateUpTo } from '../setup/partial-migrations.ts';
import { adminQuery, dropDatabase, uniqueName, withDatabase } from '../setup/pg-admin.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.execute(sql`delete from graphile_worker._private_jobs`);
  await t.db.execute(sql`delete from job_keys`);
});

const none = { done: 0, retried: 0, failed: 0 };
const onlyJob = async () => {
  const rows = await queuedJobs(t.db);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe('job queue (graphile-worker)', () => {
  it('runs a due job once and removes it', async () => {
    const seen: unknown[] = [];
    const rows: JobRow[] = [];
    expect(await enqueue(t.db, 'test.echo', { n: 1 })).toBe(true);
    const handlers = {
      'test.echo': async (p: Record<string, unknown>, { job }: { job: JobRow }) => {
        seen.push(p);
        rows.push(job);
      },
    };
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(seen).toEqual([{ n: 1 }]);
    expect(rows[0]).toMatchObject({ kind: 'test.echo', attempts: 1, maxAttempts: DEFAULT_MAX_ATTEMPTS });
    expect(await queuedJobs(t.db)).toHaveLength(0);
    expect(await runDueJobs(t.db, handlers)).toEqual(none);
    expect(seen).toHaveLength(1);
  });

  it('a dedupe key makes a second enqueue a no-op, before and after the first job ran', async () => {
    expect(await enqueue(t.db, 'test.echo', { n: 1 }, { dedupeKey: 'k1' })).toBe(true);
    expect(await enqueue(t.db, 'test.echo', { n: 2 }, { dedupeKey: 'k1' })).toBe(false);
    expect(await onlyJob()).toMatchObject({ payload: { n: 1 }, key: 'k1' });
    const seen: unknown[] = [];
    expect((await runDueJobs(t.db, { 'test.echo': async (p) => void seen.push(p) })).done).toBe(1);
    // graphile-worker forgot the job and its key; job_keys did not.
    expect(await enqueue(t.db, 'test.echo', { n: 3 }, { dedupeKey: 'k1' })).toBe(false);
    expect(await queuedJobs(t.db)).toHaveLength(0);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('two transactions enqueueing the same key at once queue one job', async () => {
    const results = await Promise.all(
      [1, 2].map((n) =>
        t.db.transaction(async (tx) => {
          const added = await enqueue(tx, 'test.echo', { n }, { dedupeKey: 'race' });
          await new Promise((r) => setTimeout(r, 50));
          return added;
        }),
      ),
    );
    expect(results.sort()).toEqual([false, true]);
    await onlyJob();
  });

  it('a job enqueued in a rolled-back transaction never exists, nor does its key', async () => {
    await t.db
      .transaction(async (tx) => {
        await enqueue(tx, 'test.echo', { n: 1 }, { dedupeKey: 'rolled-back' });
        await enqueue(tx, 'test.echo', { n: 2 });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await queuedJobs(t.db)).toHaveLength(0);
    expect(await enqueue(t.db, 'test.echo', { n: 3 }, { dedupeKey: 'rolled-back' })).toBe(true);
  });

  it('does not run jobs before runAt, nor kinds it has no handler for', async () => {
    await enqueue(t.db, 'test.echo', {}, { runAt: new Date(Date.now() + 60_000) });
    await enqueue(t.db, 'test.other', {});
    expect(await runDueJobs(t.db, { 'test.echo': async () => {} })).toEqual(none);
    expect(await queuedJobs(t.db)).toHaveLength(2);
  });

  it('retries a failing job with back-off, then keeps it failed after maxAttempts with the last error', async () => {
    await enqueue(t.db, 'test.flaky', {}, { maxAttempts: 3 });
    let n = 0;
    const handlers = {
      'test.flaky': async () => {
        throw new Error(`smtp down ${++n}`);
      },
    };
    const before = Date.now();
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 0, retried: 1, failed: 0 });
    let row = await onlyJob();
    expect(row).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('smtp down 1'),
      failed: false,
    });
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + 2000); // e^1 s
    // Not due yet: nothing runs.
    expect(await runDueJobs(t.db, handlers)).toEqual(none);

    // Make it due again twice; the third attempt is the last.
    expect(await makeDue(t.db)).toBe(1);
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 0, retried: 1, failed: 0 });
    await makeDue(t.db);
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 0, retried: 0, failed: 1 });
    row = await onlyJob();
    expect(row).toMatchObject({
      attempts: 3,
      failed: true,
      lastError: expect.stringContaining('smtp down 3'),
    });
    expect(await queueStats(t.db)).toMatchObject({ due: 0, failed: 1 });
    // A failed job never runs again.
    expect(await makeDue(t.db)).toBe(0);
    await t.db.execute(sql`update graphile_worker._private_jobs set run_at = now() - interval '1 minute'`);
    expect(await runDueJobs(t.db, handlers)).toEqual(none);
    expect(n).toBe(3);
  });

  it('retries the job of a worker that crashed while holding it, after the lock timeout', async () => {
    await enqueue(t.db, 'test.echo', {});
    // What graphile-worker's get_job does when it claims the job; then the worker dies.
    await t.db.execute(sql`
      update graphile_worker._private_jobs
      set locked_at = now(), locked_by = 'crashed-worker', attempts = attempts + 1`);
    const attempts: number[] = [];
    const handlers = {
      'test.echo': async (_p: unknown, { job }: { job: JobRow }) => void attempts.push(job.attempts),
    };
    // Still locked: nobody else takes it.
    expect(await runDueJobs(t.db, handlers)).toEqual(none);
    await t.db.execute(sql`
      update graphile_worker._private_jobs
      set locked_at = now() - make_interval(secs => ${LOCK_TIMEOUT_SECONDS + 1})`);
    expect((await runDueJobs(t.db, handlers)).done).toBe(1);
    expect(attempts).toEqual([2]);
    expect(await queuedJobs(t.db)).toHaveLength(0);
  });

  it("has the running runner free a crashed worker's job after the lock timeout, not a live lock", async () => {
    expect(LOCK_TIMEOUT_SECONDS).toBe(600);
    const ran: string[] = [];
    const handlers = { 'test.echo': async (p: Record<string, unknown>) => void ran.push(String(p.n)) };
    const runner = new JobRunner(t.db, () => handlers, { concurrency: 2, staleLockSweepMs: 200 });
    runner.start();
    try {
      // Two jobs that reach the queue already claimed by a worker that then died, while the runner runs
      // (so only its periodic sweep, not the one at start, can free them): one eleven minutes ago, one a
      // minute ago.
      await t.db.transaction(async (tx) => {
        await enqueue(tx, 'test.echo', { n: 'stale' });
        await enqueue(tx, 'test.echo', { n: 'recent' });
        await tx.execute(sql`
          update graphile_worker._private_jobs
          set locked_by = 'crashed-worker', attempts = attempts + 1,
              locked_at = now() - case when payload->>'n' = 'stale'
                                       then make_interval(secs => ${LOCK_TIMEOUT_SECONDS + 60})
                                       else interval '1 minute' end`);
      });
      await expect.poll(() => ran, { timeout: 10_000 }).toEqual(['stale']);
      // Several sweeps later the recent lock is still held: that worker may yet finish it.
      await new Promise((r) => setTimeout(r, 1000));
      expect(ran).toEqual(['stale']);
      const left = await queuedJobs(t.db);
      expect(left.map((j) => [j.payload.n, j.lockedAt !== null])).toEqual([['recent', true]]);
    } finally {
      await runner.stop();
    }
  });

  it('runs each job exactly once when runners race', async () => {
    for (let i = 0; i < 40; i++) await enqueue(t.db, 'test.count', { i });
    const counts = new Map<number, number>();
    const handlers = {
      'test.count': async (p: Record<string, unknown>) => {
        const i = p.i as number;
        counts.set(i, (counts.get(i) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    const runner = new JobRunner(t.db, () => handlers, { concurrency: 4 });
    runner.start();
    const [x, y] = await Promise.all([runDueJobs(t.db, handlers), runDueJobs(t.db, handlers)]);
    await expect.poll(() => [...counts.values()].reduce((a, b) => a + b, 0), { timeout: 10_000 }).toBe(40);
    await runner.stop();
    expect(x.done + y.done).toBeLessThanOrEqual(40);
    expect(counts.size).toBe(40);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(await queuedJobs(t.db)).toHaveLength(0);
  });

  it('the runner hears a job committed while it runs and logs failures by job id', async () => {
    const seen: unknown[] = [];
    const logged: Record<string, unknown>[] = [];
    const runner = new JobRunner(
      t.db,
      () => ({
        'test.echo': async (p) => void seen.push(p),
        'test.fails': async () => {
          throw new Error('on purpose');
        },
      }),
      { concurrency: 2, intervalMs: 60_000, log: (_msg, _err, fields) => fields && logged.push(fields) },
    );
    runner.start();
    await new Promise((r) => setTimeout(r, 300));
    await t.db.transaction(async (tx) => {
      await enqueue(tx, 'test.echo', { n: 1 });
      await enqueue(tx, 'test.fails', {}, { maxAttempts: 1 });
    });
    // Heard through LISTEN/NOTIFY: well before the 60 s poll.
    await expect.poll(() => seen.length + logged.length, { timeout: 5000 }).toBe(2);
    await runner.stop();
    expect(seen).toEqual([{ n: 1 }]);
    expect(logged[0]).toMatchObject({ jobKind: 'test.fails', attempt: 1, jobId: expect.any(Number) });
    expect(await onlyJob()).toMatchObject({ kind: 'test.fails', failed: true });
  });

  it('/metrics figures: due, oldest due age, failed', async () => {
    await enqueue(t.db, 'test.metrics', {}, { runAt: new Date(Date.now() - 120_000) });
    await enqueue(t.db, 'test.metrics', {}, { runAt: new Date(Date.now() + 3_600_000) });
    const stats = await queueStats(t.db);
    expect(stats.due).toBe(1);
    expect(stats.oldestDueAgeSeconds).toBeGreaterThanOrEqual(100);
    expect(stats.failed).toBe(0);
  });

  it('the app is built in test mode with no runner started, and app.jobs.runDue runs registered kinds', async () => {
    expect(Object.keys(t.app.jobs.handlers)).toContain('email.send');
    expect(await t.app.jobs.runDue()).toEqual(none);
  });
});

describe('migration 0019: the old jobs table moves to graphile-worker', () => {
  it('moves pending and failed jobs with their keys, attempts and errors; keeps every dedupe key', async () => {
    const serverUrl = inject('pgServerUrl');
    const name = uniqueName('haat_mig19');
    await adminQuery(serverUrl, `create database "${name}"`);
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
    await client.connect();
    try {
      const { db, tag } = await migrateUpTo(client, 18);
      expect(tag).toMatch(/^0018_/);
      await client.query(`
        insert into jobs (kind, payload, dedupe_key, run_at, attempts, max_attempts, last_error, done_at, failed_at)
        values ('email.send', '{"n":1}', 'notification:1', now() + interval '1 hour', 2, 8, 'smtp down', null, null),
               ('order.completed', '{"n":2}', null, now(), 0, 8, null, null, null),
               ('email.send', '{"n":3}', 'notification:3', now(), 8, 8, 'bounced', null, now()),
               ('email.send', '{"n":4}', 'notification:4', now(), 1, 8, null, now(), null)`);
      // Without graphile-worker the move refuses rather than lose the pending jobs.
      await expect(migrate(db, { migrationsFolder })).rejects.toThrow();
      const pool = new pg.Pool({ connectionString: withDatabase(serverUrl, name), max: 2 });
      pool.on('error', () => {});
      pool.on('connect', (c) => c.on('error', () => {}));
      await installGraphileWorker({ pgPool: pool, logger: new Logger(() => () => {}) });
      await pool.end();
      await migrate(db, { migrationsFolder });
      const moved = await client.query<{
        kind: string;
        payload: unknown;
        key: string | null;
        attempts: number;
        max_attempts: number;
        last_error: string | null;
        future: boolean;
      }>(`
        select t.identifier as kind, j.payload, j.key, j.attempts, j.max_attempts, j.last_error,
               j.run_at > now() + interval '50 minutes' as future
        from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        order by j.id`);
      expect(moved.rows).toEqual([
        {
          kind: 'email.send',
          payload: { n: 1 },
          key: 'notification:1',
          attempts: 2,
          max_attempts: 8,
          last_error: 'smtp down',
          future: true,
        },
        {
          kind: 'order.completed',
          payload: { n: 2 },
          key: null,
          attempts: 0,
          max_attempts: 8,
          last_error: null,
          future: false,
        },
        {
          kind: 'email.send',
          payload: { n: 3 },
          key: 'notification:3',
          attempts: 8,
          max_attempts: 8,
          last_error: 'bounced',
          future: false,
        },
      ]);
      const keys = await client.query<{ key: string }>('select key from job_keys order by key');
      expect(keys.rows.map((r) => r.key)).toEqual(['notification:1', 'notification:3', 'notification:4']);
      expect((await client.query(`select to_regclass('public.jobs') as t`)).rows[0]).toEqual({ t: null });
    } finally {
      await client.end();
      await dropDatabase(serverUrl, name);
    }
  });
});
