// `_headers` in the Netlify/Cloudflare Pages syntax: security headers for every file, the pages' own
// with a Content-Security-Policy that allows exactly this build's inline scripts (by hash), and caching.
// `npm run serve` reads the same file, so every host behaves alike.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  documentHeaders,
  hsts,
  securityHeaders as siteHeaders,
} from '../../../functions/http/securityHeaders.ts';
import { type BuiltPage, elements, type Pass, rawText } from './page.ts';

/** Where the pages may load things from, besides their own origin. */
export interface PageSources {
  connect: string[];
  script: string[];
  img: string[];
}

/** sha256 hashes of a page's inline scripts (not data blocks), so the CSP can allow exactly those. */
export function inlineScriptHashes(page: BuiltPage): string[] {
  return elements(page.tree, 'script')
    .filter(
      (script) => !('src' in script.attribs || /^application\/(ld\+)?json$/i.test(script.attribs.type ?? '')),
    )
    .map(rawText)
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/** The pages' Content-Security-Policy: scripts only from the site itself and the hashed inline ones. */
export function pageCsp(scriptHashes: readonly string[], sources: PageSources): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...sources.script].join(' ')}`.trim(),
    // Every page's styles are inline (the build writes no stylesheet file).
    "style-src 'unsafe-inline'",
    `img-src 'self' data: ${sources.img.join(' ')}`.trim(),
    // Fonts and requests from the site alone are what default-src says already: named only when wider.
    sources.connect.length > 0 && `connect-src 'self' ${sources.connect.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The built pages grouped by the `_headers` rule that gives them their own headers, as few rules as the
 * hosts' matching lets say without two rules matching one page (a host may join two matching headers):
 * each folder of pages with no deeper folder as a whole (`/tips/*`, which also matches `/tips`, so the
 * page of that name goes with it), any other page on its own (`/about`). Each rule's policy then allows
 * only its own pages' inline scripts: every hash costs 55 bytes of each page's answer, and an article
 * needs 3 of the site's 9. The hosts' matching lets a folder's rule take in a few other files too
 * (`/tips/*` matches `/tips.json`): the page headers do them no harm.
 */
export function pageRules(htmlFiles: readonly string[]): Map<string, string[]> {
  const folderOf = (file: string) => file.split('/').slice(0, -1).join('/');
  const folders = new Set(htmlFiles.map(folderOf).filter(Boolean));
  const leaves = new Set(
    [...folders].filter((folder) => ![...folders].some((f) => f.startsWith(`${folder}/`))),
  );
  const rules = new Map<string, string[]>();
  for (const file of [...htmlFiles].sort()) {
    const page = file.replace(/\.html$/, '').replace(/(^|\/)index$/, '');
    const folder = folderOf(file);
    const rule = leaves.has(folder) ? `/${folder}/*` : leaves.has(page) ? `/${page}/*` : `/${page}`;
    rules.set(rule, [...(rules.get(rule) ?? []), file]);
  }
  return new Map([...rules].sort(([a], [b]) => a.localeCompare(b)));
}

function headerBlock(path: string, headers: Record<string, string>): string {
  return [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
}

export function securityHeaders(sources: PageSources): Pass {
  return {
    name: 'security-headers',
    async run({ root, pages }) {
      const hashesOf = new Map(pages.map((page) => [page.path, inlineScriptHashes(page)]));
      const pageBlocks = [...pageRules([...hashesOf.keys()])].map(([path, files]) => {
        const hashes = [...new Set(files.flatMap((file) => hashesOf.get(file) ?? []))].sort();
        return headerBlock(path, { ...documentHeaders, 'Content-Security-Policy': pageCsp(hashes, sources) });
      });
      const blocks = [
        headerBlock('/*', { ...siteHeaders, 'Strict-Transport-Security': hsts }),
        ...pageBlocks,
        // Files named by a hash of their content: Vite's, and the tip pictures' drawing (pictureScript.ts).
        ...['/_astro/*', '/pictures/scripts/*'].map((path) =>
          headerBlock(path, { 'Cache-Control': 'public, max-age=31536000, immutable' }),
        ),
      ];
      await writeFile(join(root, '_headers'), `${blocks.join('\n\n')}\n`);
      const all = new Set([...hashesOf.values()].flat());
      return `_headers written: ${pageBlocks.length} page rules allowing their own of ${all.size} inline script hash(es)`;
    },
  };
}
