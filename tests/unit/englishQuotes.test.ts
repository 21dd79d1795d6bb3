// English is set with curly quotes and apostrophes (’ “ ”), as a book would be, and authors write them
// so: the Markdown pipeline's smart punctuation reaches only an article's body on its own page, not its
// title, its teaser on the blog list (src/lib/blog/excerpt.ts), a tip, a label or a letter (whose
// Markdown the mail renderer sends as written). The built pages are checked in
// tests/e2e/englishQuotes.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readFrontmatter } from '../../functions/frontmatter.ts';
import { tipCategoryNames } from '../../src/i18n/categories.ts';
import { en as letterTexts } from '../../src/i18n/letters/en.ts';
import { en as labels } from '../../src/i18n/ui/en.ts';
import { repoRoot } from '../support/processes.ts';

/** Each straight quote in `texts`, shown in its words, under the name of the text that holds it. */
function straightQuotes(texts: Record<string, unknown>): string[] {
  return Object.entries(texts).flatMap(([name, text]) =>
    [...String(text).matchAll(/.{0,12}['"].{0,12}/g)].map((match) => `${name}: …${match[0]}…`),
  );
}

/** Every English Markdown and MDX file under content/: the articles and the letters. */
function englishContent(): string[] {
  const root = join(repoRoot, 'content');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)en\/.*\.mdx?$/.test(file))
    .map((file) => join(root, file));
}

describe('English text', () => {
  it('has no straight quote in the labels, the letters or the category names', () => {
    expect(straightQuotes({ ...labels, ...letterTexts, ...tipCategoryNames.en })).toEqual([]);
  });

  it('has no straight quote in the tips', () => {
    const tips: { id: string; en: string }[] = JSON.parse(
      readFileSync(join(repoRoot, 'content/tips.json'), 'utf8'),
    );
    expect(straightQuotes(Object.fromEntries(tips.map((tip) => [`tip ${tip.id}`, tip.en])))).toEqual([]);
  });

  it('has no straight quote in the articles or the letters', () => {
    const files = englishContent();
    expect(files.length).toBeGreaterThan(8);
    const found = files.flatMap((file) => {
      const name = relative(repoRoot, file);
      const read = readFrontmatter(readFileSync(file, 'utf8'), z.record(z.string(), z.unknown()));
      if ('problem' in read) return [`${name}: ${read.problem}`];
      const { data, body } = read;
      const texts = Object.fromEntries(
        Object.entries(data)
          .filter(([, value]) => typeof value === 'string')
          .map(([key, value]) => [`${name} ${key}`, value]),
      );
      return straightQuotes({ ...texts, [name]: body });
    });
    expect(found).toEqual([]);
  });

  it('is caught with a straight quote', () => {
    expect(straightQuotes({ tip: 'It\'s "fine".' })).toEqual(['tip: …It\'s "fine".…']);
  });
});
