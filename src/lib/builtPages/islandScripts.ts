// Astro writes its island runtime (4 KB) and each hydration directive's script inline, before a page's
// first island, so that they run before the islands are parsed. A page whose islands all wait anyway
// (until reached, scrolled into view, or for another island) does not need them that early: there they come
// from one file, cached from page to page, that a few bytes of inline code ask for once the page has
// painted. That keeps an article inside the first round trip of a new connection (about 14 KB), a
// whole round trip sooner on a phone, and keeps the file from competing with the page and its fonts.
// Pages with an island that must catch an early press (`client:press`) keep Astro's inline scripts.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import runtime from 'astro/runtime/server/astro-island.prebuilt.js';
import { Element, Text } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { inlineScript } from '../inlineScript.ts';
import { type BuiltPage, elements, only, PageError, type Pass, rawText } from './page.ts';

/** Directives whose islands hydrate well after the first paint, so nothing is lost by waiting. */
const waitingDirectives = new Set(['visible', 'reach', 'companion']);

/** The file name for a script: it changes with the contents, so `/_astro/*` can be cached for good. */
function scriptFileName(body: string): string {
  return `islands.${createHash('sha256').update(body).digest('base64url').slice(0, 8)}.js`;
}

const isInlineScript = (node: unknown): node is Element =>
  node instanceof Element && node.name === 'script' && Object.keys(node.attribs).length === 0;

/**
 * The inline scripts right before each island, in document order: Astro writes a directive's script
 * before the first island that uses it, and the runtime before the page's first island.
 */
function islandPrescripts(islands: Element[]): Element[] {
  return islands.flatMap((island) => {
    const before: Element[] = [];
    for (let node = island.prev; isInlineScript(node); node = node.prev) before.unshift(node);
    return before;
  });
}

/**
 * Moves the page's island scripts (directives in their order, then the runtime) into one file that
 * loads after the first paint, and returns that file's contents. A page with an island that hydrates
 * early, or with no islands, is left alone.
 */
export function externalizeIslandScripts(page: BuiltPage): string | undefined {
  const islands = elements(page.tree, 'astro-island');
  const directives = islands.map((island) => island.attribs.client ?? '');
  if (islands.length === 0 || !directives.every((d) => waitingDirectives.has(d))) return undefined;
  const scripts = islandPrescripts(islands);
  const fail = (problem: string) => new PageError('island-scripts', page, problem);
  const runtimeScript = scripts.find((script) => rawText(script) === runtime);
  if (!runtimeScript || islands[0]?.prev !== runtimeScript)
    throw fail("Astro's island runtime is not the script right before the first island");
  const bodies = scripts.filter((script) => script !== runtimeScript).map(rawText);
  const used = [...new Set(directives)];
  if (bodies.length !== used.length)
    throw fail(`${bodies.length} directive scripts for directives ${used.join(', ')}`);
  for (const script of scripts) DomUtils.removeElement(script);
  const script = [...bodies, runtime].join(';\n');
  // Inline code that adds the file once the page has painted.
  const islandScriptSrc = `/_astro/${scriptFileName(script)}`;
  const loader = inlineScript('src/lib/builtPages/islandLoader.inline.ts', { islandScriptSrc });
  DomUtils.appendChild(only('island-scripts', page, 'body'), new Element('script', {}, [new Text(loader)]));
  return script;
}

export function islandScripts(): Pass {
  return {
    name: 'island-scripts',
    async run({ root, pages }) {
      const moved = pages.flatMap((page) => externalizeIslandScripts(page) ?? []);
      const scripts = new Set(moved);
      for (const script of scripts) await writeFile(join(root, '_astro', scriptFileName(script)), script);
      return `island scripts from ${scripts.size} file(s) on ${moved.length} page(s)`;
    },
  };
}
