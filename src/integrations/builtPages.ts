// Every built page is parsed once, edited by the passes below in their declared order, and written
// back once; then the build's text files are compressed. Each pass is one module in src/lib/builtPages/.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { pruneCache } from '../lib/buildCache.ts';
import { compressFiles } from '../lib/builtPages/compression.ts';
import { fontFace, fonts } from '../lib/builtPages/fonts.ts';
import { islandScripts } from '../lib/builtPages/islandScripts.ts';
import { type Build, type Pass, parsePage, renderPage } from '../lib/builtPages/page.ts';
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
 * The passes in their order. Fonts first: it reads the whole stylesheet, which styles then trims (and
 * it adds the @font-face rules styles keeps). Security headers after every pass that adds or removes
 * inline scripts: it hashes the scripts the pages end with.
 */
export const passes = (options: BuiltPagesOptions): Pass[] => [
  fonts(),
  styles(),
  islandScripts(),
  securityHeaders(options.sources),
];

/** Runs `passes` over the pages under `root`, writing back the pages they changed. */
export async function runPasses(
  root: string,
  steps: readonly Pass[],
  log: (message: string) => void = () => {},
): Promise<Build> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
  const sources = new Map<string, string>();
  const build: Build = { root, pages: [] };
  for (const file of files.sort()) {
    const html = await readFile(file, 'utf8');
    const path = relative(root, file).split(sep).join('/');
    sources.set(path, html);
    build.pages.push({ path, tree: parsePage(html) });
  }
  for (const step of steps) log(`${step.name}: ${await step.run(build)}`);
  for (const page of build.pages) {
    const html = renderPage(page.tree);
    if (html !== sources.get(page.path)) await writeFile(join(root, page.path), html);
  }
  return build;
}

/** The site's fonts whole, straight from their packages, for the development server (no subsetting). */
async function devFontFaces(): Promise<string> {
  const css = await readFile(new URL('../styles/global.css', import.meta.url), 'utf8');
  const { families } = faceRules(css);
  return [...families]
    .flatMap(([family, font]) =>
      Object.keys(weightNames).map((w) =>
        fontFace(
          font,
          { family, weight: Number(w) },
          `/@fs${sourceFile(font, Number(w))}`,
          undefined,
          'truetype',
        ),
      ),
    )
    .join('\n');
}

export function builtPages(options: BuiltPagesOptions): AstroIntegration {
  return {
    name: 'built-pages',
    hooks: {
      'astro:config:setup': async ({ command, injectScript, updateConfig }) => {
        if (command !== 'dev') return;
        const css = await devFontFaces();
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'dev-fonts',
                resolveId: (id) => (id === 'virtual:dev-fonts.css' ? '\0virtual:dev-fonts.css' : undefined),
                load: (id) => (id === '\0virtual:dev-fonts.css' ? css : undefined),
              },
            ],
          },
        });
        injectScript('page-ssr', 'import "virtual:dev-fonts.css";');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        await runPasses(root, passes(options), (message) => logger.info(message));
        if (options.compress) logger.info(`compression: ${await compressFiles(root)}`);
        // Share cards no build has drawn for 30 days (a changed tip leaves its old card behind).
        await pruneCache(shareCardsCacheKind);
      },
    },
  };
}
