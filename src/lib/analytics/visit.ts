import { sessionId } from '../session.ts';
import { track } from './dataLayer.ts';

/** The geolocation answer, as `/api/geo` gives it. */
interface Geo {
  country_code?: string;
  country_name?: string;
  city?: string;
  region?: string;
}

const unknown = 'Unknown';

/**
 * The visitor's country, city and region for the visit event: from this session's earlier lookup, or
 * asked once (3 s at most, so a slow lookup never holds the event back). Any failure, 429 included,
 * gives "Unknown".
 */
export async function visitorPlace(
  geoEndpoint: string,
): Promise<{ country: string; city: string; region: string }> {
  let geo: Geo | null = null;
  try {
    const cached = sessionStorage.getItem('geo');
    if (cached) geo = JSON.parse(cached);
  } catch {
    // Storage blocked or garbage in it: ask again.
  }
  if (!geo) {
    try {
      const response = await fetch(geoEndpoint, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(3000),
      });
      if (response.ok) {
        geo = await response.json();
        sessionStorage.setItem('geo', JSON.stringify(geo));
      }
    } catch {
      // Timeout, network failure or storage blocked: unknown place.
    }
  }
  return {
    country: geo?.country_name || unknown,
    city: geo?.city || unknown,
    region: geo?.region || unknown,
  };
}

/**
 * page_view on every page, site_visit once per browser session (100 ms after load), page_time_spent
 * when the page is left. Does nothing at all where no data layer exists.
 */
export function startPageAnalytics(geoEndpoint: string): void {
  if (!Array.isArray(window.dataLayer)) return;
  const loadedAt = performance.now();
  track('page_view', { path: location.pathname, title: document.title });
  addEventListener('pagehide', () => {
    track('page_time_spent', {
      path: location.pathname,
      seconds: Math.round((performance.now() - loadedAt) / 1000),
    });
  });
  let visited = false;
  try {
    visited = sessionStorage.getItem('visitTracked') === '1';
    sessionStorage.setItem('visitTracked', '1');
  } catch {
    // Without storage every page counts as a visit; better than none.
  }
  if (visited) return;
  setTimeout(async () => {
    const place = await visitorPlace(geoEndpoint);
    track('site_visit', {
      sessionId: sessionId(),
      timestamp: new Date().toISOString(),
      referrer: document.referrer || 'direct',
      userAgent: navigator.userAgent,
      screen: `${screen.width}x${screen.height}`,
      viewport: `${innerWidth}x${innerHeight}`,
      pixelRatio: devicePixelRatio,
      ...place,
    });
  }, 100);
}

/** language_switch when the visitor takes the language toggle (where a data layer exists). */
export function trackLanguageSwitches(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-language-switch]')) {
    link.addEventListener('click', () => {
      track('language_switch', {
        language: link.dataset.languageSwitch ?? 'en',
        from: document.documentElement.lang,
      });
    });
  }
}
