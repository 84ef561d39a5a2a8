import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, JobRunner } from '../../src/server/jobs/queue.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Every response carries X-Request-Id, every JSON error body the same `requestId` (the id on the request's
 * log lines); a caller's own X-Request-Id is kept only when it is a short, safe token. Job logs name the job.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are sent back on a success, and differ per request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-request-id']).toMatch(uuid);
    expect(b.headers['x-request-id']).toMatch(uuid);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(a.json()).toEqual({ status: 'ok' }); // success bodies are left alone
  });

  it('are in every error body: 404, 401, 400, 400 (schema and malformed JSON)', async () => {
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await t.app.inject({ method: 'GET', url: '/api/users/profile' }),
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'not-an-email' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken json',
      }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([404, 401, 400, 400]);
    for (const res of responses) {
      const id = res.headers['x-request-id'];
      expect(id).toMatch(uuid);
      expect(res.json<{ requestId?: string }>().requestId).toBe(id);
    }
  });

  it("keep a caller's safe X-Request-Id, and replace an unsafe one", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'lb-7f3a.42:1' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
    expect(kept.json<{ requestId: string }>().requestId).toBe('lb-7f3a.42:1');

    for (const unsafe of ['has space', 'x'.repeat(65), '"quoted"', 'line\u2028break', '-leading-dash']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(uuid);
    }
  });
});

describe('job logs', () => {
  it('name the job (jobId, jobKind, attempt) when a job fails', async () => {
    await enqueue(t.db, 'test.request-id.fails', {});
    const logged: { msg: string; fields?: Record<string, unknown> }[] = [];
    const runner = new JobRunner(
      t.db,
      () => ({
        'test.request-id.fails': async () => {
          throw new Error('on purpose');
        },
      }),
      { intervalMs: 50, log: (msg, _err, fields) => logged.push({ msg, fields }) },
    );
    runner.start();
    await expect.poll(() => logged.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await runner.stop();
    expect(logged[0]!.fields).toMatchObject({ jobKind: 'test.request-id.fails', attempt: 1 });
    expect(logged[0]!.fields?.jobId).toEqual(expect.any(Number));
  });
});
