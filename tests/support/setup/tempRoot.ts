// One temporary directory per project and run; every test's temp dirs go inside and go with it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    tempRoot: string;
  }
}

/** Makes the run's temp root, provides it as `tempRoot`, and returns the function that deletes it. */
export function provideTempRoot(project: TestProject): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `ia-${project.name}-`));
  project.provide('tempRoot', root);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
