import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One config, four projects: `npm test` (tests/run.ts) runs them in order; each can run alone,
// e.g. `npx vitest run --config tests/vitest.config.ts --project unit`.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'functions-pglite',
          include: ['tests/functions/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/functions/setup/pglite.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'functions-postgres',
          include: ['tests/functions/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/functions/setup/postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/setup/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
