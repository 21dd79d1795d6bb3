/**
 * Language choice on arrival at an unprefixed (English) page: a stored choice, else the country, else
 * the browser's language, so Bulgarian visitors land on Bulgarian pages without asking. This is the whole
 * policy as a pure function, shared by the page (`src/i18n/arrival.inline.ts` runs it in <head>, before
 * the page paints) and the Node server (`functions/server/arrival.ts`, before any HTML is sent); the
 * build writes it as Netlify rules (`src/lib/builtPages/languageRules.ts`).
 */

export interface ArrivalInput {
  /** The visitor's own choice: `localStorage.language` in the page, the choice cookie at the host. */
  stored: string | null;
  userAgent: string;
  /** Country code from the geolocation endpoint: undefined = not asked yet, null = lookup failed. */
  country?: string | null;
  /** `navigator.language` (the first of Accept-Language at the host), used when the country is unknown. */
  browserLanguage?: string;
}

export type ArrivalDecision = 'stay' | 'bulgarian' | 'ask-geo';

/** The countries whose visitors arrive in Bulgarian. */
export const bulgarianCountries = ['BG', 'MD'];

/**
 * The cookies the language toggle sets beside `localStorage.language`, one name per choice: a host's
 * rules see whether a cookie of a name is there (Netlify's `Cookie=` condition), not its value.
 */
export const choiceCookies = { bg: 'language_bg', en: 'language_en' } as const;

/** Search engines, link previews and audits: never moved, so each address is indexed as it is. */
export const isBot = (userAgent: string) =>
  /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|embedly|preview|bingpreview/i.test(userAgent);

/**
 * What to do with a visitor on an English page. A stored choice always wins; bots are never moved;
 * with nothing stored the country decides (BG and MD mean Bulgarian), and when the country cannot be
 * known, the browser language does. Only called on unprefixed pages: `/bg/` URLs are never redirected.
 */
export function decideArrival(input: ArrivalInput): ArrivalDecision {
  if (isBot(input.userAgent)) return 'stay';
  if (input.stored === 'bg') return 'bulgarian';
  if (input.stored === 'en') return 'stay';
  if (input.country === undefined) return 'ask-geo';
  const country = (input.country ?? '').toUpperCase();
  if (bulgarianCountries.includes(country)) return 'bulgarian';
  if (/^[A-Z]{2}$/.test(country)) return 'stay';
  return /^bg\b/i.test(input.browserLanguage ?? '') ? 'bulgarian' : 'stay';
}
