import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema/index.ts';
import { queuedJobs } from '../../src/server/jobs/queue.ts';
import { enqueueEmail } from '../../src/server/modules/notifications/notifications.service.ts';
import { waitFor } from '../setup/order-load.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * JOB_RUNNER=separate (docs/decisions/0140-compiled-server-and-job-worker.md): the web app only queues a job, in
 * the transaction of the change; a worker started as a process of its own (`scripts/worker.mjs`, what
 * `npm start` forks and `npm run worker` runs) on the same database runs it, once, and stops on SIGTERM.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let t: TestContext;
let worker: ChildProcess | null = null;
let output = '';

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await t?.close();
});

function startWorker(): ChildProcess {
  const proc = spawn(process.execPath, [path.join(root, 'scripts/worker.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Not NODE_ENV=test, under which no runner starts; development on this test's database.
      NODE_ENV: 'development',
      DATABASE_URL: t.config.databaseUrl!,
      DATA_DIR: t.config.dataDir,
      PUBLIC_URL: 'http://127.0.0.1:9',
      APP_SECRET: t.config.appSecret!,
      JOBS_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  return proc;
}

describe('the job worker as a separate process', () => {
  it('sends a mail the app queued, once, and stops on SIGTERM', async () => {
    const documentId = randomUUID();
    const mail = {
      type: 'worker_test',
      documentType: 'user',
      documentId,
      recipient: 'worker-test@example.test',
      subject: 'From the worker',
      text: 'Sent by the job worker process.',
    };
    // The app queues (its own runner never starts under NODE_ENV=test); a repeat queues nothing.
    expect(await enqueueEmail(t.db, mail)).toBe(true);
    expect(await enqueueEmail(t.db, mail)).toBe(false);
    expect(await queuedJobs(t.db, { kind: 'email.send' })).toHaveLength(1);

    worker = startWorker();
    const mailDir = path.join(t.config.dataDir, 'mail');
    const sentAt = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.documentId, documentId)))[0]?.sentAt;
    await waitFor(
      async () => {
        if (worker?.exitCode !== null) throw new Error(`the worker exited:\n${output}`);
        return (await sentAt()) != null;
      },
      'the worker to send the mail',
      120_000,
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}\n${output}`);
    });

    const files = (await fs.readdir(mailDir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(await fs.readFile(path.join(mailDir, files[0]!), 'utf8')).toContain('Subject: From the worker');
    await waitFor(async () => (await queuedJobs(t.db)).length === 0, 'the job to be removed', 10_000);

    const proc = worker;
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    proc.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    // A worker that runs its sources through tsx (dist/server stale) starts slowly on a busy machine.
  }, 180_000);
});
