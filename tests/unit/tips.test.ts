import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { combinedList, freshFor, keptOut, listSlots, pickIndex } from '../../src/lib/tips/combinedList.ts';
import {
  contentStems,
  findSimilarTips,
  jaccard,
  similarityThreshold,
} from '../../src/lib/tips/similarTips.ts';
import { checkTips, isRare, maxTipLength, parseTips, type TipEntry } from '../../src/lib/tips/tipRules.ts';

const tipsJson = JSON.parse(readFileSync(new URL('../../content/tips.json', import.meta.url), 'utf8'));
const tip = (id: string, en = `tip ${id}`, bg = `съвет ${id}`): TipEntry => ({
  id,
  category: 'sleep',
  en,
  bg,
});

describe('the combined list', () => {
  const regular = Array.from({ length: 101 }, (_, i) => `${i + 1}`);
  const rare = Array.from({ length: 21 }, (_, i) => `r${i + 1}`);
  const list = combinedList(regular, rare);

  it('holds 112 tips from 115 slots, 11 of them rare', () => {
    expect(listSlots).toBe(115);
    expect(list).toHaveLength(112);
    expect(list.filter(isRare)).toHaveLength(11);
  });

  it('puts the next rare tip in every 10th slot', () => {
    for (let k = 0; k < 11; k++) expect(list[10 * k + 9]).toBe(`r${k + 1}`);
    expect(list.slice(0, 9)).toEqual(regular.slice(0, 9));
  });

  it('uses every regular tip once, in order', () => {
    expect(list.filter((id) => !isRare(id))).toEqual(regular);
  });

  it('leaves a 10th slot empty when no rare tip remains', () => {
    expect(combinedList(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'], [], 20)).toHaveLength(11);
    expect(combinedList([], ['r1'], 20)).toEqual(['r1']);
  });
});

describe('picking a tip', () => {
  it('never picks the previous tip again', () => {
    for (let previous = 0; previous < 5; previous++) {
      for (const r of [0, 0.2, 0.5, 0.79, 0.999])
        expect(pickIndex(5, [previous], () => r)).not.toBe(previous);
    }
  });

  it('reaches every other tip', () => {
    const seen = new Set([0, 0.25, 0.5, 0.75].map((r) => pickIndex(5, [2], () => r)));
    expect([...seen].sort()).toEqual([0, 1, 3, 4]);
  });

  it(`keeps out the last ${freshFor} tips shown, and lets the one before them back`, () => {
    const recent = Array.from({ length: freshFor + 1 }, (_, i) => i);
    const reachable = new Set(Array.from({ length: 100 }, (_, i) => pickIndex(30, recent, () => i / 100)));
    expect([...reachable].sort((a, b) => a - b)).toEqual([0, ...Array.from({ length: 9 }, (_, i) => 21 + i)]);
  });

  it('keeps out half of a long list, and all but one of a short one', () => {
    expect(keptOut(112)).toBe(56);
    expect(keptOut(30)).toBe(freshFor);
    expect(keptOut(5)).toBe(4);
    expect(pickIndex(5, [3, 0, 4, 1], () => 0.9)).toBe(2);
  });

  it('works for the first pick and a single tip', () => {
    expect(pickIndex(10, [], () => 0.55)).toBe(5);
    expect(pickIndex(1, [0], () => 0.9)).toBe(0);
  });
});

describe('the tips content', () => {
  const tips = parseTips(tipsJson);

  it('has 101 regular and 21 rare tips with the fixed ids', () => {
    expect(tips.filter((t) => !isRare(t.id)).map((t) => t.id)).toEqual(
      Array.from({ length: 101 }, (_, i) => `${i + 1}`),
    );
    expect(tips.filter((t) => isRare(t.id)).map((t) => t.id)).toEqual(
      Array.from({ length: 21 }, (_, i) => `r${i + 1}`),
    );
  });

  it('fits every text on the card', () => {
    for (const t of tips) {
      expect(t.en.length).toBeLessThanOrEqual(maxTipLength);
      expect(t.bg.length).toBeLessThanOrEqual(maxTipLength);
    }
  });

  it('writes Bulgarian tips in Cyrillic', () => {
    for (const t of tips) expect(t.bg, t.id).toMatch(/[а-яА-Я]/);
  });
});

describe('tip checks', () => {
  it('finds repeated ids and texts', () => {
    expect(checkTips([tip('1'), tip('1', 'other', 'друг')])).toEqual(['tip 1: the id is used twice']);
    expect(checkTips([tip('1', 'Same'), tip('2', 'same ', 'x')])).toEqual([
      'tip 2: the en text repeats tip 1',
    ]);
    expect(checkTips([tip('1', 'a', 'Сън'), tip('2', 'b', 'сън')])).toEqual([
      'tip 2: the bg text repeats tip 1',
    ]);
  });

  it('refuses empty, over-long and uncategorised tips with a readable message', () => {
    expect(() => parseTips([tip('1', '  ')])).toThrow(/tip 1: en is empty/);
    expect(() => parseTips([tip('1', 'x'.repeat(maxTipLength + 1))])).toThrow(
      new RegExp(`longer than ${maxTipLength}`),
    );
    expect(() => parseTips([{ ...tip('1'), category: 'gossip' }])).toThrow(/tip 1: category/);
    expect(() => parseTips([tip('en_1')])).toThrow(/tip en_1: id/);
  });

  it('accepts good tips', () => {
    expect(
      parseTips([tip('1', 'Drink water', 'Пий вода'), tip('r1', 'Call a friend', 'Обади се')]),
    ).toHaveLength(2);
  });
});

describe('near-duplicate tips', () => {
  const alarm = tip(
    '1',
    'Not everything loud is important. Your anxiety and car alarms have that in common.',
    'Не всичко шумно е важно. Тревогата ти и автомобилните аларми имат това общо.',
  );

  it('stems light enough that forms of one word meet', () => {
    expect([...contentStems('Worrying? Worries worry.', 'en')]).toEqual(['worr']);
    expect([...contentStems('Тревогата, тревоги, тревога', 'bg')]).toEqual(['тревог']);
    expect(contentStems('You are the one who is in it', 'en').size).toBe(0);
  });

  it('catches a tip reworded in English, and names both tips', () => {
    const reworded = tip(
      '2',
      "Car alarms and anxiety have one thing in common: loud doesn't mean important.",
      'Съвсем друга мисъл за сутрешното кафе.',
    );
    expect(checkTips([alarm, reworded])).toEqual([
      expect.stringMatching(/^tip 2: the en text says the same as tip 1 \(0\.\d\d of its words shared\)$/),
    ]);
    expect(() => parseTips([alarm, reworded])).toThrow(/tip 2: the en text says the same as tip 1/);
  });

  it('catches a tip reworded in Bulgarian', () => {
    const reworded = tip(
      'r1',
      'A different thought about morning coffee.',
      'Автомобилните аларми и тревогата имат нещо общо: шумното не е непременно важно.',
    );
    expect(findSimilarTips([alarm, reworded])).toEqual([
      expect.stringMatching(/^tip r1: the bg text says the same as tip 1/),
    ]);
  });

  it('lets two tips share a theme without sharing the words', () => {
    const phone = tip(
      '2',
      'Put your phone in another room while you work. The phone has a team of engineers.',
      'Остави телефона в друга стая, докато работиш. Срещу теб играе цял екип инженери.',
    );
    const bedroom = tip(
      '3',
      "Your phone doesn't need to sleep next to your face. Give it its own bedroom.",
      'Телефонът ти няма нужда да спи до лицето ти. Дай му отделна спалня.',
    );
    expect(findSimilarTips([phone, bedroom])).toEqual([]);
  });

  it('passes the real tips, whose closest pair stays well under the bar', () => {
    const tips = parseTips(tipsJson);
    expect(findSimilarTips(tips)).toEqual([]);
    for (const lang of ['en', 'bg'] as const) {
      const stems = tips.map((t) => contentStems(t[lang], lang));
      let closest = 0;
      for (let i = 0; i < stems.length; i++) {
        for (let j = 0; j < i; j++)
          closest = Math.max(closest, jaccard(stems[i] as Set<string>, stems[j] as Set<string>));
      }
      expect(closest, lang).toBeLessThan(similarityThreshold - 0.05);
    }
  });
});

describe('the rare tips a visitor can meet', () => {
  // The eleven best rare tips, chosen by an editor: only these fill the generator's rare slots.
  const chosen = {
    r1: 'A problem you can’t solve is usually three small problems wearing one trench coat.',
    r2: 'Perfectionism: forty minutes on a two-line email',
    r3: 'Arrive early at the gathering you dread.',
    r4: 'You can’t think your way out of a thought spiral',
    r5: 'Ask what you’d choose if no one would ever find out.',
    r6: 'At 3 a.m. your head is run by the night shift',
    r7: 'If someone talks over you, say it calmly',
    r8: 'Let people sleep on a big question.',
    r9: 'First day at a new job? Ask the person next to you',
    r10: 'A treat every time you feel sad is a subscription.',
    r11: 'You don’t have to become a new person. Just a slightly kinder editor',
  };

  it('are exactly the eleven chosen, in both languages', () => {
    const tips = parseTips(tipsJson);
    const byNumber = (a: TipEntry, b: TipEntry) => Number(a.id.slice(1)) - Number(b.id.slice(1));
    const list = combinedList(
      tips.filter((t) => !isRare(t.id)),
      tips.filter((t) => isRare(t.id)).sort(byNumber),
    );
    const rareInList = list.filter((t) => isRare(t.id));
    expect(rareInList.map((t) => t.id)).toEqual(Object.keys(chosen));
    for (const t of rareInList) expect(t.en).toContain(chosen[t.id as keyof typeof chosen]);
  });
});
