import { defineConfig } from 'vitest/config';

// Every project starts with this global setup: a failing run exits non-zero, and a `-t` filter that
// matches no test fails instead of passing with nothing run (tests/setup/run-guard.ts says why).
const runGuard = 'tests/setup/run-guard.ts';

// Test files that fail on purpose, run only by tests/api/test-commands.test.ts (which sets this variable)
// to prove the commands' exit codes; never part of a normal run.
const fixtures = process.env.HAAT_TEST_FIXTURES === '1' ? ['tests/fixtures/**/*.test.ts'] : [];

/**
 * Three projects: `unit` (pure modules, fast), `api` (app.inject on a real PostgreSQL: a migrated
 * template database cloned per test file), `e2e` (real Chromium against the app started as `npm start`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', ...fixtures],
          exclude: ['src/server/**/*.api.test.ts'],
          globalSetup: [runGuard],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'src/server/**/*.api.test.ts', ...fixtures],
          globalSetup: [runGuard, 'tests/setup/api-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', ...fixtures],
          globalSetup: [runGuard, 'tests/setup/e2e-global.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
