/**
 * Runs `then` once the page has painted its first content, or at once where the browser does not
 * report paints. On a fast connection the load event can come before the first paint, and a script
 * asked for then is fetched while the first screen waits (Lighthouse counts it as render-blocking).
 * The one wait of `client:press`, the island scripts' loader and the language check on arrival.
 */
export function afterFirstPaint(then: () => void): void {
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    then();
    return;
  }
  // `buffered` hands over a paint that came before this script; the entries come from the observer,
  // not from `performance`, which test clocks replace.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** `afterFirstPaint`, counted from the load event (the page's own files come first). */
export function afterLoadAndFirstPaint(then: () => void): void {
  if (document.readyState === 'complete') afterFirstPaint(then);
  else addEventListener('load', () => afterFirstPaint(then), { once: true });
}
