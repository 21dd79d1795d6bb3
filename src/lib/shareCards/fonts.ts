import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sourceFile } from '../fonts/sources.ts';

/** The stylesheet whose `@theme` colours the cards use (builds run from the project folder). */
export const stylesheet = join(process.cwd(), 'src/styles/global.css');

/** The site's palette, read from the `--color-*` variables of `global.css`, so the cards follow it. */
export const themeColors: Record<string, string> = Object.fromEntries(
  [...readFileSync(stylesheet, 'utf8').matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{3,8})\s*;/gi)].map(
    ([, name, value]) => [name, value],
  ),
);

/** The site's own fonts (the packages the fonts pass, src/lib/builtPages/fonts.ts, cuts for the pages). */
const families = { display: 'Unbounded', sans: 'Nunito' } as const;
const weights = { display: [700, 900], sans: [800] } as const;

export type Family = keyof typeof families;

/** CSS font-family names for the card. */
export const fontFamilies = { display: `'${families.display}'`, sans: `'${families.sans}'` };

export interface CardFont {
  family: Family;
  /** The font-family name on the card. */
  name: string;
  weight: (typeof weights)[Family][number];
  /** The TrueType file of that weight (Latin and Cyrillic in one file). */
  data: Uint8Array;
}

/** The static TrueType files the card uses. */
export const fontFiles = (['display', 'sans'] as const).flatMap((family) =>
  weights[family].map((weight) => ({ family, weight, path: sourceFile(families[family], weight) })),
);

let loaded: Promise<CardFont[]> | undefined;

/** The card fonts, both languages', read once per process (only when a card is actually drawn). */
export function cardFonts(): Promise<CardFont[]> {
  loaded ??= Promise.all(
    fontFiles.map(async ({ family, weight, path }) => ({
      family,
      name: families[family],
      weight,
      data: new Uint8Array(await readFile(path)),
    })),
  );
  return loaded;
}
