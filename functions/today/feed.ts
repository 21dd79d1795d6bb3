// The tip of the day as RSS 2.0 per language: the last 30 days, one item a day, a guid per day and language.
import { type Lang, pathPrefix } from '../contract.ts';
import { addDays, sofiaDate } from '../tipOfTheDay.ts';
import type { DayTip } from './dayTip.ts';
import { dayTexts } from './texts.ts';

export const feedDays = 30;

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text made safe for XML content and attribute values. */
export const xml = (text: string): string => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** The instant a date begins in Sofia (21:00 or 22:00 UTC the day before). */
function sofiaMidnight(date: string): Date {
  const utc = Date.parse(`${date}T00:00:00Z`);
  const starts = [2, 3].map((hours) => new Date(utc - hours * 3_600_000));
  return (
    starts.find((t) => sofiaDate(t) === date && sofiaDate(new Date(t.getTime() - 1)) !== date) ??
    new Date(utc)
  );
}

/** The dates of a feed ending on `today`, newest first. */
export const feedDates = (today: string): string[] =>
  Array.from({ length: feedDays }, (_, days) => addDays(today, -days));

/** The RSS document of `days` (newest first) in `lang`, at `origin`. */
export function dayFeed(lang: Lang, days: readonly DayTip[], origin: string): string {
  const text = dayTexts[lang];
  const self = `${origin}${pathPrefix[lang]}/today.xml`;
  const items = days.map((day) => {
    const tip = day.tips[lang];
    return [
      '<item>',
      `<title>${xml(tip.text)}</title>`,
      `<link>${xml(tip.url)}</link>`,
      `<guid isPermaLink="false">${xml(`${origin}${pathPrefix[lang]}/today#${day.date}`)}</guid>`,
      `<pubDate>${sofiaMidnight(day.date).toUTCString()}</pubDate>`,
      `<description>${xml(tip.text)}</description>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${xml(text.feedTitle)}</title>`,
    `<link>${xml(`${origin}${pathPrefix[lang]}/`)}</link>`,
    `<description>${xml(text.feedDescription)}</description>`,
    `<language>${lang}</language>`,
    `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel></rss>',
    '',
  ].join('\n');
}
