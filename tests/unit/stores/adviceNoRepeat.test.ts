// A visit sees no tip twice before it has seen 20 others (DECISIONS.md, 2026-11-26), here through the
// store itself: on a list of 50, 25 presses show 25 different tips, and the last 25 of them stay out.
import { afterEach, expect, it, vi } from 'vitest';
import { freshFor } from '../../../src/lib/tips/combinedList.ts';
import { $advice, chooseTipList, requestTip, timings } from '../../../src/stores/advice.ts';
import { fakeApi } from '../fakeApi.ts';

const list = Array.from({ length: 50 }, (_, i) => ({
  id: `en_${i + 1}`,
  text: `Tip ${i + 1}.`,
  category: 'Life',
}));

afterEach(() => {
  vi.useRealTimers();
});

async function press(): Promise<string> {
  requestTip();
  await vi.advanceTimersByTimeAsync(timings.generateMs);
  const state = $advice.get();
  if (state.status !== 'shown') throw new Error(`no tip shown: ${state.status}`);
  return state.tip.id;
}

it(`shows no tip again until ${freshFor} others have been seen`, async () => {
  vi.useFakeTimers();
  chooseTipList('/tips.json', 'en');
  fakeApi([200, list]);
  const seen: string[] = [];
  for (let i = 0; i < 25; i++) seen.push(await press());
  expect(new Set(seen).size).toBe(25);
  // The next ten still bring none of those back: half the list (25) stays out.
  for (let i = 0; i < 10; i++) seen.push(await press());
  expect(new Set(seen.slice(-25)).size).toBe(25);
});
