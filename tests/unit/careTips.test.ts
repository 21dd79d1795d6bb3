import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tipIdFor } from '../../functions/contract.ts';
import { translator } from '../../src/i18n/translate.ts';
import { careTipIds, helpLinks } from '../../src/lib/tips/careTips.ts';
import { combinedList } from '../../src/lib/tips/combinedList.ts';
import { freeTip } from '../../src/lib/tips/freeTip.ts';
import { isRare, parseTips } from '../../src/lib/tips/tipRules.ts';

const tips = parseTips(JSON.parse(readFileSync(new URL('../../content/tips.json', import.meta.url), 'utf8')));
const day = 86_400_000;

describe('tips for someone in crisis', () => {
  it('name real tips that point to 112', () => {
    expect(careTipIds.size).toBeGreaterThan(0);
    for (const id of careTipIds) {
      const tip = tips.find((t) => t.id === id);
      expect(tip?.en, id).toContain('112');
      expect(tip?.bg, id).toContain('112');
    }
  });

  it('are never the free tip for readers without JavaScript, whatever the day', () => {
    const list = combinedList(
      tips.filter((t) => !isRare(t.id)),
      tips.filter((t) => isRare(t.id)),
    ).map((t) => ({
      id: tipIdFor(t.id, 'en'),
      text: t.en,
      category: t.category,
      ...(careTipIds.has(t.id) ? { care: true as const } : {}),
    }));
    const offered = new Set<string>();
    for (let d = 0; d < 2 * list.length; d++) offered.add(freeTip(list, d * day + 1)?.id ?? '');
    // Every other tip has its day, so the loop would have met a crisis tip had it been allowed.
    expect(offered.size).toBe(list.length - careTipIds.size);
    for (const id of careTipIds) expect(offered.has(tipIdFor(id, 'en'))).toBe(false);
  });

  it('come with tappable numbers and a helpline finder in both languages', () => {
    for (const lang of ['en', 'bg'] as const) {
      const links = helpLinks(translator(lang));
      expect(links.map((link) => link.href)).toEqual(['tel:112', 'tel:116111', 'https://findahelpline.com']);
      for (const link of links) expect(link.label.trim(), lang).not.toBe('');
    }
  });
});
