import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLetterFiles } from '../../functions/newsletter/course.ts';
import { bg } from '../../src/i18n/ui/bg.ts';
import { en } from '../../src/i18n/ui/en.ts';
import { generatorTipIds } from '../../src/lib/newsletter/courseChecks.ts';
import { shortTitle, tipGroups, tipNeighbours } from '../../src/lib/tips/tipIndex.ts';
import { isRare, type TipEntry } from '../../src/lib/tips/tipRules.ts';

const tips = [
  { id: '1', category: 'Тревожност' },
  { id: '2', category: 'Активност' },
  { id: '3', category: 'Тревожност' },
  { id: 'r1', category: 'Тревожност' },
  { id: '4', category: 'Яснота' },
];

describe('the tips index', () => {
  it("groups tips by category in the order of the categories' names in the language", () => {
    expect(tipGroups(tips, 'bg').map((group) => [group.category, group.tips.map((tip) => tip.id)])).toEqual([
      ['Активност', ['2']],
      ['Тревожност', ['1', '3', 'r1']],
      ['Яснота', ['4']],
    ]);
    const english = [
      { id: 'en_1', category: 'self-care' },
      { id: 'en_2', category: 'Sleep' },
      { id: 'en_3', category: 'Anxiety' },
    ];
    expect(tipGroups(english, 'en').map((group) => group.category)).toEqual([
      'Anxiety',
      'self-care',
      'Sleep',
    ]);
  });

  it('links a tip to the one before and after it in its category, and to nothing past either end', () => {
    expect(tipNeighbours(tips, '3')).toEqual({ previous: tips[0], next: tips[3] });
    expect(tipNeighbours(tips, '1')).toEqual({ previous: undefined, next: tips[2] });
    expect(tipNeighbours(tips, 'r1')).toEqual({ previous: tips[2], next: undefined });
    expect(tipNeighbours(tips, '2')).toEqual({ previous: undefined, next: undefined });
    expect(tipNeighbours(tips, 'nope')).toEqual({});
  });
});

describe('a tip page title', () => {
  const frame = (text: string) => `${text} | Important Advice`;

  it('keeps a short tip whole', () => {
    expect(shortTitle('Drink some water.', frame)).toBe('Drink some water. | Important Advice');
  });

  it('cuts a long tip after a whole word, within 60 characters', () => {
    const title = shortTitle(
      'Charge your phone outside the bedroom tonight. It can dream about you from the kitchen.',
      frame,
    );
    expect(title).toBe('Charge your phone outside the bedroom… | Important Advice');
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it('drops the punctuation before the ellipsis and works in Bulgarian', () => {
    const title = shortTitle(
      'Тази нощ зареди телефона извън спалнята, защото и той има нужда от почивка.',
      (text) => `${text} | Важен съвет`,
    );
    expect(title).toBe('Тази нощ зареди телефона извън спалнята… | Важен съвет');
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it('cuts inside a word only when the first word alone is too long', () => {
    expect(shortTitle('x'.repeat(80), frame)).toBe(`${'x'.repeat(40)}… | Important Advice`);
  });
});

describe("the index's sentence about rare tips", () => {
  it('is true: some come by the button, some only in the course letters, a few only on the index', async () => {
    const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
    // The ids are all this needs; the build checks the texts.
    const tips: TipEntry[] = JSON.parse(readFileSync(`${contentDir}/tips.json`, 'utf8'));
    const rare = tips.filter((tip) => isRare(tip.id));
    const byButton = generatorTipIds(tips);
    const inLetters = new Set((await readLetterFiles(contentDir)).map((letter) => letter.data.tip));
    const where = (id: string) => (byButton.has(id) ? 'button' : inLetters.has(id) ? 'letters' : 'index');
    expect(new Set(rare.map((tip) => where(tip.id)))).toEqual(new Set(['button', 'letters', 'index']));
    expect(en['tips.intro']).toMatch(/press the button.*course letters.*only here/);
    expect(bg['tips.intro']).toMatch(/натиснеш бутона.*писмата от курса.*само тук/);
  });
});
