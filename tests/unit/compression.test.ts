import { describe, expect, it } from 'vitest';
import { isPrecompressible } from '../../src/lib/builtPages/compression.ts';

describe('which built files get .br and .gz beside them', () => {
  it.each([
    ['dist/about.html', 30_000],
    ['dist/_astro/page.js', 1024],
    ['dist/sitemap-0.xml', 5000],
    ['dist/favicon.svg', 2000],
    ['dist/tips.json', 40_000],
    ['dist/robots.txt', 1500],
  ])('compresses %s (%i bytes)', (file, size) => {
    expect(isPrecompressible(file, size)).toBe(true);
  });

  it.each([
    ['dist/robots.txt', 1023],
    ['dist/cards/tips/en_1.png', 250_000],
    ['dist/_astro/nunito.woff2', 12_000],
    ['dist/about.html.br', 30_000],
    ['dist/about.html.gz', 30_000],
    ['dist/_headers', 4000],
  ])('leaves %s (%i bytes) alone: small, compressed already, or not served', (file, size) => {
    expect(isPrecompressible(file, size)).toBe(false);
  });
});
