/**
 * Language choice on arrival at an unprefixed (English) page: a stored choice, else the country, else
 * the browser's language, so Bulgarian visitors land on Bulgarian pages without asking. This is the whole
 * policy as a pure function; `arrival.inline.ts` runs it in <head>, before the page paints.
 */

export interface ArrivalInput {
  /** `localStorage.language`, if any. */
  stored: string | null;
  userAgent: string;
  /** Country code from the geolocation endpoint: undefined = not asked yet, null = lookup failed. */
  country?: string | null;
  /** `navigator.language`, used when the lookup fails. */
  browserLanguage?: string;
}

export type ArrivalDecision = 'stay' | 'bulgarian' | 'ask-geo';

/**
 * What to do with a visitor on an English page. A stored choice always wins; bots are never moved;
 * with nothing stored the country decides (BG and MD mean Bulgarian), and when the country cannot be
 * known, the browser language does. Only called on unprefixed pages: `/bg/` URLs are never redirected.
 */
export function decideArrival(input: ArrivalInput): ArrivalDecision {
  if (
    /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|embedly|preview|bingpreview/i.test(input.userAgent)
  ) {
    return 'stay';
  }
  if (input.stored === 'bg') return 'bulgarian';
  if (input.stored === 'en') return 'stay';
  if (input.country === undefined) return 'ask-geo';
  const country = (input.country ?? '').toUpperCase();
  if (country === 'BG' || country === 'MD') return 'bulgarian';
  if (/^[A-Z]{2}$/.test(country)) return 'stay';
  return /^bg\b/i.test(input.browserLanguage ?? '') ? 'bulgarian' : 'stay';
}

export interface ArrivalConfig {
  /** Where to ask for the visitor's country (JSON with `country_code`). */
  geoEndpoint: string;
  timeoutMs: number;
}
