import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Lang } from '../../i18n/languages.ts';
import { sourceFile } from '../fonts/sources.ts';
import { withBulgarianForms } from './bulgarianForms.ts';

/** The site's own fonts (the packages the fonts pass, src/lib/builtPages/fonts.ts, cuts for the pages): static TrueType files. */
const families = { display: 'Unbounded', sans: 'Nunito' } as const;

/** The weights the card uses, per family. */
export const cardWeights = { display: [700, 900], sans: [800] } as const;

export type Family = keyof typeof families;

/** CSS font-family names for the card. */
export function fontFamilies(): Record<Family, string> {
  return { display: `'${families.display}'`, sans: `'${families.sans}'` };
}

export interface CardFont {
  family: Family;
  /** The font-family name on the card. */
  name: string;
  weight: number;
  /** The TrueType file of that weight (Latin and Cyrillic in one file). */
  data: Uint8Array;
}

const familyKeys: Family[] = ['display', 'sans'];
const sources = familyKeys.flatMap((family) =>
  cardWeights[family].map((weight) => ({ family, weight, path: sourceFile(families[family], weight) })),
);

/** A digest of the font files, part of every card's cache key. */
export async function fontsDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const { path } of sources) hash.update(await readFile(path));
  return hash.digest('hex');
}

async function instances(lang: Lang): Promise<CardFont[]> {
  return Promise.all(
    sources.map(async ({ family, weight, path }) => {
      const data = new Uint8Array(await readFile(path));
      return {
        family,
        name: families[family],
        weight,
        data: lang === 'bg' ? withBulgarianForms(data) : data,
      };
    }),
  );
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
