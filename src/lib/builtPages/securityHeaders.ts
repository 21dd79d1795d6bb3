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
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${sources.img.join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${sources.connect.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The paths of the built pages, as few as static hosts' rules can say them: each page at the top
 * (`/about`), and each folder that holds pages as a whole (`/tips/*`). The hosts' matching lets such a
 * rule take in a few other files too (`/tips/*` matches `/tips.json`): the page headers do them no harm.
 */
export function pagePaths(htmlFiles: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const file of htmlFiles) {
    const [first, ...rest] = file.split('/');
    if (rest.length > 0) paths.add(`/${first}/*`);
    else if (first === 'index.html') paths.add('/');
    else paths.add(`/${first?.replace(/\.html$/, '')}`);
  }
  return [...paths].sort();
}

function headerBlock(path: string, headers: Record<string, string>): string {
  return [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
}

export function securityHeaders(sources: PageSources): Pass {
  return {
    name: 'security-headers',
    async run({ root, pages }) {
      const hashes = new Set(pages.flatMap(inlineScriptHashes));
      const page = { ...documentHeaders, 'Content-Security-Policy': pageCsp([...hashes].sort(), sources) };
      const blocks = [
        headerBlock('/*', { ...siteHeaders, 'Strict-Transport-Security': hsts }),
        ...pagePaths(pages.map((p) => p.path)).map((path) => headerBlock(path, page)),
        headerBlock('/_astro/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
      ];
      await writeFile(join(root, '_headers'), `${blocks.join('\n\n')}\n`);
      return `_headers written with ${hashes.size} inline script hash(es)`;
    },
  };
}
