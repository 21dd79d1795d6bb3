import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import type { Lang } from '../../i18n/languages.ts';
import { fitText } from './fitText.ts';
import { cardFonts } from './fonts.ts';
import { type Measure, measureWith } from './measure.ts';
import { cardSize, ShareCard, type ShareCardContent, textBox } from './ShareCard.tsx';

/** The main text's measure (the display font's bold) per language, made once. */
const measures = new Map<Lang, Measure>();

/**
 * Lays the card out (the text at the largest size that fits) and draws it as a 1200 x 630 PNG with
 * an 8-bit palette.
 */
export async function renderCard(card: ShareCardContent): Promise<Uint8Array> {
  const fonts = await cardFonts();
  const display = fonts.find((font) => font.family === 'display' && font.weight === 700);
  if (!display) throw new Error('share cards: no display font at 700 to measure the text with');
  const measure = measures.get(card.lang) ?? measureWith(display.data);
  measures.set(card.lang, measure);
  const { fontSize, lines } = fitText(card.text, measure, textBox);
  const svg = await satori(ShareCard({ card, lines, fontSize }), {
    ...cardSize,
    fonts: fonts.map(({ name, weight, data }) => ({
      name,
      weight,
      style: 'normal' as const,
      data: data.buffer as ArrayBuffer,
    })),
  });
  const { pixels, width, height } = new Resvg(svg, { fitTo: { mode: 'original' } }).render();
  // 256 dithered colours look the same on a card of a few colours and a soft glow, at under a third of
  // the bytes; the lowest effort halves the quantising time of a cold build for about 10% more bytes.
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png({ palette: true, effort: 1 })
    .toBuffer();
}
