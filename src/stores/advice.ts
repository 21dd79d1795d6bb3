import { atom } from 'nanostores';
import type { Lang } from '../i18n/languages.ts';
import { track } from '../lib/analytics/dataLayer.ts';
import { callApi } from '../lib/api/client.ts';
import { sessionId } from '../lib/session.ts';
import { pickIndex } from '../lib/tips/combinedList.ts';

/** A tip as the generator shows it: the language's own id, its text and its category's display name. */
export interface ShownTip {
  id: string;
  text: string;
  category: string;
}

/** Spec section 9: the button "thinks" for 500 ms; thanks stay 4 s, then fade for 300 ms. */
export const timings = { generateMs: 500, thanksMs: 4000, fadeMs: 300 } as const;

export type AdviceState =
  | { status: 'welcome' }
  | { status: 'loading'; tip: ShownTip | null }
  | { status: 'shown'; tip: ShownTip };
/** ask: like/dislike buttons; thanks: "Respec."; fading: the block fades out; gone: removed. */
export type FeedbackState = 'ask' | 'thanks' | 'fading' | 'gone';

export const $advice = atom<AdviceState>({ status: 'welcome' });
export const $feedback = atom<FeedbackState>('ask');

let tips: readonly ShownTip[] = [];
let language: Lang = 'en';
let lastIndex: number | null = null;
let timers: ReturnType<typeof setTimeout>[] = [];

function later(ms: number, run: () => void): void {
  timers.push(setTimeout(run, ms));
}

function clearTimers(): void {
  for (const timer of timers) clearTimeout(timer);
  timers = [];
}

/** Gives the generator its language's combined list; called once by the island. */
export function setTips(list: readonly ShownTip[], lang: Lang): void {
  tips = list;
  language = lang;
}

/** "GET WISDOM": 500 ms of loading, then a random tip (never the same one twice in a row). */
export function requestTip(): void {
  const current = $advice.get();
  if (current.status === 'loading' || tips.length === 0) return;
  clearTimers();
  $advice.set({ status: 'loading', tip: current.status === 'shown' ? current.tip : null });
  track('button_click', { button: 'get_wisdom' });
  track('feature_usage', { feature: 'advice_generator' });
  track('advice_generated', { language });
  later(timings.generateMs, () => {
    lastIndex = pickIndex(tips.length, lastIndex);
    const tip = tips[lastIndex] as ShownTip;
    $advice.set({ status: 'shown', tip });
    $feedback.set('ask');
    track('advice_displayed', { tipId: tip.id, category: tip.category, language });
    track('advice_interaction', { action: 'displayed', tipId: tip.id, text: tip.text.slice(0, 100) });
  });
}

/** Like (1) or dislike (0) the shown tip: thanks at once, the server hears about it in the background. */
export function rateTip(rating: 0 | 1): void {
  const current = $advice.get();
  if (current.status !== 'shown' || $feedback.get() !== 'ask') return;
  const { tip } = current;
  $feedback.set('thanks');
  track('advice_rated', { tipId: tip.id, rating });
  track('advice_interaction', {
    action: rating === 1 ? 'liked' : 'disliked',
    tipId: tip.id,
    text: tip.text.slice(0, 100),
  });
  later(timings.thanksMs, () => $feedback.set('fading'));
  later(timings.thanksMs + timings.fadeMs, () => $feedback.set('gone'));
  callApi('/api/tip-ratings', {
    method: 'POST',
    body: { tipId: tip.id, language, rating, sessionId: sessionId() },
  })
    .then((answer) => {
      if (!answer.ok) console.warn('Tip rating was not saved:', answer.status, answer.body);
    })
    .catch((error: unknown) => console.warn('Tip rating was not saved:', error));
}
