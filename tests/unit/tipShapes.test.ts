import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTips } from '../../src/lib/tips/tipRules.ts';
import {
  checkTipShapes,
  maxPunchlineUses,
  maxQuestionShare,
  opensWithQuestion,
  punchlineWords,
  sentences,
} from '../../src/lib/tips/tipShapes.ts';

const tipsJson = JSON.parse(readFileSync(new URL('../../content/tips.json', import.meta.url), 'utf8'));
const tip = (id: string, en: string, bg: string) => ({ id, en, bg });

describe('the shape of a tip', () => {
  it('splits sentences at their ends, not inside quotes or after "p.m."', () => {
    expect(sentences('Ask "How are you, really?" and wait. The answer comes second.')).toEqual([
      'Ask "How are you, really?" and wait.',
      'The answer comes second.',
    ]);
    expect(sentences('Dark by 5 p.m.? Switch on the lamps.')).toEqual([
      'Dark by 5 p.m.?',
      'Switch on the lamps.',
    ]);
    expect(sentences('Кажи: „Трудно ми е.“ Това стига.')).toEqual(['Кажи: „Трудно ми е.“', 'Това стига.']);
  });

  it('counts a tip that opens with its own question, not one that quotes a question', () => {
    expect(opensWithQuestion('Lonely tonight? Take a book to a café.')).toBe(true);
    expect(opensWithQuestion('Самотно ти е? Вземи книга.')).toBe(true);
    expect(opensWithQuestion('Your boss texted "Can we talk?" Reply: "Sure."')).toBe(false);
    expect(opensWithQuestion('Take a book to a café. Lonely? Not for long.')).toBe(false);
  });

  it("finds the last sentence's words by stem, without the plain ones", () => {
    expect([...punchlineWords('Walk for ten minutes. Small still counts.', 'en').values()]).toEqual([
      'small',
      'counts',
    ]);
    expect(
      punchlineWords('A walk. Late ones count.', 'en').has(
        [...punchlineWords('It counts.', 'en').keys()][0] ?? '',
      ),
    ).toBe(true);
    expect([...punchlineWords('Stop. Then look again tomorrow.', 'en').values()]).toEqual([]);
  });
});

describe('the limits on shapes', () => {
  const nouns = 'apples bread candles doors eggs ferns gloves hats ink jars kites lamps'.split(' ');
  /** Twelve tips with nothing in common, the first `asking` opening with a question in `lang`. */
  const tips = (asking: number, lang: 'en' | 'bg' = 'en') =>
    nouns.map((noun, i) => {
      const ask = i < asking;
      return {
        id: `${i + 1}`,
        en: ask && lang === 'en' ? `Out of ${noun}? Get ${noun}.` : `Get ${noun}.`,
        bg: ask && lang === 'bg' ? `Нямаш ${noun}? Вземи ${noun}.` : `Вземи ${noun}.`,
      };
    });

  it(`refuses more than ${maxQuestionShare * 100}% of tips opening with a question, in either language`, () => {
    expect(checkTipShapes(tips(3))).toEqual([]);
    expect(checkTipShapes(tips(4))).toEqual(['en: 4 of 12 tips open with a question; at most 3 may']);
    expect(checkTipShapes(tips(4, 'bg'))).toEqual(['bg: 4 of 12 tips open with a question; at most 3 may']);
  });

  it(`refuses a punchline word that ends more than ${maxPunchlineUses} tips, and names them`, () => {
    const counting = [
      tip('1', 'Walk ten minutes. It counts.', 'Разходи се. Брои се.'),
      tip('2', 'Call late. Late ones count.', 'Обади се. И късното важи.'),
      tip('3', 'Eat something green. Candy does not count.', 'Хапни зелено. Бонбоните не са зеленчук.'),
    ];
    expect(checkTipShapes(counting.slice(0, 2))).toEqual([]);
    expect(checkTipShapes(counting)).toEqual([
      `en: the punchline word "counts" ends tips 1, 2 and 3; at most ${maxPunchlineUses} may share one`,
    ]);
  });

  it('holds for the real tips, and stops the build of tips that break them', () => {
    expect(checkTipShapes(tipsJson)).toEqual([]);
    expect(() => parseTips(tips(4).map((t) => ({ ...t, category: 'sleep' })))).toThrow(
      /en: 4 of 12 tips open with a question; at most 3 may/,
    );
  });
});
