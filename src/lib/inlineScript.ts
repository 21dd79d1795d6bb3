// Inline scripts are written as ordinary modules (`*.inline.ts`) and bundled here at build time into one
// minified script each, so they may import what they need, and a bundler's helper lands inside them.
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const made = new Map<string, string>();

/**
 * The module `entry` (from the project folder) bundled into a self-contained script, with each of
 * `constants` set as a global the module declares. `inlineScript('src/i18n/arrival.inline.ts', { arrivalConfig })`
 */
export function inlineScript(entry: string, constants: Record<string, unknown> = {}): string {
  const define = Object.fromEntries(
    Object.entries(constants).map(([name, value]) => [name, JSON.stringify(value)]),
  );
  const key = JSON.stringify([entry, define]);
  const known = made.get(key);
  if (known !== undefined) return known;
  const script = bundled(entry, 'iife', define).text.trim();
  made.set(key, script);
  return script;
}

/** The module `entry` (from the project folder) and what it imports, as one minified file of `format`. */
export function bundled(entry: string, format: 'iife' | 'esm', define: Record<string, string> = {}) {
  const [output] = buildSync({
    entryPoints: [join(process.cwd(), entry)],
    bundle: true,
    minify: true,
    format,
    target: 'es2022',
    write: false,
    define,
  }).outputFiles;
  if (!output) throw new Error(`${entry}: esbuild wrote nothing`);
  return output;
}
