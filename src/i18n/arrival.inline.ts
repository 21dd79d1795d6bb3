// The language check on arrival, run as an inline script in <head> (bundled by src/lib/inlineScript.ts).

import { decideArrival } from '../../functions/arrivalDecision.ts';
import { afterLoadAndFirstPaint } from '../lib/hydration/afterFirstPaint.ts';

export interface ArrivalConfig {
  /** Where to ask for the visitor's country (JSON with `country_code`). */
  geoEndpoint: string;
  timeoutMs: number;
}

declare const arrivalConfig: ArrivalConfig;

/** Storage can be blocked (privacy modes); then nothing is stored. */
function tryStorage<T>(use: () => T): T | null {
  try {
    return use();
  } catch {
    return null;
  }
}

/** Moves the visitor to `bgPath` when the policy says so, asking for their country if it must. */
function arrive(bgPath: string): void {
  const go = () => {
    document.documentElement.style.visibility = 'hidden';
    location.replace(bgPath + location.search + location.hash);
  };
  const stored = tryStorage(() => localStorage.getItem('language'));
  const base = { stored, userAgent: navigator.userAgent, browserLanguage: navigator.language };
  const first = decideArrival(base);
  if (first === 'bulgarian') go();
  if (first !== 'ask-geo') return;
  const settle = (country: string | null) => {
    if (decideArrival({ ...base, country }) === 'bulgarian') go();
  };
  const cached = tryStorage(() => sessionStorage.getItem('geo'));
  if (cached) settle(JSON.parse(cached).country_code ?? null);
  // The page is painted in English while the country is asked anyway, so the question waits for the
  // load event and the first paint instead of competing with the page's text and fonts: the load event
  // can come first while the paint waits for a preloaded font.
  else afterLoadAndFirstPaint(() => askCountry(settle));
}

/** Asks for the visitor's country, then settles; a failed or slow answer settles without one. */
function askCountry(settle: (country: string | null) => void): void {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), arrivalConfig.timeoutMs);
  fetch(arrivalConfig.geoEndpoint, { headers: { Accept: 'application/json' }, signal: controller.signal })
    .then((response) => (response.ok ? response.json() : null))
    .then((geo) => {
      if (geo) tryStorage(() => sessionStorage.setItem('geo', JSON.stringify(geo)));
      settle(geo ? (geo.country_code ?? null) : null);
    })
    .catch(() => settle(null))
    .finally(() => clearTimeout(timer));
}

// The Bulgarian page comes from the hreflang link above this script, so the script is the same on
// every page and one hash in the Content-Security-Policy covers them all.
const alternate = document.querySelector<HTMLLinkElement>('link[rel="alternate"][hreflang="bg"]');
if (alternate) arrive(new URL(alternate.href).pathname);
