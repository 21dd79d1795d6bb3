import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHeaders } from '../../functions/server/hostRules.ts';
import { parsePage } from '../../src/lib/builtPages/page.ts';
import { inlineScriptHashes, pageCsp, pageRules } from '../../src/lib/builtPages/securityHeaders.ts';

describe('the Content-Security-Policy of the pages', () => {
  it('hashes inline scripts but not external or data scripts', () => {
    const html =
      '<script>alert(1)</script><script type="module" src="/a.js"></script>' +
      '<script type="application/ld+json">{"a":1}</script><script is:inline>x()</script>';
    const hashes = inlineScriptHashes({ path: 'index.html', tree: parsePage(html) });
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('allows scripts only from the site and the hashes, never unsafe-inline', () => {
    const csp = pageCsp(["'sha256-abc'"], { connect: ['https://api.example'], script: [], img: [] });
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).toContain("connect-src 'self' https://api.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe("the paths that get a page's own headers", () => {
  it('names folders without deeper ones as a whole, the page named like one with it, others one by one', () => {
    const files = [
      'index.html',
      'about.html',
      'bg.html',
      'bg/index.html',
      'bg/about.html',
      'bg/tips.html',
      'bg/tips/1.html',
      'bg/tips/2.html',
      'tips/en_1.html',
      'subscribe/confirm.html',
    ];
    expect(Object.fromEntries(pageRules(files))).toEqual({
      '/': ['index.html'],
      '/about': ['about.html'],
      '/bg': ['bg.html', 'bg/index.html'],
      '/bg/about': ['bg/about.html'],
      '/bg/tips/*': ['bg/tips.html', 'bg/tips/1.html', 'bg/tips/2.html'],
      '/subscribe/*': ['subscribe/confirm.html'],
      '/tips/*': ['tips/en_1.html'],
    });
  });

  it('never lets two rules match one page (a host may join their policies)', async () => {
    // The site's folders of pages as they are built, read by the same parser `npm run serve` uses.
    const files = ['index.html', 'about.html', '404.html', 'bg.html', 'bg/about.html', 'bg/404.html'];
    for (const folder of ['blog', 'bg/blog', 'tips', 'bg/tips', 'subscribe', 'bg/subscribe'])
      files.push(`${folder}.html`, `${folder}/1.html`, `${folder}/2.html`);
    const dir = mkdtempSync(join(tmpdir(), 'page-rules-'));
    const rules = [...pageRules(files).keys()];
    writeFileSync(join(dir, '_headers'), rules.map((path, i) => `${path}\n  X-Rule: ${i}\n`).join('\n'));
    const { rules: read } = await readHeaders(join(dir, '_headers'));
    rmSync(dir, { recursive: true });
    for (const file of files) {
      const page = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
      const matching = read.filter((rule) => rule.forRegExp.test(page)).map((rule) => rule.for);
      expect(matching, page).toHaveLength(1);
    }
  });
});

describe('redirect rules for static hosts', () => {
  const rules = readFileSync(new URL('../../public/_redirects', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/));

  // Netlify's engine takes the first rule that matches: what each path gets is tested on Netlify and on
  // `npm run serve` alike (tests/support/hostRuleCases.ts); here, the order that makes it so.
  it('answers the 404 pages asked for by name with 404 before any other rule', () => {
    expect(rules.slice(0, 2)).toEqual([
      ['/404', '/404.html', '404!'],
      ['/bg/404', '/bg/404.html', '404!'],
    ]);
  });

  it('sends unknown articles to the blog of their language', () => {
    expect(rules).toContainEqual(['/blog/:id', '/blog', '302']);
    expect(rules).toContainEqual(['/bg/blog/:id', '/bg/blog', '302']);
  });

  it('answers other unknown Bulgarian paths with the Bulgarian 404 page, last', () => {
    expect(rules.at(-1)).toEqual(['/bg/*', '/bg/404', '404']);
  });
});
