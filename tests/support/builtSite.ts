// Which build the browser tests read and serve. `npm test` (tests/run.ts) builds into a folder of its own
// and names it in TEST_DIST_DIR, so a suite run in a folder that serves its `dist` never republishes it;
// `npm run test:e2e` alone reads the build `npm run build` made.
import path from 'node:path';
import { repoRoot } from './processes.ts';

/** The built site under test, as an absolute path. */
export const builtDir = path.resolve(repoRoot, process.env.TEST_DIST_DIR || 'dist');
