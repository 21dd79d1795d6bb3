// Each page's inline styles cut to what that page can use (src/lib/styles/trimStyles.ts): Tailwind
// writes one stylesheet for the whole site and Astro inlines it in every page.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Text } from 'domhandler';
import { init, parse } from 'es-module-lexer';
import { DomUtils } from 'htmlparser2';
import { classCandidates, trimStyles } from '../styles/trimStyles.ts';
import { type BuiltPage, elements, PageError, type Pass, rawText, renderPage } from './page.ts';

/** Attributes by which a page names a script: islands' components and renderers, scripts, preloads. */
const scriptAttributes = ['component-url', 'renderer-url', 'src', 'href'];

/** The site's own script files a page names (`/_astro/*.js`), read from its tree. */
function namedScripts(root: string, page: BuiltPage): string[] {
  return DomUtils.findAll(() => true, page.tree.children)
    .flatMap((element) => scriptAttributes.map((name) => element.attribs[name] ?? ''))
    .filter((url) => /^\/_astro\/[^?#]+\.js$/.test(url))
    .map((url) => join(root, url));
}

/**
 * The files a chunk imports, statically or with a literal `import()` (a lazily loaded island), as
 * es-module-lexer reads them: relative to the chunk, or from the site's root.
 */
function chunkImports(root: string, file: string, text: string): string[] {
  const [imports] = parse(text, file);
  return imports.flatMap(({ n: specifier }) => {
    if (specifier?.startsWith('.')) return [resolve(dirname(file), specifier)];
    if (specifier?.startsWith('/_astro/')) return [join(root, specifier)];
    return [];
  });
}

/**
 * The text of the site's own scripts a page loads, now or later (islands, their imports, lazy
 * imports). `read` holds each file's text, shared by all pages: most load the same few chunks.
 */
async function pageScripts(
  root: string,
  page: BuiltPage,
  read: Map<string, Promise<string>>,
): Promise<string[]> {
  await init;
  const queue = namedScripts(root, page);
  const texts = new Map<string, string>();
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (texts.has(file)) continue;
    if (!read.has(file)) read.set(file, readFile(file, 'utf8'));
    const text = (await read.get(file)) ?? '';
    texts.set(file, text);
    queue.push(...chunkImports(root, file, text));
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
        const candidates = classCandidates([html, ...(await pageScripts(root, page, read))]);
        const sheets = elements(page.tree, 'style');
        if (sheets.length === 0)
          throw new PageError('styles', page, 'no inline <style>: are styles still inlined?');
        for (const sheet of sheets) {
          const css = rawText(sheet);
          const trimmed = trimStyles(css, candidates);
          before += css.length;
          after += trimmed.length;
          const text = new Text(trimmed);
          text.parent = sheet;
          sheet.children = [text];
        }
      }
      return `inline styles ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} KiB over ${pages.length} pages`;
    },
  };
}
