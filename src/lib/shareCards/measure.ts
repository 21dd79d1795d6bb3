import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs';

/** Width of a text in em, shaped the way the renderer shapes it (HarfBuzz, kerning included). */
export type Measure = (text: string) => number;

/** A measure for one font file (a family at one weight, Latin and Cyrillic in it). */
export function measureWith(data: Uint8Array): Measure {
  const face = new Face(new Blob(data));
  const font = new Font(face);
  return (text) => {
    const buffer = new Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    shape(font, buffer);
    return buffer.getGlyphPositions().reduce((sum, glyph) => sum + glyph.xAdvance, 0) / face.upem;
  };
}
