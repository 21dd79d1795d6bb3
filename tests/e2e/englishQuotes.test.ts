// Every English page of the build reads with curly quotes and apostrophes: its text, the texts a reader
// meets in attributes (alt, title, aria-label, placeholder) and the summaries shared links show. The
// sources are checked one by one in tests/unit/englishQuotes.test.ts; this catches what a page adds.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { builtDir, builtPageFiles } from '../support/builtSite.ts';

const entities: Record<string, string> = { quot: '"', apos: "'", '#39': "'", '#x27': "'", '#34': '"' };

/** What a reader of the page sees or hears, as text: scripts, styles and code left out. */
function readerTexts(html: string): string[] {
  const page = html.replace(/<(script|style|code|pre)\b[\s\S]*?<\/\1>/g, '');
  return [
    ...page.matchAll(/>([^<]+)</g),
    ...page.matchAll(/\s(?:alt|title|aria-label|placeholder)="([^"]*)"/g),
    ...page.matchAll(
      /<meta (?:name|property)="(?:description|og:[a-z:]+|twitter:[a-z]+)" content="([^"]*)"/g,
    ),
  ].map(([, text]) =>
    (text ?? '').replace(/&(quot|apos|#39|#x27|#34);/g, (_, name: string) => entities[name] ?? ''),
  );
}

it('sets every English page with curly quotes', () => {
  const pages = builtPageFiles().filter((file) => !/^bg(\/|\.html)/.test(file));
  expect(pages.length).toBeGreaterThan(50);
  const found = pages.flatMap((file) =>
    readerTexts(fs.readFileSync(path.join(builtDir, file), 'utf8')).flatMap((text) =>
      [...text.matchAll(/.{0,15}['"].{0,15}/g)].map((match) => `${file}: …${match[0].trim()}…`),
    ),
  );
  expect(found).toEqual([]);
});

it('finds a straight quote where a page has one', () => {
  expect(readerTexts('<p>It&#39;s</p><img alt="a &quot;b&quot;">')).toEqual(["It's", 'a "b"']);
});
