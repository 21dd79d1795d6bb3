// The language rule on arrival at the Node server: the page's own rule (functions/arrivalDecision.ts)
// applied before any HTML is sent, so a visitor it sends to Bulgarian never sees an English page first.
// It reads what a host can see: the toggle's cookie, the country a trusted proxy told, the browser's
// language (Accept-Language); the page's own check stays for what only the page sees (localStorage).
import type { IncomingMessage } from 'node:http';
import { choiceCookies, decideArrival } from '../arrivalDecision.ts';

/** What the server knows of the visitor's place. */
export interface Place {
  /** The visitor's country, when a trusted proxy told it (functions/routes/geo.ts). */
  country(): string | undefined;
  /** The request headers a proxy tells the country in: the answer varies by them. */
  headers: string[];
}

export const unknownPlace: Place = { country: () => undefined, headers: [] };

/** The cookies' names with a value, as a host's `Cookie=` condition sees them. */
function cookieNames(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const pair of (header ?? '').split(';')) {
    const [name = '', value = ''] = pair.split('=', 2).map((part) => part.trim());
    if (name && value) names.add(name);
  }
  return names;
}

/** The choice the toggle's cookie holds; Bulgarian first, as the host's rules read them. */
function cookieChoice(header: string | undefined): 'bg' | 'en' | null {
  const names = cookieNames(header);
  if (names.has(choiceCookies.bg)) return 'bg';
  return names.has(choiceCookies.en) ? 'en' : null;
}

/** Whether the visitor who asked for an English page goes to its Bulgarian twin instead. */
export function arrivesInBulgarian(request: IncomingMessage, place: Place): boolean {
  const { cookie, 'user-agent': userAgent = '', 'accept-language': languages = '' } = request.headers;
  return (
    decideArrival({
      stored: cookieChoice(cookie),
      userAgent,
      // Unknown: the browser's language decides, as in the page when its lookup fails.
      country: place.country() ?? null,
      // The browser's first language, which the page reads as navigator.language.
      browserLanguage: languages.split(',')[0]?.split(';')[0]?.trim(),
    }) === 'bulgarian'
  );
}

/** What an English page's answer (the page or its redirect) depends on, so no shared cache mixes them. */
export const arrivalVary = (place: Place) => ['Cookie', 'Accept-Language', 'User-Agent', ...place.headers];
