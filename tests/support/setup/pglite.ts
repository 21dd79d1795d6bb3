// globalSetup of the functions-pglite project: creating a PGlite database takes seconds, copying one
// takes milliseconds, so one migrated database is made here and each test copies it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../functions/db/client.ts';
import { provideTempRoot } from './tempRoot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, migrated PGlite data directory to copy. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const removeTempRoot = provideTempRoot(project);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ia-pglite-template-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, pgPoolMax: 1 });
  await database.close();
  project.provide('pgliteTemplate', dir);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    removeTempRoot();
  };
}
