import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A new empty directory for this test run. It lives under the directory the project's globalSetup
 * made (setup/tempRoot.ts), which is deleted when the run ends, however the test workers exit.
 */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(inject('tempRoot'), `${prefix}-`));
}
