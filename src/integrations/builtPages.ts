// Every built page is parsed once, edited by the passes below in their declared order, and written
// back once; then the build's text files are compressed. Each pass is one module in src/lib/builtPages/.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { pruneCache } from '../lib/buildCache.ts';
import { compressFiles } from '../lib/builtPages/compression.ts';
import { fontFace, fonts } from '../lib/builtPages/fonts.ts';
import { inlineScripts } from '../lib/builtPages/inlineScripts.ts';
import { islandAttributes } from '../lib/builtPages/islandAttributes.ts';
import { islandScripts } from '../lib/builtPages/islandScripts.ts';
import { languageRules } from '../lib/builtPages/languageRules.ts';
import { parsePage, renderPage } from '../lib/builtPages/page.ts';
import { type PageSources, securityHeaders } from '../lib/builtPages/securityHeaders.ts';
import { styles } from '../lib/builtPages/styles.ts';
import { faceRules } from '../lib/fonts/faceRules.ts';
import { sourceFile, weightNames } from '../lib/fonts/sources.ts';
import { shareCardsCacheKind } from '../lib/shareCards/paths.ts';

export interface BuiltPagesOptions {
  /** Where the pages may load things from besides the site, for the Content-Security-Policy. */
  sources: PageSources;
  /** Whether to write `.br` and `.gz` beside the text files (a throwaway build can skip it). */
  compress: boolean;
}

/**
 * Runs the passes over the pages under `root` in their order, writing back the pages they changed.
 * Fonts first: it reads the whole stylesheet, which styles then trims (and it adds the @font-face rules
 * styles keeps). Inline scripts are minified after every pass that adds one; security headers come last:
 * they hash the scripts the pages end with.
 */
async function runPasses(root: string, options: BuiltPagesOptions, log: (message: string) => void) {
  const paths = (await readdir(root, { recursive: true })).filter((path) => path.endsWith('.html')).sort();
  const sources = await Promise.all(paths.map((path) => readFile(join(root, path), 'utf8')));
  const pages = paths.map((path, i) => ({
    path: path.split(sep).join('/'),
    tree: parsePage(sources[i] ?? ''),
  }));
  for (const pass of [
    fonts(),
    styles(),
    islandScripts(),
    islandAttributes(),
    inlineScripts(),
    securityHeaders(options.sources),
    languageRules(),
  ])
    log(`${pass.name}: ${await pass.run({ root, pages })}`);
  for (const [i, page] of pages.entries()) {
    const html = renderPage(page.tree);
    if (html !== sources[i]) await writeFile(join(root, page.path), html);
  }
}

/** The site's fonts whole, straight from their packages, for the development server (no subsetting). */
async function devFontFaces(): Promise<string> {
  const css = await readFile(new URL('../styles/global.css', import.meta.url), 'utf8');
  const { families } = faceRules(css);
  return [...families]
    .flatMap(([family, font]) =>
      Object.keys(weightNames)
        .map(Number)
        .map((weight) => fontFace(font, { family, weight }, `/@fs${sourceFile(font, weight)}`)),
    )
    .join('\n');
}

export function builtPages(options: BuiltPagesOptions): AstroIntegration {
  return {
    name: 'built-pages',
    hooks: {
      // The development server has no built pages to cut fonts for: each page gets them whole, in a style
      // element its head script adds before the page is shown.
      'astro:config:setup': async ({ command, injectScript }) => {
        if (command !== 'dev') return;
        const css = JSON.stringify(await devFontFaces());
        const style = `Object.assign(document.createElement('style'), { textContent: ${css} })`;
        injectScript('head-inline', `document.head.append(${style});`);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        await runPasses(root, options, (message) => logger.info(message));
        if (options.compress) logger.info(`compression: ${await compressFiles(root)}`);
        // Share cards no build has drawn for 30 days (a changed tip leaves its old card behind).
        await pruneCache(shareCardsCacheKind);
      },
    },
  };
}
