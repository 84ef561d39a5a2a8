import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

/**
 * The test commands tell the truth: each `npm run test:*` exits non-zero when a test fails, and a `-t`
 * filter that matches no test fails instead of passing with nothing run. Each case runs the real command
 * (same vitest.config.ts and global setups) on tests/fixtures/test-commands/, a file with one passing and
 * one failing test that only HAAT_TEST_FIXTURES=1 brings into the projects.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = 'tests/fixtures/test-commands/fails-on-purpose.test.ts';

type Result = { code: number; output: string };

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Result> {
  const childEnv: NodeJS.ProcessEnv = {};
  // The outer run's VITEST_* variables would make the inner vitest think it is a worker.
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('VITEST')) childEnv[key] = value;
  Object.assign(childEnv, {
    HAAT_TEST_FIXTURES: '1',
    // The inner api project reuses this run's PostgreSQL server (embedded or TEST_DATABASE_URL).
    TEST_DATABASE_URL: inject('pgServerUrl'),
    // The inner e2e project starts no server (its global setup's own switch for a run without Chromium).
    HAAT_E2E_SKIP: '1',
    CI: '',
    HAAT_ALLOW_NO_TESTS: '', // scripts/test.mjs sets it for its own runs; these check the plain commands
    ...env,
  });
  return new Promise((resolve) => {
    execFile(command, args, { cwd: root, env: childEnv, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

describe('test commands', () => {
  for (const script of ['test:unit', 'test:api', 'test:e2e']) {
    it(`npm run ${script} exits 1 when a test fails`, async () => {
      const r = await run('npm', ['run', script, '--', fixture]);
      expect(r.output).toMatch(/1 failed/);
      expect(r.code, r.output).toBe(1);
    });
  }

  it('a -t filter that picks only passing tests exits 0', async () => {
    const r = await run('npx', ['vitest', 'run', '--project', 'api', fixture, '-t', 'passes on purpose']);
    expect(r.output).toMatch(/1 passed/);
    expect(r.code, r.output).toBe(0);
  });

  it('a -t filter that matches no test exits 1 and says so', async () => {
    const r = await run('npx', ['vitest', 'run', '--project', 'api', fixture, '-t', 'no test has this name']);
    expect(r.output).toContain('no test name matches -t /no test has this name/');
    expect(r.code, r.output).toBe(1);
  });

  it("README's single-test example names a test that exists", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const example = /npx vitest run --project (\w+) (\S+\.test\.ts) -t "([^"]+)"/.exec(readme);
    expect(example, 'README has a `npx vitest run --project … -t "…"` example').not.toBeNull();
    const [, , file, name] = example!;
    const source = fs.readFileSync(path.join(root, file!), 'utf8');
    const titles = [...source.matchAll(/\bit\(\s*(['"`])(.*?)\1/g)].map((m) => m[2]!);
    expect(titles.filter((title) => title.includes(name!))).not.toEqual([]);
  });
});
