// The tip of the day (DECISIONS.md, 2026-11-27): one regular tip for everyone on a date in Sofia, the
// same id in both languages, never a crisis tip, and no tip twice within as many days as there are
// regular tips. Pure, so the pages, the API, the feeds and the tests all pick the same one.
import { careTipIds, isRare } from './tipSchema.ts';

/** The site's own day: Bulgaria's calendar, for readers everywhere. */
export const dayZone = 'Europe/Sofia';

const dayMs = 86_400_000;
const sofiaParts = new Intl.DateTimeFormat('en', {
  timeZone: dayZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date in Sofia at `now`, as YYYY-MM-DD. */
export function sofiaDate(now: Date): string {
  const part = (type: string) => sofiaParts.formatToParts(now).find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Days from 1970-01-01 to a YYYY-MM-DD date. */
const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / dayMs);

/** The YYYY-MM-DD date `days` days after `date` (before, when negative). */
export const addDays = (date: string, days: number): string =>
  new Date((dayNumber(date) + days) * dayMs).toISOString().slice(0, 10);

/** The tips that may be the tip of the day, by base id (`5`), in number order. */
export function dayTipIds(baseIds: Iterable<string>): string[] {
  return [...baseIds]
    .filter((id) => !isRare(id) && !careTipIds.has(id))
    .sort((a, b) => Number(a) - Number(b));
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The base id of the tip of `date` among `ids` (dayTipIds). Day d takes the tip at (d × step) mod n, a
 * step prime to n: any n days in a row show all n tips once, while neighbouring days are far apart in
 * the list (not tip 5 after tip 4). Adding a tip starts a new cycle.
 * @example tipOfTheDay('2026-11-27', ['1', '2', '3']) // one of them, the same all day
 */
export function tipOfTheDay(date: string, ids: readonly string[]): string {
  const n = ids.length;
  if (n === 0) throw new Error('No regular tip can be the tip of the day');
  let step = 37;
  while (gcd(step, n) !== 1) step++;
  const index = (((dayNumber(date) * step) % n) + n) % n;
  return ids[index] as string;
}
