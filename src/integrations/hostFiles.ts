import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { documentHeaders, hsts, securityHeaders } from '../../functions/http/securityHeaders.ts';
import { htmlFiles } from './builtPages.ts';

/** Where the pages may load things from, besides their own origin. */
export interface PageSources {
  connect: string[];
  script: string[];
  img: string[];
}

/** sha256 hashes of every inline script in the built pages, so the CSP can allow exactly those. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/type="application\/(ld\+)?json"/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
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

/**
 * Writes `dist/_headers` (security headers, the pages' own with the CSP of this build's inline-script
 * hashes, caching) in the Netlify/Cloudflare Pages syntax. `npm run serve` reads the same file, so
 * every host behaves alike.
 */
export function hostFiles(sources: PageSources): AstroIntegration {
  return {
    name: 'host-files',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const hashes = new Set<string>();
        const pages = await htmlFiles(root);
        for (const file of pages) {
          for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
        }
        const page = { ...documentHeaders, 'Content-Security-Policy': pageCsp([...hashes].sort(), sources) };
        const blocks = [
          headerBlock('/*', { ...securityHeaders, 'Strict-Transport-Security': hsts }),
          ...pagePaths(pages.map((file) => relative(root, file).split(sep).join('/'))).map((path) =>
            headerBlock(path, page),
          ),
          headerBlock('/_astro/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
        ];
        await writeFile(join(root, '_headers'), `${blocks.join('\n\n')}\n`);
        logger.info(`_headers written with ${hashes.size} inline script hash(es)`);
      },
    },
  };
}
