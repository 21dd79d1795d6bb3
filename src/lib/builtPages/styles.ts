// Each page's inline styles cut to what that page can use (src/lib/styles/trimStyles.ts): Tailwind
// writes one stylesheet for the whole site and Astro inlines it in every page.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Text } from 'domhandler';
import { classCandidates, trimStyles } from '../styles/trimStyles.ts';
import { elements, PageError, rawText, renderPage } from './page.ts';
import type { Pass } from './pass.ts';

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
    if (!read.has(file)) read.set(file, readFile(file, 'utf8'));
    const text = (await read.get(file)) ?? '';
    texts.set(file, text);
    for (const m of text.matchAll(/["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g))
      queue.push(resolve(dirname(file), m[1] ?? ''));
  }
  return [...texts.values()];
}

export function styles(): Pass {
  return {
    name: 'styles',
    async run({ root, pages }) {
      const read = new Map<string, Promise<string>>();
      let before = 0;
      let after = 0;
      for (const page of pages) {
        // The words Tailwind itself would see: the page as written and the scripts it loads.
        const html = renderPage(page.tree);
        const candidates = classCandidates([html, ...(await pageScripts(root, html, read))]);
        const sheets = elements(page.tree, 'style');
        if (sheets.length === 0)
          throw new PageError('styles', page, 'no inline <style>: are styles still inlined?');
        for (const sheet of sheets) {
          const css = rawText(sheet);
          const trimmed = trimStyles(css, candidates);
          before += css.length;
          after += trimmed.length;
          sheet.children = [new Text(trimmed)];
          (sheet.children[0] as Text).parent = sheet;
        }
      }
      return `inline styles ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} KiB over ${pages.length} pages`;
    },
  };
}
