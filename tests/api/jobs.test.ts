import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../src/server/db/schema/index.ts';
import { backoffMs, claimDueJobs, enqueue, runDueJobs } from '../../src/server/jobs/queue.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(jobs);
});

const jobRow = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const onlyJob = async () => {
  const rows = await t.db.select().from(jobs);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe('job queue', () => {
  it('runs a due job once and records it done', async () => {
    const seen: unknown[] = [];
    expect(await enqueue(t.db, 'test.echo', { n: 1 })).toBe(true);
    const summary = await runDueJobs(t.db, { 'test.echo': async (p) => void seen.push(p) });
    expect(summary).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(seen).toEqual([{ n: 1 }]);
    const row = await onlyJob();
    expect(row.doneAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(row.lockedAt).toBeNull();
    // Nothing left to do.
    expect(await runDueJobs(t.db, { 'test.echo': async (p) => void seen.push(p) })).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
    expect(seen).toHaveLength(1);
  });

  it('a dedupe key makes a second enqueue a no-op', async () => {
    expect(await enqueue(t.db, 'test.echo', { n: 1 }, { dedupeKey: 'k1' })).toBe(true);
    expect(await enqueue(t.db, 'test.echo', { n: 2 }, { dedupeKey: 'k1' })).toBe(false);
    expect((await onlyJob()).payload).toEqual({ n: 1 });
  });

  it('a job enqueued in a rolled-back transaction never exists', async () => {
    await t.db
      .transaction(async (tx) => {
        await enqueue(tx, 'test.echo', { n: 1 });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await t.db.select().from(jobs)).toHaveLength(0);
  });

  it('does not run jobs before runAt, nor kinds it has no handler for', async () => {
    await enqueue(t.db, 'test.echo', {}, { runAt: new Date(Date.now() + 60_000) });
    await enqueue(t.db, 'test.other', {});
    expect(await runDueJobs(t.db, { 'test.echo': async () => {} })).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
    expect(
      (
        await t.db
          .select()
          .from(jobs)
          .where(sql`done_at is not null`)
      ).length,
    ).toBe(0);
  });

  it('retries a failing job with back-off, then fails it after maxAttempts with the last error', async () => {
    await enqueue(t.db, 'test.flaky', {}, { maxAttempts: 3 });
    const handlers = {
      'test.flaky': async () => {
        throw new Error('smtp down');
      },
    };
    const before = Date.now();
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 0, retried: 1, failed: 0 });
    let row = await onlyJob();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe('smtp down');
    expect(row.failedAt).toBeNull();
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + 10_000); // 15 s ± 20 %
    // Not due yet: nothing runs.
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 0, retried: 0, failed: 0 });

    // Make it due again twice; the third attempt is the last.
    await t.db.update(jobs).set({ runAt: sql`now()` });
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 0, retried: 1, failed: 0 });
    await t.db.update(jobs).set({ runAt: sql`now()` });
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 0, retried: 0, failed: 1 });
    row = await onlyJob();
    expect(row.attempts).toBe(3);
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastError).toBe('smtp down');
    await t.db.update(jobs).set({ runAt: sql`now()` });
    expect(await runDueJobs(t.db, handlers)).toEqual({ done: 0, retried: 0, failed: 0 });
  });

  it('back-off doubles and is capped at an hour', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, mid)).toBe(15_000);
    expect(backoffMs(2, mid)).toBe(30_000);
    expect(backoffMs(3, mid)).toBe(60_000);
    expect(backoffMs(30, mid)).toBe(3_600_000);
    expect(backoffMs(1, () => 0)).toBe(12_000);
    expect(backoffMs(1, () => 1)).toBe(18_000);
  });

  it('two workers claiming at once never get the same job (SKIP LOCKED)', async () => {
    for (let i = 0; i < 20; i++) await enqueue(t.db, 'test.echo', { i });
    const [a, b] = await Promise.all([
      claimDueJobs(t.db, ['test.echo'], 'worker-a', 15),
      claimDueJobs(t.db, ['test.echo'], 'worker-b', 15),
    ]);
    const ids = [...a, ...b].map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
  });

  it('runs each job exactly once when two runners race', async () => {
    for (let i = 0; i < 30; i++) await enqueue(t.db, 'test.count', { i });
    const counts = new Map<number, number>();
    const handlers = {
      'test.count': async (p: Record<string, unknown>) => {
        const i = p.i as number;
        counts.set(i, (counts.get(i) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    const [x, y] = await Promise.all([
      runDueJobs(t.db, handlers, { workerId: 'x' }),
      runDueJobs(t.db, handlers, { workerId: 'y' }),
    ]);
    expect(x.done + y.done).toBe(30);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(counts.size).toBe(30);
  });

  it('reclaims a job whose worker crashed while holding it', async () => {
    await enqueue(t.db, 'test.echo', {});
    const [claimed] = await claimDueJobs(t.db, ['test.echo'], 'crashed', 1);
    expect(claimed).toBeDefined();
    // Still locked: nobody else takes it.
    expect(await claimDueJobs(t.db, ['test.echo'], 'other', 1)).toHaveLength(0);
    await t.db.update(jobs).set({ lockedAt: sql`now() - interval '11 minutes'` });
    const summary = await runDueJobs(t.db, { 'test.echo': async () => {} });
    expect(summary.done).toBe(1);
    expect((await jobRow(claimed!.id)).attempts).toBe(2);
  });

  it('the app is built in test mode with no runner started, and app.jobs.runDue runs registered kinds', async () => {
    expect(Object.keys(t.app.jobs.handlers)).toContain('email.send');
    expect(await t.app.jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
  });
});
