// globalSetup of the functions-postgres project: one throwaway PostgreSQL cluster for the whole run.
// Each test file then creates its own database in it (see tests/support/testDb.ts).
import type { TestProject } from 'vitest/node';
import { locatePostgres, startTempPostgres } from '../tempPostgres.ts';
import { provideTempRoot } from './tempRoot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster; null when PostgreSQL is not installed (suite skipped). */
    postgresUrl: string | null;
    postgresMissing: string | null;
  }
}

export default async function setup(project: TestProject) {
  const removeTempRoot = provideTempRoot(project);
  const found = locatePostgres();
  if ('missing' in found) {
    const line = '!'.repeat(100);
    console.warn(
      `\n${line}\n!! SKIPPING the real-PostgreSQL functions suite.\n!! ${found.missing}\n${line}\n`,
    );
    project.provide('postgresUrl', null);
    project.provide('postgresMissing', found.missing);
    return removeTempRoot;
  }
  const cluster = await startTempPostgres(found.bin);
  project.provide('postgresUrl', cluster.url);
  project.provide('postgresMissing', null);
  return async () => {
    await cluster.stop();
    removeTempRoot();
  };
}
