// The font files a tip picture is drawn with in the browser (src/lib/sharePicture/): the site's own faces,
// each cut to every letter one language's pictures can show. The pages' files are cut to each page's own
// text (src/lib/builtPages/fonts.ts), so they lack most tips' letters; these are asked for only when a
// visitor presses Share.
import { readFile } from 'node:fs/promises';
import subsetFont from 'subset-font';
import { cached, installedVersion } from '../buildCache.ts';
import { sourceFile } from '../fonts/sources.ts';
import type { PictureFace } from './pictureLayout.ts';

/** What one language's pictures show: the tips, their categories and the site's name, set in capitals. */
export interface PictureText {
  tips: readonly { text: string; category: string }[];
  siteName: string;
}

/** Any address the site is served at, in the labels' face: printable ASCII. */
const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

/** The letters a face must have: the tips in the tip's face, the name in the heavy one, labels in the sans. */
export function pictureFontText(face: PictureFace, { tips, siteName }: PictureText): string {
  if (face.weight === 700) return ascii + tips.map((tip) => tip.text).join('');
  if (face.weight === 900) return ascii + siteName.toUpperCase();
  return ascii + tips.map((tip) => tip.category.toUpperCase()).join('');
}

const cutter = ['subset-font', 'harfbuzzjs'].map(installedVersion).join();
/** As the pages' cuts: the common Cyrillic forms, no `locl` (src/lib/builtPages/fonts.ts says why). */
const keepFeatures = ['kern', 'liga', 'calt', 'ccmp'];
const options = { targetFormat: 'woff2' as const, noHinting: true, keepFeatures };

/** The face cut to `text` as WOFF2, kept in the build cache. */
export async function pictureFont(face: PictureFace, text: string): Promise<Buffer> {
  const source = new Uint8Array(await readFile(sourceFile(face.family, face.weight)));
  const data = Buffer.from(source);
  const { data: cut } = await cached('font-cuts', [cutter, data, JSON.stringify(options), text], () =>
    subsetFont(data, text, options),
  );
  return cut;
}
