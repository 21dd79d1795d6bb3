import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const created: string[] = [];

// Removed when the test worker exits, after every file's afterAll has stopped its servers.
process.on('exit', () => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new empty directory under the OS temp dir, deleted when the test worker exits. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ia-${prefix}-`));
  created.push(dir);
  return dir;
}
