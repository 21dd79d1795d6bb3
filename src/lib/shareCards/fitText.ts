import type { Measure } from './measure.ts';

/** Room for the text and the largest and smallest font sizes to try (px); line height per font size. */
export type TextBox = Record<'width' | 'height' | 'lineHeight' | 'maxSize' | 'minSize', number>;

export type FittedText = { fontSize: number; lines: string[] };

/** Greedy line breaking at spaces only (a word is never split); null when one word alone is too wide. */
function wrap(words: readonly number[], space: number, width: number): number[][] | null {
  const lines: number[][] = [];
  let line: number[] = [];
  let used = 0;
  for (const [index, wordWidth] of words.entries()) {
    if (wordWidth > width) return null;
    const next = line.length === 0 ? wordWidth : used + space + wordWidth;
    if (next <= width) {
      line.push(index);
      used = next;
    } else {
      lines.push(line);
      line = [index];
      used = wordWidth;
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/**
 * The largest font size at which `text` fits the box without splitting a word, and its lines, balanced
 * (the narrowest width that still needs no extra line, as CSS `text-wrap: balance` does).
 * Throws when even `minSize` does not fit, so a build stops instead of cutting a tip short.
 * @example fitText('Drink water.', measure, box) // { fontSize: 72, lines: ['Drink water.'] }
 */
export function fitText(text: string, measure: Measure, box: TextBox): FittedText {
  const words = text.trim().split(/ +/);
  const widths = words.map(measure);
  const space = measure(' ');
  for (let fontSize = box.maxSize; fontSize >= box.minSize; fontSize -= 2) {
    const width = box.width / fontSize;
    const lines = wrap(widths, space, width);
    if (!lines || lines.length * fontSize * box.lineHeight > box.height) continue;
    let [low, high] = [0, width];
    while (high - low > 0.01) {
      const middle = (low + high) / 2;
      const tried = wrap(widths, space, middle);
      if (tried && tried.length <= lines.length) high = middle;
      else low = middle;
    }
    const balanced = wrap(widths, space, high) ?? lines;
    return { fontSize, lines: balanced.map((line) => line.map((index) => words[index]).join(' ')) };
  }
  throw new Error(`The text does not fit a share card even at ${box.minSize}px: "${text}"`);
}
