// Where a font's files come from: static instances of each weight, with every glyph (Latin and
// Cyrillic), from the Google Fonts packages (`@expo-google-fonts/<name>`).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const weightNames: Record<number, string> = {
  200: 'ExtraLight',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'SemiBold',
  700: 'Bold',
  800: 'ExtraBold',
  900: 'Black',
};

/** The TrueType file of `font` (as the stylesheet names it, `Nunito`) at `weight`. */
export function sourceFile(font: string, weight: number): string {
  const pkg = `@expo-google-fonts/${font.toLowerCase().replace(/\s+/g, '-')}`;
  let root: string;
  try {
    root = dirname(createRequire(import.meta.url).resolve(pkg));
  } catch {
    throw new Error(`fonts: the stylesheet names the font "${font}" but ${pkg} is not installed`);
  }
  const name = `${weight}${weightNames[weight]}`;
  return join(root, name, `${font.replace(/\s+/g, '')}_${name}.ttf`);
}
