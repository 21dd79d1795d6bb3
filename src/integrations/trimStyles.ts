// Each page's inline styles cut to what that page can use (src/lib/styles/trimStyles.ts): an article
// went from 5.5 to 4.7 KB of compressed styles, and with it under the 14 KB a new connection's first
// round trip carries.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { classCandidates, trimStyles as trim } from '../lib/styles/trimStyles.ts';
import { editPages } from './builtPages.ts';

/**
 * The site's own scripts a page loads, now or later (islands, their imports, dynamic imports). `read`
 * holds each file's text, shared by all pages: most load the same few chunks.
 */
async function pageScripts(
  root: string,
  html: string,
  read: Map<string, Promise<string>>,
): Promise<string[]> {
  const queue = [...html.matchAll(/(?:component-url|renderer-url|src|href)="(\/_astro\/[^"]+\.js)"/g)].map(
    (m) => join(root, m[1] ?? ''),
  );
  const texts = new Map<string, string>();
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (texts.has(file)) continue;
    if (!read.has(file))
      read.set(
        file,
        readFile(file, 'utf8').catch(() => ''),
      );
    const text = (await read.get(file)) ?? '';
    texts.set(file, text);
    for (const m of text.matchAll(/["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g))
      queue.push(resolve(dirname(file), m[1] ?? ''));
  }
  return [...texts.values()];
}

export function trimStyles(): AstroIntegration {
  return {
    name: 'trim-styles',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const read = new Map<string, Promise<string>>();
        await editPages(root, async (html) => {
          const candidates = classCandidates([html, ...(await pageScripts(root, html, read))]);
          return html.replace(
            /(<style[^>]*>)([\s\S]*?)(<\/style>)/g,
            (_m, open: string, css: string, close: string) => `${open}${trim(css, candidates)}${close}`,
          );
        });
      },
    },
  };
}
