import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { combinedList, listSlots, pickIndex } from '../../src/lib/tips/combinedList.ts';
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
      for (const r of [0, 0.2, 0.5, 0.79, 0.999]) expect(pickIndex(5, previous, () => r)).not.toBe(previous);
    }
  });

  it('reaches every other tip', () => {
    const seen = new Set([0, 0.25, 0.5, 0.75].map((r) => pickIndex(5, 2, () => r)));
    expect([...seen].sort()).toEqual([0, 1, 3, 4]);
  });

  it('works for the first pick and a single tip', () => {
    expect(pickIndex(10, null, () => 0.55)).toBe(5);
    expect(pickIndex(1, 0, () => 0.9)).toBe(0);
  });
});

describe('the tips content', () => {
  const tips = parseTips(tipsJson);

  it('has 101 regular and 21 rare tips with the spec ids', () => {
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
    expect(() => parseTips([tip('1', 'x'.repeat(maxTipLength + 1))])).toThrow(/longer than 180/);
    expect(() => parseTips([{ ...tip('1'), category: 'gossip' }])).toThrow(/tip 1: category/);
    expect(() => parseTips([tip('en_1')])).toThrow(/tip en_1: id/);
  });

  it('accepts good tips', () => {
    expect(parseTips([tip('1'), tip('r1')])).toHaveLength(2);
  });
});
