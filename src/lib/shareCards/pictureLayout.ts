// The tip pictures' layout (a story 1080 x 1920 and a post 1080 x 1350, the share card's design made for
// a phone's full screen), drawn in the visitor's browser (src/lib/sharePicture/) and checked by the unit
// tests with the same fonts (tests/unit/sharePictures.test.ts). Plain data, no Node and no DOM.
import type { Lang } from '../../i18n/languages.ts';
import type { TextBox } from './fitText.ts';

/** The pictures a tip can be shared as: a phone story (9:16) and a feed post (4:5). */
export const pictureFormats = ['story', 'post'] as const;
export type PictureFormat = (typeof pictureFormats)[number];

export const pictureSizes: Record<PictureFormat, { width: number; height: number }> = {
  story: { width: 1080, height: 1920 },
  post: { width: 1080, height: 1350 },
};

/** The most bytes a picture may weigh (the limit). */
export const pictureMaxBytes = 120 * 1024;

/**
 * The share card's margins, rows, labels and logo (ShareCard.tsx) scaled up by 1.35: seen full-screen on
 * a phone, the small print is larger than a link preview's (the most that keeps the site's name and
 * address on one row of the 1080 px width).
 */
export const pictureScale = 1.35;

export function pictureFrame(format: PictureFormat) {
  const s = pictureScale;
  const { width, height } = pictureSizes[format];
  const padding = { x: 80 * s, y: 68 * s };
  const rows = { top: 64 * s, bottom: 44 * s, gap: 28 * s };
  /** The accent bar left of the text and the air between them. */
  const bar = { width: 6 * s, gap: 22 * s };
  return { width, height, padding, rows, bar };
}

/**
 * Where the tip goes: the width leaves 40 px beyond the accent bar as air (and a margin for measuring).
 * Seen full-screen on a phone about 400 px wide, 56 of 1080 px are still 20 px letters: a tip that would
 * need smaller print makes `fitText` throw, and the unit test proves none does.
 */
export function pictureTextBox(format: PictureFormat): TextBox {
  const { width, height, padding, rows, bar } = pictureFrame(format);
  return {
    width: width - 2 * padding.x - bar.width - bar.gap - 40,
    height: height - 2 * padding.y - rows.top - rows.bottom - 2 * rows.gap,
    lineHeight: 1.2,
    maxSize: 104,
    minSize: 56,
  };
}

/** The site's palette (`--color-*` of global.css; a unit test holds them equal) and the card's two glows. */
export const pictureColors = {
  night: '#140b2b',
  plum: '#2a1152',
  sun: '#ffd166',
  mint: '#7ef0c4',
  cream: '#fff8ec',
  haze: '#d9cdf5',
  deepNight: '#12082a',
  glow: 'rgba(91, 42, 134, 0.9)',
  glowEnd: 'rgba(91, 42, 134, 0)',
  label: 'rgba(126, 240, 196, 0.15)',
} as const;

/** The faces a picture is set in: the tip, the site's name, and the labels and address. */
export const pictureFaces = [
  { family: 'Unbounded', weight: 700 },
  { family: 'Unbounded', weight: 900 },
  { family: 'Nunito', weight: 800 },
] as const;
export type PictureFace = (typeof pictureFaces)[number];

/**
 * Where a face's file for one language's pictures is published: every letter of that language's tips and
 * labels, and Bulgarian letter forms by default in Bulgarian (src/pages/pictures/fonts/).
 * @example pictureFontPath('bg', { family: 'Nunito', weight: 800 }) // '/pictures/fonts/bg-nunito-800.woff2'
 */
export function pictureFontPath(lang: Lang, face: PictureFace): string {
  return `/pictures/fonts/${lang}-${face.family.toLowerCase()}-${face.weight}.woff2`;
}

/** The logo's two shapes (a speech bubble and a star) in its 40 x 40 box, as in ShareCard.tsx. */
export const logoPaths = {
  bubble:
    'M20 3C10.6 3 3 9.7 3 18c0 4.5 2.2 8.5 5.8 11.3L7 37l8.2-4.4c1.5.3 3.1.4 4.8.4 9.4 0 17-6.7 17-15S29.4 3 20 3Z',
  star: 'M20 9.5l2.4 5.6 6 .5-4.6 4 1.4 5.9-5.2-3.2-5.2 3.2 1.4-5.9-4.6-4 6-.5z',
} as const;
