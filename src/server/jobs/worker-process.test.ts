import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorkerProcess } from './worker-process.ts';

/** The job worker as the web server's child (ADR 0140): restarted when it dies, less often each time. */

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-worker-proc-'));
  await fs.writeFile(path.join(dir, 'dies.mjs'), 'process.exit(3);\n');
  await fs.writeFile(
    path.join(dir, 'lives.mjs'),
    "process.on('disconnect', () => process.exit(0));\nsetInterval(() => {}, 1000);\n",
  );
});
afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

it('starts a worker that keeps dying again and again, each time waiting twice as long', async () => {
  const said: string[] = [];
  const worker = startWorkerProcess({
    env: {},
    log: (m) => said.push(m),
    restartDelayMs: 100,
    script: path.join(dir, 'dies.mjs'),
  });
  await until(() => said.length >= 3);
  await worker.stop();
  const count = said.length;
  expect(said.slice(0, 3)).toEqual([
    'job worker exited (3): starting it again in 0.1 s',
    'job worker exited (3): starting it again in 0.2 s',
    'job worker exited (3): starting it again in 0.4 s',
  ]);
  await new Promise((r) => setTimeout(r, 600));
  expect(said.length, 'no restart after stop()').toBe(count);
});

it('stops a live worker, which is not started again', async () => {
  const said: string[] = [];
  const worker = startWorkerProcess({
    env: {},
    log: (m) => said.push(m),
    restartDelayMs: 50,
    script: path.join(dir, 'lives.mjs'),
  });
  await until(() => worker.pid !== undefined);
  const pid = worker.pid!;
  await worker.stop();
  expect(() => process.kill(pid, 0)).toThrow();
  await new Promise((r) => setTimeout(r, 300));
  expect(said).toEqual([]);
});
