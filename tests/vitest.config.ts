import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { oneWait } from './support/patience.ts';

// Functions tests that behave the same whatever the database: they run once, in the `functions` project
// (the servers staticSite.test.ts starts use PGlite, the default). Everything else under
// tests/functions/ runs on both databases.
const databaseFree = [
  'tests/functions/units.test.ts',
  'tests/functions/staticSite.test.ts',
  'tests/functions/languageArrival.test.ts',
  'tests/functions/geo.test.ts',
  'tests/functions/databaseDown.test.ts',
  'tests/functions/commandLines.test.ts',
  'tests/functions/leaks.test.ts',
  'tests/functions/slowClients.test.ts',
  'tests/functions/tipOfTheDay.test.ts',
  // The Netlify entries' settings; with a database they run in the `netlify` project.
  'tests/functions/netlify.test.ts',
  // Varnish in front of serve, on its default PGlite: the cache's rules, not the database's.
  'tests/functions/sharedCache.test.ts',
];
// The PGlite data directory lock: no PostgreSQL part.
const pgliteOnly = ['tests/functions/dataDirLock.test.ts'];

// No time limit on a test or a hook, which a shared, busy machine can exceed (a test that passed alone in
// 85 s timed out at 240 s under a load of 15); each single wait in them ends, by `oneWait` at the latest.
const patient = { testTimeout: 0, hookTimeout: 0, expect: { poll: { timeout: oneWait } } };

// Isolated: each file in a fresh process. A worker that ran file after file kept every PGlite instance's
// WebAssembly memory it had opened (backups and restores open several), and one crashed with SIGSEGV on a
// fresh clone; loading the API per file costs less.
const functionsProject = { ...patient, isolate: true };

// Browser-suite files that need no shared server: the HTML check of dist/ and the consent tests, which
// serve the build with an operator's tag (dist-tagged/) themselves. They run beside the others.
const standalone = [
  'tests/e2e/htmlValid.test.ts',
  'tests/e2e/consent.test.ts',
  'tests/e2e/productionInstall.test.ts',
];
const browserProject = { ...patient, fileParallelism: false };

// One config, seven projects: `npm test` (tests/run.ts) runs them all; each can run alone,
// e.g. `npx vitest run --config tests/vitest.config.ts --project unit`.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Most functions tests wait on a database or a child process, not the CPU: more files at once than
    // the default (cores - 1, a single worker on two cores) keeps both cores busy.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          ...patient,
        },
      },
      {
        extends: true,
        test: {
          name: 'functions',
          include: databaseFree,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/setup/pglite.ts'],
          ...functionsProject,
        },
      },
      {
        extends: true,
        test: {
          name: 'functions-pglite',
          include: ['tests/functions/**/*.test.ts'],
          exclude: [...databaseFree],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/setup/pglite.ts'],
          ...functionsProject,
        },
      },
      {
        extends: true,
        test: {
          name: 'functions-postgres',
          include: ['tests/functions/**/*.test.ts'],
          exclude: [...databaseFree, ...pgliteOnly],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/setup/postgres.ts'],
          ...functionsProject,
        },
      },
      {
        extends: true,
        test: {
          // The Netlify deploy through netlify-cli (installed once per machine), on PostgreSQL.
          name: 'netlify',
          include: ['tests/netlify/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/setup/postgres.ts'],
          // Installing the CLI on a fresh machine and building the site take minutes on a busy one, and
          // the CLI starts a fresh worker for every function call (a cold start each).
          testTimeout: 180_000,
          hookTimeout: 900_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: standalone,
          globalSetup: ['tests/support/setup/site.ts'],
          ...browserProject,
          // Two files at once: a headless shell leaves a core idle while a page waits on the server.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: { name: 'e2e-standalone', include: standalone, ...browserProject },
      },
    ],
  },
});
