// `npm test`: every test — the vitest projects unit, api (real PostgreSQL) and e2e (real Chromium), in
// that order — then one closing line `tests: N passed, N failed, N skipped` summed over all of them.
// CI reads that line (it does not know vitest), so it is always the last thing printed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const ci = process.env.CI === 'true';
const extraArgs = process.argv.slice(2);

function findChromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

function banner(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width + 2);
  const body = lines.map((l) => `! ${l.padEnd(width - 2)} !`);
  process.stdout.write(`\n${bar}\n${body.join('\n')}\n${bar}\n\n`);
}

const chromium = findChromium();
const missingChromium = [
  `NO CHROMIUM FOUND at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}: the browser tests (e2e) are SKIPPED.`,
  'Install it (Debian/Ubuntu, as root):  apt-get update && apt-get install -y chromium',
  'or point CHROMIUM_PATH at a Chromium/Chrome binary, then run `npm test` again.',
];

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let anyFailed = false;

/** Run one vitest project; add its JSON report to the totals. */
function runProject(name, { env = {}, args = [] } = {}) {
  const reportFile = path.join(reportDir, `${name}.json`);
  process.stdout.write(`\n=== ${name} tests ===\n`);
  const r = spawnSync(
    process.execPath,
    [
      vitest,
      'run',
      '--project',
      name,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...args,
      ...extraArgs,
    ],
    // Each project alone may match nothing of a `-t` filter; the totals are checked once at the end.
    { cwd: root, stdio: 'inherit', env: { ...process.env, HAAT_ALLOW_NO_TESTS: '1', ...env } },
  );
  const status = r.status ?? 1;

  let report = null;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  } catch {
    // No report at all: vitest failed before running anything (config or global setup error).
  }
  let failed = 0;
  if (report) {
    totals.passed += report.numPassedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    failed += report.numFailedTests ?? 0;
    // A file that failed without a failing test (import error, a failing beforeAll) still counts once.
    for (const file of report.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
      if (file.status === 'failed' && failedTests === 0) failed += 1;
    }
  }
  // vitest failed for a reason the counts do not show (global setup, unhandled error): count it.
  if ((status !== 0 || !report || report.success === false) && failed === 0) failed = 1;
  if (r.error) process.stderr.write(`[test] could not run vitest: ${r.error.message}\n`);
  totals.failed += failed;
  if (failed > 0) anyFailed = true;
  process.stdout.write(`=== ${name}: ${failed === 0 ? 'ok' : 'FAILED'} ===\n`);
}

if (!chromium && !ci) banner(missingChromium);

runProject('unit');
// The API tests include the server-rendered index.html, so the web app must be built first.
if (buildWebIfStale() !== 0) anyFailed = true;
runProject('api');

if (chromium) {
  runProject('e2e', { env: { CHROMIUM_PATH: chromium } });
} else if (ci) {
  process.stderr.write(
    `\n[test] CI=true and no Chromium at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}: failing.\n`,
  );
  process.stderr.write('[test] install it with: apt-get update && apt-get install -y chromium\n');
  totals.failed += 1;
  anyFailed = true;
} else {
  // List the e2e tests as skipped (no test name matches the pattern) so the totals say what was left out.
  runProject('e2e', { env: { HAAT_E2E_SKIP: '1' }, args: ['--testNamePattern', '^$chromium-missing^'] });
  banner(missingChromium);
}

fs.rmSync(reportDir, { recursive: true, force: true });
// A `-t` filter that matched no test in any project ran nothing: that is a mistake, not a pass.
const filtered = extraArgs.some(
  (a) => a === '-t' || a.startsWith('--testNamePattern') || a.startsWith('-t='),
);
if (filtered && totals.passed + totals.failed === 0) {
  process.stderr.write('\n[test] the -t filter matches no test: nothing ran.\n');
  totals.failed += 1;
  anyFailed = true;
}
process.stdout.write(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(anyFailed ? 1 : 0);
