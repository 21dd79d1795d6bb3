import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import { fitText } from './fitText.ts';
import { type CardFont, cardFonts } from './fonts.ts';
import { type Measure, measureWith } from './measure.ts';
import { cardSize, ShareCard, type ShareCardContent, textBox } from './ShareCard.tsx';

const measures = new WeakMap<CardFont[], Measure>();

function displayMeasure(fonts: CardFont[]): Measure {
  let measure = measures.get(fonts);
  if (!measure) {
    const files = fonts.filter((font) => font.family === 'display' && font.weight === 700);
    measure = measureWith(files.map((font) => font.data));
    measures.set(fonts, measure);
  }
  return measure;
}

/**
 * Lays the card out (the text at the largest size that fits) and draws it as a 1200 x 630 PNG with
 * an 8-bit palette.
 */
export async function renderCard(card: ShareCardContent): Promise<Uint8Array> {
  const fonts = await cardFonts(card.lang);
  const { fontSize, lines } = fitText(card.text, displayMeasure(fonts), textBox);
  const svg = await satori(ShareCard({ card, lines, fontSize }), {
    ...cardSize,
    fonts: fonts.map(({ name, weight, data }) => ({
      name,
      weight: weight as 700,
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
