import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Lang } from '../../i18n/languages.ts';
import { withBulgarianForms } from './bulgarianForms.ts';

/** The site's own font files (the ones `global.css` loads), Latin first, then Cyrillic. */
const families = {
  display: { files: ['unbounded-latin', 'unbounded-cyrillic'] },
  sans: { files: ['nunito-latin', 'nunito-cyrillic'] },
} as const;

/** The weights the card uses, per family (the site's fonts are variable; the renderer needs fixed ones). */
export const cardWeights = { display: [700, 900], sans: [800] } as const;

export type Family = keyof typeof families;

/** CSS font-family lists for the card: each family's Latin file, then its Cyrillic one. */
export function fontFamilies(): Record<Family, string> {
  const list = (family: Family) => families[family].files.map((file) => `'${file}'`).join(', ');
  return { display: list('display'), sans: list('sans') };
}

export interface CardFont {
  family: Family;
  /** The file's name, used as its font-family name on the card. */
  name: string;
  weight: number;
  /** A static TrueType instance of the variable font at `weight`. */
  data: Uint8Array;
}

const require = createRequire(import.meta.url);

function fontPath(file: string): string {
  const pkg = file.split('-')[0];
  return require.resolve(`@fontsource-variable/${pkg}/files/${file}-wght-normal.woff2`);
}

const sources = Object.values(families).flatMap((family) => family.files);

// Every character these files can hold (Latin, Cyrillic, punctuation): the instances keep all glyphs.
const coverage = String.fromCodePoint(...Array.from({ length: 0x2200 - 0x20 }, (_, i) => 0x20 + i));

/** A digest of the font files, part of every card's cache key. */
export async function fontsDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of sources) hash.update(await readFile(fontPath(file)));
  return hash.digest('hex');
}

async function instances(lang: Lang): Promise<CardFont[]> {
  const fonts: CardFont[] = [];
  for (const family of Object.keys(families) as Family[]) {
    for (const weight of cardWeights[family]) {
      for (const file of families[family].files) {
        const woff2 = await readFile(fontPath(file));
        const ttf = await subsetFont(woff2, coverage, {
          targetFormat: 'truetype',
          variationAxes: { wght: weight },
        });
        const data = new Uint8Array(ttf);
        fonts.push({
          family,
          name: file,
          weight,
          data: lang === 'bg' ? withBulgarianForms(data) : data,
        });
      }
    }
  }
  return fonts;
}

const loaded = new Map<Lang, Promise<CardFont[]>>();

/** The card fonts for one language, made once per process (only when a card is actually drawn). */
export function cardFonts(lang: Lang): Promise<CardFont[]> {
  let fonts = loaded.get(lang);
  if (!fonts) {
    fonts = instances(lang);
    loaded.set(lang, fonts);
  }
  return fonts;
}
