// The post-build passes run on a real `astro build` of a small site (tests/fixtures/site): when Astro,
// React or Tailwind change what they write, these tests see it. The same build keeps a copy of the
// pages as Astro wrote them (`-raw`), for the passes' refusals of markup they were not written for.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import runtime from 'astro/runtime/server/astro-island.prebuilt.js';
import { DomUtils } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fonts } from '../../src/lib/builtPages/fonts.ts';
import { externalizeIslandScripts } from '../../src/lib/builtPages/islandScripts.ts';
import {
  type BuiltPage,
  elements,
  only,
  parsePage,
  rawText,
  renderPage,
} from '../../src/lib/builtPages/page.ts';
import { styles } from '../../src/lib/builtPages/styles.ts';

const fixture = new URL('../fixtures/site/', import.meta.url).pathname;
const temp = mkdtempSync(join(tmpdir(), 'built-pages-'));
const out = join(temp, 'dist');
const raw = `${out}-raw`;

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
const page = (dir: string, path: string): BuiltPage => ({ path, tree: parsePage(read(dir, path)) });
/** The fixture's pages as Astro wrote them, with `change` made to their markup. */
const rawPages = (change: (html: string) => string = (html) => html): BuiltPage[] =>
  ['index.html', 'bg.html'].map((path) => ({ path, tree: parsePage(change(read(raw, path))) }));

beforeAll(async () => {
  const astro = new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url).pathname;
  await promisify(execFile)(process.execPath, [astro, 'build', '--root', fixture, '--outDir', out], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('parsing a page', () => {
  it('writes back every page Astro wrote byte for byte', () => {
    for (const path of ['index.html', 'bg.html'])
      expect(renderPage(parsePage(read(raw, path)))).toBe(read(raw, path));
  });
});

describe('the fonts pass', () => {
  const preloads = (path: string) =>
    elements(page(out, path).tree, 'link')
      .filter((link) => link.attribs.rel === 'preload')
      .map((link) => /\/_astro\/fonts\/([a-z]+-[a-z]+-\d+)/.exec(link.attribs.href ?? '')?.[1]);

  it('preloads the faces the page sets text in, read from the classes and rules of its stylesheet', () => {
    // Title and text in the body font; `strong` bolder; the heading's classes (`font-black`); the
    // article subheading's rule (`.prose-advice h2`); the island's button as Astro rendered it.
    expect(preloads('index.html').sort()).toEqual([
      'nunito-en-400',
      'nunito-en-700',
      'unbounded-en-400',
      'unbounded-en-700',
      'unbounded-en-900',
    ]);
  });

  it('gives each language its own files and a page of its own its own heading cut', () => {
    expect(preloads('bg.html').sort()).toEqual(['nunito-bg-400', 'unbounded-bg-400', 'unbounded-bg-900']);
    const own = elements(page(out, 'bg.html').tree, 'link').map((link) => link.attribs.href ?? '');
    expect(own.some((href) => href.includes('unbounded-bg-900-page'))).toBe(true);
  });

  it('puts the @font-face rules right after <meta charset>, for files the build wrote', () => {
    const head = renderPage(only('test', page(out, 'index.html'), 'head'));
    expect(head).toMatch(/^<head><meta charset="utf-8"><link rel="preload" [^>]+ crossorigin media="print">/);
    const urls = [...head.matchAll(/url\("\/_astro\/fonts\/([^"]+)"\)/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThan(3);
    const written = readdirSync(join(out, '_astro', 'fonts'));
    for (const file of urls) expect(written).toContain(file);
  });

  it("writes the preloads and the rules switched off, for the layout's head script to switch on", () => {
    const head = only('test', page(out, 'index.html'), 'head');
    const fontElements = [
      ...elements(head, 'link').filter((link) => link.attribs.as === 'font'),
      ...elements(head, 'style').filter((style) => rawText(style).startsWith('@font-face')),
    ];
    expect(fontElements.length).toBeGreaterThan(1);
    for (const element of fontElements) expect(element.attribs.media).toBe('print');
  });

  it('refuses a page without <meta charset> or without a known language', async () => {
    const run = (change: (html: string) => string) => fonts().run({ root: raw, pages: rawPages(change) });
    await expect(run((html) => html.replace('<meta charset="utf-8">', ''))).rejects.toThrow(
      /index\.html: no <meta charset>/,
    );
    await expect(run((html) => html.replace('lang="en"', 'lang="fr"'))).rejects.toThrow(
      /no known <html lang>/,
    );
  });

  it('refuses a stylesheet that sets no site font on body', async () => {
    const run = fonts().run({
      root: raw,
      pages: rawPages((html) => html.replace(/body\{font-family:var\(--font-sans\)\}/, '')),
    });
    await expect(run).rejects.toThrow(/no site font on body/);
  });
});

describe('the styles pass', () => {
  // The stylesheets Tailwind wrote, without the fonts pass's @font-face rules.
  const css = (path: string) =>
    elements(page(out, path).tree, 'style')
      .map(rawText)
      .filter((sheet) => !sheet.startsWith('@font-face'))
      .join('');

  it("keeps the utilities a page names and drops the other pages' ones", () => {
    expect(css('index.html')).toContain('.tracking-tight{');
    expect(css('index.html')).not.toContain('.text-sun{');
    expect(css('bg.html')).toContain('.text-sun{');
    expect(css('bg.html')).not.toContain('.tracking-tight{');
  });

  it('keeps a class named only in an island script and one named only in a lazily imported chunk', () => {
    const lazyChunk = readdirSync(join(out, '_astro')).find((file) => /^Details\..+\.js$/.test(file));
    expect(lazyChunk).toBeDefined();
    expect(read(out, `_astro/${lazyChunk}`)).toContain('italic');
    const classes = DomUtils.findAll(() => true, page(raw, 'index.html').tree.children).flatMap((element) =>
      (element.attribs.class ?? '').split(' '),
    );
    for (const name of ['underline', 'italic']) {
      expect(classes).not.toContain(name);
      expect(css('index.html')).toContain(`.${name}{`);
    }
  });

  it('keeps the hex colour of a translucent utility and drops its color-mix() copy', () => {
    expect(css('index.html')).toContain('border-white\\/15');
    expect(css('index.html')).not.toContain('color-mix');
  });

  it('is smaller than the stylesheet Astro inlined', () => {
    const before = elements(page(raw, 'index.html').tree, 'style').map(rawText).join('');
    expect(css('index.html').length).toBeLessThan(before.length);
  });

  it('refuses a page without inline styles', async () => {
    const run = styles().run({
      root: raw,
      pages: rawPages((html) => html.replace(/<style>[\s\S]*?<\/style>/g, '')),
    });
    await expect(run).rejects.toThrow(/no inline <style>/);
  });
});

describe('the island scripts pass', () => {
  it('moves the runtime and the directive of a page whose islands wait into one file, loaded after the paint', () => {
    const html = read(out, 'index.html');
    expect(html).not.toContain(runtime);
    const loader = /<script>([^<]*first-contentful-paint[^<]*)<\/script><\/body>/.exec(html)?.[1] ?? '';
    const file = /"\/_astro\/(islands\.[\w-]+\.js)"/.exec(loader)?.[1] ?? '';
    const script = read(out, join('_astro', file));
    expect(script.endsWith(runtime)).toBe(true);
    expect(script.length).toBeGreaterThan(runtime.length);
  });

  it('leaves the inline scripts of a page whose island hydrates at once', () => {
    expect(read(out, 'bg.html')).toContain(`<script>${runtime}</script>`);
  });

  it("refuses a page whose first island is not preceded by Astro's runtime", () => {
    const [en] = rawPages((html) => html.replace(`<script>${runtime}</script>`, ''));
    expect(() => externalizeIslandScripts(en as BuiltPage)).toThrow(
      /island runtime is not the script right before the first island/,
    );
  });

  it('refuses a page whose directive script is not where Astro writes it', () => {
    const [en] = rawPages();
    const runtimeScript = elements((en as BuiltPage).tree, 'script').find((s) => rawText(s) === runtime);
    const directive = runtimeScript?.prev;
    if (directive) DomUtils.removeElement(directive as never);
    expect(() => externalizeIslandScripts(en as BuiltPage)).toThrow(
      /0 directive scripts for directives visible/,
    );
  });
});

describe('the security headers pass', () => {
  it("allows exactly each page's own inline scripts in its Content-Security-Policy", () => {
    const headers = read(out, '_headers');
    for (const [path, rule] of [
      ['index.html', '/'],
      ['bg.html', '/bg'],
    ]) {
      const block = headers.split('\n\n').find((b) => b.startsWith(`${rule}\n`)) ?? '';
      const csp = /Content-Security-Policy: (.*)/.exec(block)?.[1] ?? '';
      const hashes = elements(page(out, path ?? '').tree, 'script')
        .filter((s) => !('src' in s.attribs) && rawText(s))
        .map((s) => `'sha256-${createHash('sha256').update(rawText(s)).digest('base64')}'`);
      expect(hashes.length, path).toBeGreaterThan(0);
      for (const hash of hashes) expect(csp, path).toContain(hash);
      expect(csp.match(/sha256-/g), path).toHaveLength(new Set(hashes).size);
      expect(csp).toContain("connect-src 'self' https://api.example");
    }
  });

  it('minifies an inline script written as it reads, and allows it as it ends', () => {
    const scripts = elements(page(out, 'index.html').tree, 'script').filter((s) => !('src' in s.attribs));
    expect(scripts.map(rawText)).toContain('document.documentElement.dataset.ready="1";');
    for (const script of scripts) expect(rawText(script).trim()).not.toContain('\n');
  });
});

describe('compression', () => {
  it('writes a .br beside each page that holds the page as the passes left it', () => {
    for (const path of ['index.html', 'bg.html'])
      expect(brotliDecompressSync(readFileSync(join(out, `${path}.br`))).toString()).toBe(read(out, path));
  });
});
