// @vitest-environment happy-dom
// Kept tips live in localStorage by language-neutral id, newest first; a sent list's fragment carries
// only well-formed ids, once each; a store that refuses or holds junk never breaks the page.
import { beforeEach, expect, it, vi } from 'vitest';
import {
  idsFromFragment,
  isKept,
  keepTips,
  keptTips,
  listFragment,
  unkeepTip,
} from '../../src/lib/keep/keptTips.ts';

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

it('keeps tips newest first, once each, and lets one go', () => {
  expect(keepTips(['5'], 1000)).toBe(true);
  expect(keepTips(['r3', '12', '5'], 2000)).toBe(true);
  expect(keptTips().map((tip) => tip.id)).toEqual(['r3', '12', '5']);
  expect(isKept('12')).toBe(true);
  expect(unkeepTip('12')).toBe(true);
  expect(keptTips().map((tip) => tip.id)).toEqual(['r3', '5']);
  expect(isKept('12')).toBe(false);
});

it('refuses ids that are not tips, and reads junk in storage as nothing kept', () => {
  keepTips(['en_5', '<b>', '0', '12345', '7']);
  expect(keptTips().map((tip) => tip.id)).toEqual(['7']);
  localStorage.setItem('keptTips', '{not json');
  expect(keptTips()).toEqual([]);
  localStorage.setItem('keptTips', JSON.stringify([{ id: '3', at: 1 }, { id: 3, at: 2 }, 'x', null]));
  expect(keptTips()).toEqual([{ id: '3', at: 1 }]);
});

it('says so when the browser refuses to store', () => {
  vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
    throw new Error('QuotaExceededError');
  });
  expect(keepTips(['5'])).toBe(false);
  expect(keptTips()).toEqual([]);
});

it('carries a list in the fragment and reads back only well-formed ids, once each', () => {
  expect(listFragment(['5', 'r3'])).toBe('#keep=5,r3');
  expect(idsFromFragment('#keep=5,r3,5,en_7,,<x>')).toEqual(['5', 'r3']);
  expect(idsFromFragment('#other=1')).toEqual([]);
  expect(idsFromFragment('')).toEqual([]);
});
