declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes an analytics event to `window.dataLayer`, only where a page or tag manager created one
 * (after consent): with no data layer, nothing is collected.
 * @example track('advice_rated', { rating: 1 })
 */
export function track(event: string, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || !Array.isArray(window.dataLayer)) return;
  window.dataLayer.push({ event, ...params });
}
