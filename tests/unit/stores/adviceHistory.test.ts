// @vitest-environment happy-dom
// The way back (issue #39): stepping back through this visit's tips and forward again to the newest shows
// them as they were, sends no analytics event, and leaves the no-repeat rule to the presses alone.
import { afterEach, expect, it, vi } from 'vitest';
import {
  $advice,
  $history,
  chooseTipList,
  historyLength,
  requestTip,
  stepHistory,
  timings,
} from '../../../src/stores/advice.ts';
import { fakeApi } from '../fakeApi.ts';
import { recordDataLayer } from './dataLayer.ts';

const list = Array.from({ length: 80 }, (_, i) => ({
  id: `en_${i + 1}`,
  text: `Tip ${i + 1}.`,
  category: 'Life',
}));
const pushed = recordDataLayer();

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

const shownId = () => {
  const state = $advice.get();
  return state.status === 'shown' ? state.tip.id : state.status;
};

it('steps back through every tip of the visit and forward to the newest, silently', async () => {
  vi.useFakeTimers();
  chooseTipList('/tips.json', 'en');
  fakeApi([200, list]);
  const seen: string[] = [];
  for (let i = 0; i < historyLength + 5; i++) seen.push(await press());
  const kept = seen.slice(-historyLength);
  expect($history.get().tips.map((tip) => tip.id)).toEqual(kept);

  const events = pushed.length;
  const back: string[] = [];
  for (let i = 1; i < historyLength; i++) {
    stepHistory(-1);
    back.push(shownId());
  }
  expect(back).toEqual(kept.slice(0, -1).reverse());
  // At the oldest, back stays put.
  stepHistory(-1);
  expect(shownId()).toBe(kept[0]);
  for (let i = 1; i < historyLength; i++) stepHistory(1);
  expect(shownId()).toBe(kept.at(-1));
  stepHistory(1);
  expect(shownId()).toBe(kept.at(-1));
  expect(pushed.length).toBe(events);

  // A press while looking back adds a new tip at the end, still none of the recent ones.
  stepHistory(-1);
  const next = await press();
  expect(seen.slice(-20)).not.toContain(next);
  expect($history.get().at).toBe($history.get().tips.length - 1);
  expect(
    pushed.slice(events).some((event) => (event as { event?: string }).event === 'advice_generated'),
  ).toBe(true);
});
