// The tip of a day as every reader of it needs it: the pages' redirect, the API, the feeds, the embed.
import type { Content } from '../content.ts';
import { type Lang, pathPrefix } from '../contract.ts';
import { sofiaDate } from '../tipOfTheDay.ts';

/** The tip of `date`: its base id, and per language its id, text and page's address. */
export interface DayTip {
  date: string;
  id: string;
  tips: Record<Lang, { id: string; text: string; url: string }>;
}

/** The day the site takes as today: `override` (TODAY, for tests) or the date in Sofia now. */
export const todayOf = (override: string | undefined): string => override ?? sofiaDate(new Date());

/** The tip of `date` with its pages at `origin` (https://example.com), or undefined when no tip is known. */
export async function dayTip(content: Content, date: string, origin: string): Promise<DayTip | undefined> {
  const tip = await content.tipOfTheDay(date);
  if (!tip) return undefined;
  const inLang = (lang: Lang) => ({
    ...tip[lang],
    url: `${origin}${pathPrefix[lang]}/tips/${tip[lang].id}`,
  });
  return { date, id: tip.id, tips: { en: inLang('en'), bg: inLang('bg') } };
}

/**
 * How long a shared cache may keep a day's answer: five minutes, so a new day reaches everyone within
 * five minutes of midnight in Sofia.
 */
export const dayCacheControl = 'public, max-age=300';
