// Tip pictures (a story and a post, drawn in the browser on a press, src/lib/sharePicture/): with the very
// font files the browser is given, every tip fits both formats at 56 px or more without cutting a word,
// and every letter a picture shows has a glyph; Bulgarian pictures use Bulgarian letter forms.
import { readFileSync } from 'node:fs';
import { Blob, Face, Font, Buffer as GlyphBuffer, shape } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import type { TipCategory } from '../../functions/tipSchema.ts';
import { tipCategoryNames } from '../../src/i18n/categories.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import { translator } from '../../src/i18n/translate.ts';
import { sourceFile } from '../../src/lib/fonts/sources.ts';
import { fitText } from '../../src/lib/shareCards/fitText.ts';
import { themeColors } from '../../src/lib/shareCards/fonts.ts';
import { measureWith } from '../../src/lib/shareCards/measure.ts';
import { pictureFont, pictureFontText } from '../../src/lib/shareCards/pictureFonts.ts';
import {
  type PictureFace,
  pictureColors,
  pictureFaces,
  pictureFontPath,
  pictureFormats,
  pictureTextBox,
} from '../../src/lib/shareCards/pictureLayout.ts';

const tips = JSON.parse(readFileSync('content/tips.json', 'utf8')) as ({
  id: string;
  category: TipCategory;
} & Record<Lang, string>)[];

/** One language's pictures' text, as src/pages/pictures/fonts/ gives it to the font cutter. */
const pictureText = (lang: Lang) => ({
  tips: tips.map((tip) => ({ text: tip[lang], category: tipCategoryNames[lang][tip.category] })),
  siteName: translator(lang)('site.name'),
});

const [tipFace, nameFace, labelFace] = pictureFaces as unknown as [PictureFace, PictureFace, PictureFace];

/** The published WOFF2 file of a face, as TrueType for HarfBuzz (which reads no WOFF2). */
async function servedFont(lang: Lang, face: PictureFace): Promise<Uint8Array> {
  const text = pictureFontText(face, pictureText(lang));
  const woff2 = await pictureFont(face, text);
  expect([...woff2.subarray(0, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('wOF2');
  return new Uint8Array(await subsetFont(woff2, text, { targetFormat: 'truetype' }));
}

function shaped(data: Uint8Array, text: string, language?: string): { glyphs: number[]; paths: string[] } {
  const font = new Font(new Face(new Blob(data)));
  const buffer = new GlyphBuffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  if (language) buffer.setLanguage(language);
  shape(font, buffer);
  const glyphs = buffer.getGlyphInfos().map((glyph) => glyph.codepoint);
  return { glyphs, paths: glyphs.map((glyph) => font.glyphToPath(glyph)) };
}

describe('tip pictures', () => {
  for (const lang of ['en', 'bg'] as const) {
    it(`fits every ${lang} tip on its story and post at 56 px or more, with the fonts the browser gets`, async () => {
      const measure = measureWith(await servedFont(lang, tipFace));
      const smallest: Record<string, number> = {};
      for (const format of pictureFormats) {
        const box = pictureTextBox(format);
        expect(box.minSize).toBe(56);
        for (const tip of tips) {
          // fitText throws rather than go below the box's 56 px.
          const { fontSize, lines } = fitText(tip[lang], measure, box);
          expect(lines.join(' '), tip.id).toBe(tip[lang].trim().replace(/ +/g, ' '));
          for (const line of lines) expect(measure(line) * fontSize, tip.id).toBeLessThanOrEqual(box.width);
          expect(lines.length * fontSize * box.lineHeight, tip.id).toBeLessThanOrEqual(box.height);
          smallest[format] = Math.min(smallest[format] ?? fontSize, fontSize);
        }
      }
      // The longest tips do need the smaller sizes: the limit is not met by a box that fits anything.
      expect(Math.min(...Object.values(smallest))).toBeLessThan(pictureTextBox('story').maxSize);
    });

    it(`has a glyph for every letter a ${lang} picture shows, in the face that shows it`, async () => {
      const [tipFont, nameFont, labelFont] = await Promise.all([
        servedFont(lang, tipFace),
        servedFont(lang, nameFace),
        servedFont(lang, labelFace),
      ]);
      const shown: [Uint8Array, string][] = [
        ...tips.map((tip) => [tipFont, tip[lang]] as [Uint8Array, string]),
        ...Object.values(tipCategoryNames[lang]).map(
          (name) => [labelFont, name.toLocaleUpperCase(lang)] as [Uint8Array, string],
        ),
        [nameFont, translator(lang)('site.name').toLocaleUpperCase(lang)],
        [labelFont, 'important-advice.example'],
        [labelFont, 'localhost:4321'],
      ];
      // Glyph 0 is .notdef: the empty box a font draws for a letter it does not have.
      for (const [font, text] of shown) expect(shaped(font, text).glyphs, text).not.toContain(0);
      // The check can fail: a letter the cut does not hold.
      expect(shaped(tipFont, 'ა').glyphs).toContain(0);
    });
  }

  it('draws the common Cyrillic forms in Bulgarian pictures, as the pages do', async () => {
    const bg = await servedFont('bg', tipFace);
    const source = new Uint8Array(readFileSync(sourceFile(tipFace.family, tipFace.weight)));
    // The face has Bulgarian forms (п as a Latin n, т as an m): the served file draws the common ones
    // whatever the language, as a canvas has none.
    expect(shaped(source, 'Опа, пти', 'bg').paths).not.toEqual(shaped(source, 'Опа, пти').paths);
    expect(shaped(bg, 'Опа, пти', 'bg').paths).toEqual(shaped(source, 'Опа, пти').paths);
    expect(shaped(bg, 'Опа, пти').paths).toEqual(shaped(source, 'Опа, пти').paths);
  });

  it('uses the site palette and publishes each face per language', () => {
    for (const name of ['night', 'plum', 'sun', 'mint', 'cream', 'haze'] as const)
      expect(pictureColors[name], name).toBe(themeColors[name]);
    expect(pictureFontPath('bg', tipFace)).toBe('/pictures/fonts/bg-unbounded-700.woff2');
    expect(pictureFontPath('en', labelFace)).toBe('/pictures/fonts/en-nunito-800.woff2');
  });
});
