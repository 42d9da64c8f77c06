import { defineConfig } from 'vitest/config';

// `npm test` runs the unit tests beside the code once, and the API suites twice: on embedded PGlite and on
// the PostgreSQL server named by TEST_DATABASE_URL (default: the local one at 127.0.0.1:5432).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      { test: { name: 'pglite', include: ['tests/**/*.test.ts'], env: { TEST_DB: 'pglite' } } },
      { test: { name: 'postgres', include: ['tests/api/**/*.test.ts'], env: { TEST_DB: 'postgres' } } },
    ],
  },
});
