// A Netlify function entry bundled with esbuild the way Netlify bundles it, for tests that run the bundle.
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './processes.ts';

/** Bundles `functions/platforms/<entry>.ts` into `<dir>/<entry>.mjs`. */
export async function bundleNetlifyEntry(entry: string, dir: string): Promise<void> {
  await build({
    entryPoints: [path.join(repoRoot, 'functions', 'platforms', `${entry}.ts`)],
    outfile: path.join(dir, `${entry}.mjs`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Bundled CommonJS dependencies (pg) call require(); ESM output needs it defined.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
}
