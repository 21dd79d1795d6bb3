import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs';

/** Width of a text in em, shaped the way the renderer shapes it (HarfBuzz, kerning included). */
export type Measure = (text: string) => number;

/**
 * A measure for one family and weight given as fallback files (Latin, then Cyrillic): each character
 * is set in the first file that has it, as the renderer does.
 */
export function measureWith(files: readonly Uint8Array[]): Measure {
  const faces = files.map((data) => {
    const face = new Face(new Blob(data));
    return { font: new Font(face), upem: face.upem, chars: new Set(face.collectUnicodes()) };
  });
  const faceOf = (char: string) => {
    const code = char.codePointAt(0) ?? 0;
    return faces.find((face) => face.chars.has(code)) ?? faces[0];
  };
  const run = (text: string, face: (typeof faces)[number]) => {
    const buffer = new Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    shape(face.font, buffer);
    return buffer.getGlyphPositions().reduce((sum, glyph) => sum + glyph.xAdvance, 0) / face.upem;
  };
  return (text) => {
    let width = 0;
    let start = 0;
    const chars = [...text];
    for (let i = 1; i <= chars.length; i++) {
      const face = faceOf(chars[start] ?? '');
      if (i < chars.length && faceOf(chars[i] ?? '') === face) continue;
      if (face) width += run(chars.slice(start, i).join(''), face);
      start = i;
    }
    return width;
  };
}
