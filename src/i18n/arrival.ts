/**
 * Language choice on arrival at an unprefixed (English) page: a stored choice, else the country, else
 * the browser's language, so Bulgarian visitors land on Bulgarian pages without asking.
 * `decideArrival` is the whole policy as a pure function; `arrivalScript` wraps it in the tiny inline
 * script that runs in <head>, before the page paints.
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

/* Runs in the browser as an inline script: self-contained, no imports, no closures over module scope. */
function runArrival(decide: typeof decideArrival, config: ArrivalConfig): void {
  const root = document.documentElement;
  // The Bulgarian page comes from the hreflang link above this script, so the script is the same on
  // every page and one hash in the Content-Security-Policy covers them all.
  const alternate = document.querySelector<HTMLLinkElement>('link[rel="alternate"][hreflang="bg"]');
  if (!alternate) return;
  const bgPath = new URL(alternate.href).pathname;
  const go = () => {
    root.style.visibility = 'hidden';
    location.replace(bgPath + location.search + location.hash);
  };
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('language');
  } catch {
    // Storage can be blocked (privacy modes); then nothing is stored.
  }
  const base = { stored, userAgent: navigator.userAgent, browserLanguage: navigator.language };
  const first = decide(base);
  if (first === 'bulgarian') {
    go();
    return;
  }
  if (first !== 'ask-geo') return;
  const settle = (country: string | null) => {
    if (decide({ ...base, country }) === 'bulgarian') go();
  };
  let cached: string | null = null;
  try {
    cached = sessionStorage.getItem('geo');
  } catch {
    // As above.
  }
  if (cached) {
    settle(JSON.parse(cached).country_code ?? null);
    return;
  }
  const ask = () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.timeoutMs);
    fetch(config.geoEndpoint, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((geo) => {
        if (geo) {
          try {
            sessionStorage.setItem('geo', JSON.stringify(geo));
          } catch {
            // As above.
          }
        }
        settle(geo ? (geo.country_code ?? null) : null);
      })
      .catch(() => settle(null))
      .finally(() => clearTimeout(timer));
  };
  // The page is painted in English while the country is asked anyway, so the question waits for the
  // load event and the first paint instead of competing with the page's text and fonts: the load event
  // can come first while the paint waits for a preloaded font.
  const afterPaint = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return ask();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      ask();
    });
    observer.observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}

/** The inline script's source for one page. */
export function arrivalScript(config: ArrivalConfig): string {
  return `(${runArrival.toString()})(${decideArrival.toString()},${JSON.stringify(config)});`;
}
