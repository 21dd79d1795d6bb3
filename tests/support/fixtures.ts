// Small stand-ins for content/ and dist/, so the functions are tested independently of the real site.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { tempDir } from './tempDirs.ts';

function write(root: string, file: string, text: string | Uint8Array) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
}

export function article(id: number, language: 'en' | 'bg') {
  return `---\nid: ${id}\ntitle: "Article ${id}"\ndate: 2025-08-01\ncategory: mentalHealth\nslug: article-${id}\nlanguage: ${language}\n---\n\nBody of ${id}.\n`;
}

/**
 * Known tips: 1, 5 and r3 in both languages. Known articles: 1 (en, bg), 3 (en), and 10 to 29 (en) so
 * that each test can have an article of its own.
 */
export function makeContentDir(): string {
  const root = tempDir('content');
  const tips = ['1', '5', 'r3'].map((id) => ({ id, category: 'sleep', en: `Tip ${id}`, bg: `Съвет ${id}` }));
  write(root, 'tips.json', JSON.stringify(tips));
  write(root, 'blog/en/one.mdx', article(1, 'en'));
  write(root, 'blog/bg/one.mdx', article(1, 'bg'));
  write(root, 'blog/en/three.mdx', article(3, 'en'));
  for (let id = 10; id < 30; id++) write(root, `blog/en/article-${id}.mdx`, article(id, 'en'));
  return root;
}

export const fixtureScript = `${'console.log("important advice");\n'.repeat(200)}`;

/** A dist/ shaped like the Astro build (build.format 'file') with _redirects and _headers. */
export function makeDistDir(): string {
  const root = tempDir('dist');
  const page = (name: string) => `<!doctype html><title>${name}</title><h1>${name}</h1>${' '.repeat(400)}`;
  write(root, 'index.html', page('home'));
  write(root, 'about.html', page('about'));
  write(root, 'blog.html', page('blog'));
  write(root, 'blog/1.html', page('blog 1'));
  write(root, 'bg.html', page('bg home'));
  write(root, 'bg/about.html', page('bg about'));
  write(root, 'bg/blog.html', page('bg blog'));
  write(root, 'bg/blog/1.html', page('bg blog 1'));
  write(root, 'bg/404.html', page('bg not found'));
  write(root, '404.html', page('not found'));
  write(root, 'guide/index.html', page('guide'));
  write(root, 'rss.xml', '<?xml version="1.0"?><rss></rss>');
  write(root, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  write(root, '_astro/app.js', fixtureScript);
  // The build's precompressed variants (src/lib/builtPages/compression.ts); the pages here are too small.
  write(root, '_astro/app.js.br', zlib.brotliCompressSync(fixtureScript));
  write(root, '_astro/app.js.gz', zlib.gzipSync(fixtureScript));
  write(
    root,
    '_redirects',
    [
      '# comment',
      '/blog/*      /blog      302',
      '/bg/blog/*   /bg/blog   302',
      '/bg/*        /bg/404    404',
      '/old  /about  301',
      '',
    ].join('\n'),
  );
  write(
    root,
    '_headers',
    [
      '/*',
      '  Strict-Transport-Security: max-age=63072000; includeSubDomains',
      '',
      // The build names the pages' paths (src/lib/builtPages/securityHeaders.ts); three of them here.
      ...['/', '/about', '/404'].flatMap((path) => [
        path,
        '  X-Frame-Options: DENY',
        "  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-abc'; frame-ancestors 'none'",
        '',
      ]),
      '/_astro/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '',
    ].join('\n'),
  );
  return root;
}
