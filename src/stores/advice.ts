import { atom } from 'nanostores';
import type { Lang } from '../i18n/languages.ts';
import { track } from '../lib/analytics/dataLayer.ts';
import { api } from '../lib/api/client.ts';
import { ratingSessionId } from '../lib/session.ts';
import { keptOut, pickIndex } from '../lib/tips/combinedList.ts';

/** A tip as the generator shows it: the language's own id, its text and its category's display name. */
export interface ShownTip {
  id: string;
  text: string;
  category: string;
  /** A tip for someone in crisis (careTips.ts): shown with ways to get help, never rated or shared. */
  care?: true;
}

/** The button "thinks" for 500 ms so a tip feels considered; thanks stay 4 s, then fade for 300 ms. */
export const timings = { generateMs: 500, thanksMs: 4000, fadeMs: 300 } as const;

export type AdviceState =
  | { status: 'welcome' }
  | { status: 'loading'; tip: ShownTip | null }
  | { status: 'shown'; tip: ShownTip };
/** ask: like/dislike buttons; thanks: "Respec."; fading: the block fades out; gone: removed. */
export type FeedbackState = 'ask' | 'thanks' | 'fading' | 'gone';

export const $advice = atom<AdviceState>({ status: 'welcome' });
export const $feedback = atom<FeedbackState>('ask');

/** How many of this visit's tips the way back keeps (the issue asks for at least 20). */
export const historyLength = 50;
/** The tips this visit has shown, oldest first, and which of them the card shows (the way back). */
export const $history = atom<{ tips: readonly ShownTip[]; at: number }>({ tips: [], at: -1 });

let tips: Promise<readonly ShownTip[]> | null = null;
let tipsUrl = '';
let language: Lang = 'en';
// The indices of the list shown in this visit, oldest first: pickIndex keeps the last ones out.
let shownIndices: number[] = [];
let timers: ReturnType<typeof setTimeout>[] = [];

function later(ms: number, run: () => void): void {
  timers.push(setTimeout(run, ms));
}

function clearTimers(): void {
  for (const timer of timers) clearTimeout(timer);
  timers = [];
}

/** A tip of the fetched list, checked by hand: a validation library would be most of this page's script. */
function isShownTip(value: unknown): value is ShownTip {
  const tip = value as Partial<Record<keyof ShownTip, unknown>> | null;
  const texts = [tip?.id, tip?.text, tip?.category].every((field) => typeof field === 'string');
  return texts && (tip?.care === undefined || tip.care === true);
}

async function fetchTips(): Promise<readonly ShownTip[]> {
  const response = await fetch(tipsUrl, { headers: { Accept: 'application/json' } });
  const list: unknown = response.ok ? await response.json() : null;
  const tips = Array.isArray(list) ? list.filter(isShownTip) : [];
  if (tips.length === 0) throw new Error(`No tips at ${tipsUrl} (${response.status})`);
  return tips;
}

/** The list, fetched once; a failed fetch is forgotten so the next press tries again. */
function loadTips(): Promise<readonly ShownTip[]> {
  tips ??= fetchTips().catch((error: unknown) => {
    tips = null;
    throw error;
  });
  return tips;
}

/** Points the generator at its language's combined list (a static JSON file, so the page stays small). */
export function chooseTipList(url: string, lang: Lang): void {
  if (url !== tipsUrl) shownIndices = [];
  tipsUrl = url;
  language = lang;
}

/**
 * Starts fetching the list when the visitor reaches for the button (pointer, touch, focus): the 500 ms
 * of "thinking" after the press leave it time to arrive, and a visit that never presses fetches nothing.
 */
export function prepareTips(): void {
  loadTips().catch(() => {
    // Reported when the visitor presses the button.
  });
}

/**
 * "GET WISDOM": 500 ms of loading, then a random tip, none of the last 20 or more shown (pickIndex). If
 * the list cannot be had, the card goes back to what it showed and `onUnavailable` tells the visitor.
 */
export function requestTip(onUnavailable: () => void = () => {}): void {
  const current = $advice.get();
  if (current.status === 'loading') return;
  clearTimers();
  $advice.set({ status: 'loading', tip: current.status === 'shown' ? current.tip : null });
  track('button_click', { button: 'get_wisdom' });
  track('feature_usage', { feature: 'advice_generator' });
  track('advice_generated', { language });
  const delay = new Promise((resolve) => later(timings.generateMs, () => resolve(undefined)));
  Promise.all([loadTips(), delay]).then(
    ([list]) => show(list),
    (error: unknown) => {
      console.warn('Tips could not be loaded:', error);
      $advice.set(current);
      onUnavailable();
    },
  );
}

function show(list: readonly ShownTip[]): void {
  const index = pickIndex(list.length, shownIndices);
  const tip = list[index];
  if (!tip) return;
  shownIndices = [...shownIndices.slice(-keptOut(list.length)), index];
  const tips = [...$history.get().tips, tip].slice(-historyLength);
  $history.set({ tips, at: tips.length - 1 });
  $advice.set({ status: 'shown', tip });
  $feedback.set('ask');
  track('advice_displayed', { tipId: tip.id, category: tip.category, language });
  track('advice_interaction', { action: 'displayed', tipId: tip.id, text: tip.text.slice(0, 100) });
}

/**
 * Steps the card `by` tips back (-1) or forward (+1) through this visit's tips. A tip seen again is not a
 * new one: no analytics event, and the no-repeat rule (shownIndices) does not hear of it.
 */
export function stepHistory(by: -1 | 1): void {
  const { tips, at } = $history.get();
  const tip = tips[at + by];
  if (!tip || $advice.get().status === 'loading') return;
  clearTimers();
  $history.set({ tips, at: at + by });
  $advice.set({ status: 'shown', tip });
  $feedback.set('ask');
}

/** Like (1) or dislike (0) the shown tip: thanks at once, the server hears about it in the background. */
export function rateTip(rating: 0 | 1): void {
  const current = $advice.get();
  if (current.status !== 'shown' || $feedback.get() !== 'ask' || current.tip.care) return;
  $feedback.set('thanks');
  later(timings.thanksMs, () => $feedback.set('fading'));
  later(timings.thanksMs + timings.fadeMs, () => $feedback.set('gone'));
  sendTipRating(current.tip, language, rating);
}

/** Tells analytics and the server of a like (1) or dislike (0); a failure only reaches the console. */
export function sendTipRating(tip: Pick<ShownTip, 'id' | 'text'>, lang: Lang, rating: 0 | 1): void {
  track('advice_rated', { tipId: tip.id, rating });
  track('advice_interaction', {
    action: rating === 1 ? 'liked' : 'disliked',
    tipId: tip.id,
    text: tip.text.slice(0, 100),
  });
  api['tip-ratings']
    .$post({ json: { tipId: tip.id, language: lang, rating, sessionId: ratingSessionId() } })
    .then(async (answer) => {
      if (!answer.ok) console.warn('Tip rating was not saved:', answer.status, await answer.text());
    })
    .catch((error: unknown) => console.warn('Tip rating was not saved:', error));
}
