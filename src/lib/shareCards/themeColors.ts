import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stylesheet whose `@theme` colours the cards use (builds run from the project folder). */
export const stylesheet = join(process.cwd(), 'src/styles/global.css');

let colors: Record<string, string> | undefined;

/** The site's palette, read from the `--color-*` variables of `global.css`, so the cards follow it. */
export function themeColors(): Record<string, string> {
  if (colors) return colors;
  const found: Record<string, string> = {};
  for (const [, name, value] of readFileSync(stylesheet, 'utf8').matchAll(
    /--color-([a-z-]+):\s*(#[0-9a-f]{3,8})\s*;/gi,
  )) {
    if (name && value) found[name] = value;
  }
  colors = found;
  return found;
}
