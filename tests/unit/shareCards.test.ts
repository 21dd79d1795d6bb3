// Share cards: every tip fits its card legibly in both languages, Bulgarian cards use Bulgarian letter
// forms, and the cache draws a card once per content.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Blob, Face, Font, Buffer as GlyphBuffer, shape } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { cachedCard, cardKey } from '../../src/lib/shareCards/cache.ts';
import { fitText } from '../../src/lib/shareCards/fitText.ts';
import { cardFonts } from '../../src/lib/shareCards/fonts.ts';
import { measureWith } from '../../src/lib/shareCards/measure.ts';
import { shareCardPath } from '../../src/lib/shareCards/paths.ts';
import { type ShareCardContent, textBox } from '../../src/lib/shareCards/ShareCard.tsx';

const tips = JSON.parse(readFileSync('content/tips.json', 'utf8')) as {
  id: string;
  en: string;
  bg: string;
}[];

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The glyphs `text` is drawn with, shaped as a renderer does without a language, or with `language`. */
function glyphsOf(data: Uint8Array, text: string, language?: string): number[] {
  const buffer = new GlyphBuffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  if (language) buffer.setLanguage(language);
  shape(new Font(new Face(new Blob(data))), buffer);
  return buffer.getGlyphInfos().map((glyph) => glyph.codepoint);
}

describe('share card text', () => {
  for (const lang of ['en', 'bg'] as const) {
    it(`fits every ${lang} tip on its card at a legible size without cutting a word`, async () => {
      const fonts = await cardFonts();
      const measure = measureWith(
        fonts.find((f) => f.family === 'display' && f.weight === 700)?.data ?? new Uint8Array(),
      );
      const sizes: number[] = [];
      for (const tip of tips) {
        const { fontSize, lines } = fitText(tip[lang], measure, textBox);
        expect(lines.join(' '), tip.id).toBe(tip[lang].trim().replace(/ +/g, ' '));
        for (const line of lines) expect(measure(line) * fontSize, tip.id).toBeLessThanOrEqual(textBox.width);
        expect(lines.length * fontSize * textBox.lineHeight).toBeLessThanOrEqual(textBox.height);
        sizes.push(fontSize);
      }
      // At 36 px a card shown 500 px wide in a chat still has 15 px letters.
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(36);
    });
  }

  it('shrinks a long text and refuses one that cannot fit instead of cutting it', async () => {
    const fonts = await cardFonts();
    const measure = measureWith(
      fonts.find((f) => f.family === 'display' && f.weight === 700)?.data ?? new Uint8Array(),
    );
    const short = fitText('Drink water.', measure, textBox);
    const long = fitText(tips[0]?.en ?? '', measure, textBox);
    expect(short.fontSize).toBe(textBox.maxSize);
    expect(long.fontSize).toBeLessThan(short.fontSize);
    expect(() => fitText('Supercalifragilisticexpialidociously'.repeat(2), measure, textBox)).toThrow(
      /does not fit a share card/,
    );
    expect(() => fitText('word '.repeat(400), measure, textBox)).toThrow(/does not fit a share card/);
  });
});

describe('Cyrillic letter forms', () => {
  it('draws the common forms on Bulgarian cards, as the pages do, not the face’s Bulgarian ones', async () => {
    const display =
      (await cardFonts()).find((f) => f.name === 'Unbounded' && f.weight === 700)?.data ?? new Uint8Array();
    // The face has Bulgarian forms (п as a Latin n, т as an m); a card, shaped without a language, has not.
    expect(glyphsOf(display, 'Опа, пти')).not.toEqual(glyphsOf(display, 'Опа, пти', 'bg'));
    expect(glyphsOf(display, 'Опа, пти')).toEqual(glyphsOf(display, 'Опа, пти', 'ru'));
  });
});

describe('share card cache', () => {
  const card: ShareCardContent = {
    lang: 'en',
    text: 'Drink a glass of water before you answer that message.',
    labels: ['Health'],
    siteName: 'Important Advice',
    address: 'important-advice.example',
  };

  it('draws a card once, reuses it while nothing changes, and draws again when the text changes', async () => {
    const kind = `test-share-cards-${randomUUID()}`;
    const dir = join(process.cwd(), 'node_modules/.cache/build', kind);
    try {
      const first = await cachedCard(card, kind);
      expect(first.rendered).toBe(true);
      expect(pngSize(first.png)).toEqual({ width: 1200, height: 630 });
      // IHDR bit depth and colour type: 8-bit palette (type 3), not 32-bit RGBA (type 6).
      expect([first.png[24], first.png[25]]).toEqual([8, 3]);
      const again = await cachedCard({ ...card }, kind);
      expect(again.rendered).toBe(false);
      expect(Buffer.from(again.png).equals(Buffer.from(first.png))).toBe(true);
      const changed = await cachedCard({ ...card, text: `${card.text} Then sleep.` }, kind);
      expect(changed.rendered).toBe(true);
      expect(Buffer.from(changed.png).equals(Buffer.from(first.png))).toBe(false);
      expect(readdirSync(dir)).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keys a card on everything it shows', async () => {
    const key = await cardKey(card);
    for (const change of [
      { lang: 'bg' },
      { labels: ['Sleep'] },
      { siteName: 'X' },
      { address: 'a.example' },
    ] as const) {
      expect(await cardKey({ ...card, ...change }), JSON.stringify(change)).not.toBe(key);
    }
    expect(await cardKey({ ...card })).toBe(key);
  });

  it('publishes each card at its page path under /cards', () => {
    expect(shareCardPath('/tips/en_5')).toBe('/cards/tips/en_5.png');
    expect(shareCardPath('/bg/blog/1')).toBe('/cards/bg/blog/1.png');
  });
});
