// Astro writes its island runtime (4 KB) and each hydration directive's script inline, before a page's
// first island, so that they run before the islands are parsed. A page whose islands all wait anyway
// (until scrolled into view, or for another island) does not need them that early: there they come
// from one file, cached from page to page, that a few bytes of inline code ask for once the page has
// painted. That keeps an article inside the first round trip of a new connection (about 14 KB), a
// whole round trip sooner on a phone, and keeps the file from competing with the page and its fonts.
// Pages with an island that must catch an early press (`client:press`) keep Astro's inline scripts.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import runtime from 'astro/runtime/server/astro-island.prebuilt.js';
import { editPages } from './builtPages.ts';

/** Directives whose islands hydrate well after the first paint, so nothing is lost by waiting. */
const waitingDirectives = new Set(['visible', 'companion']);

const runtimeTag = `<script>${runtime}</script>`;
// A directive's script sits right before the first island that uses it (once the runtime is gone).
const directiveTag = /<script>((?:(?!<\/script>)[\s\S])*)<\/script>(?=<astro-island\b)/g;

/** The file name for a script: it changes with the contents, so `/_astro/*` can be cached for good. */
export function scriptFileName(body: string): string {
  return `islands.${createHash('sha256').update(body).digest('base64url').slice(0, 8)}.js`;
}

/**
 * Inline code that adds the script `src` once the page has painted (at once where the browser does
 * not report paints). Before the paint, a fast connection would fetch it while the first screen waits.
 * The same wait as `client:press` makes (afterFirstPaint in src/lib/hydration/pressDirective.ts).
 */
export function afterPaintLoader(src: string): string {
  return `(()=>{const a=()=>{const s=document.createElement("script");s.src=${JSON.stringify(src)};document.head.append(s)};if(!window.PerformanceObserver?.supportedEntryTypes?.includes("paint"))return a();const o=new PerformanceObserver(l=>{l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),a())});o.observe({type:"paint",buffered:!0})})()`;
}

/**
 * The page with Astro's inline island scripts (directives in their order, then the runtime) moved into
 * one file that loads after the first paint, and that file's contents. A page with an island that
 * hydrates early, or with no islands, is returned unchanged.
 */
export function externalizeIslandScripts(html: string): { html: string; script?: string } {
  const directives = [...html.matchAll(/<astro-island\b[^>]*\bclient="([\w-]+)"/g)].map((m) => m[1] ?? '');
  if (
    directives.length === 0 ||
    !directives.every((d) => waitingDirectives.has(d)) ||
    !html.includes(runtimeTag)
  ) {
    return { html };
  }
  const bodies: string[] = [];
  const page = html.replace(runtimeTag, '').replace(directiveTag, (_tag, body: string) => {
    bodies.push(body);
    return '';
  });
  const script = [...bodies, runtime].join(';\n');
  const loader = `<script>${afterPaintLoader(`/_astro/${scriptFileName(script)}`)}</script>`;
  return { html: page.replace('</body>', `${loader}</body>`), script };
}

export function islandScripts(): AstroIntegration {
  return {
    name: 'island-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const scripts = new Set<string>();
        const pages = await editPages(fileURLToPath(dir), (page) => {
          const { html, script } = externalizeIslandScripts(page);
          if (script !== undefined) scripts.add(script);
          return html;
        });
        for (const script of scripts)
          await writeFile(new URL(`_astro/${scriptFileName(script)}`, dir), script);
        logger.info(`island scripts from ${scripts.size} file(s) on ${pages} page(s)`);
      },
    },
  };
}
