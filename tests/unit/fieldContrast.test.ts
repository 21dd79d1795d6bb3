import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldBorder } from '../../src/islands/fieldStyle.ts';

// Non-text contrast (WCAG 1.4.11): a text field's border against the card it sits on, at least 3:1.
// The colours come from the site's theme; the page behind a card is the body's gradient and its glows.

type Rgb = [number, number, number];
const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');
const theme = (name: string): Rgb => {
  const hex = new RegExp(`--color-${name}:\\s*#([0-9a-f]{6})`).exec(css)?.[1];
  if (!hex) throw new Error(`no --color-${name} in global.css`);
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
};
const over = (top: Rgb, alpha: number, below: Rgb): Rgb =>
  top.map((c, i) => c * alpha + (below[i] ?? 0) * (1 - alpha)) as Rgb;
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a: Rgb, b: Rgb) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const plum = theme('plum');
/** The body's background (global.css): its two ends and plum under each of its glows at their strongest. */
const pages: Record<string, Rgb> = {
  night: theme('night'),
  plum,
  'grape glow': over([91, 42, 134], 0.85, plum),
  'blue glow': over([22, 78, 121], 0.7, plum),
  'coral glow': over([255, 138, 128], 0.22, plum),
};
/** The cards that hold fields: the article's rating and comments (white/5), the subscribe box (mint/5). */
const cards: Record<string, [Rgb, number]> = {
  'white/5': [[255, 255, 255], 0.05],
  'mint/5': [theme('mint'), 0.05],
};

describe('text field borders', () => {
  const [, colour, percent] = /border-([a-z]+)\/(\d+)/.exec(fieldBorder) ?? [];
  it('name a theme colour and its opacity', () => {
    expect(colour).toBeDefined();
    expect(percent).toBeDefined();
  });
  for (const [cardName, [cardColour, cardAlpha]] of Object.entries(cards))
    for (const [pageName, page] of Object.entries(pages))
      it(`stand out 3:1 from a ${cardName} card over the ${pageName}`, () => {
        const card = over(cardColour, cardAlpha, page);
        // The border is drawn over the field's own background (bg-night/60).
        const field = over(theme('night'), 0.6, card);
        const border = over(theme(colour ?? ''), Number(percent) / 100, field);
        expect(ratio(border, card)).toBeGreaterThanOrEqual(3);
      });
});

describe('the contrast formula', () => {
  it('gives 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(ratio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(ratio(plum, plum)).toBe(1);
  });
});
