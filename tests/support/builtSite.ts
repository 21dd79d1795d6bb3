// Which build the browser tests read and serve. `npm test` (tests/run.ts) builds into a folder of its own
// and names it in TEST_DIST_DIR, so a suite run in a folder that serves its `dist` never republishes it;
// `npm run test:e2e` alone reads the build `npm run build` made.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes.ts';

/** The built site under test, as an absolute path. */
export const builtDir = path.resolve(repoRoot, process.env.TEST_DIST_DIR || 'dist');

/** Every page of the build, as a path within it: `index.html`, `bg/blog/1.html`. */
export function builtPageFiles(): string[] {
  return fs
    .readdirSync(builtDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'));
}
