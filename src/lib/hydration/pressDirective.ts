import type { ClientDirective } from 'astro';
import { holdPresses } from './heldPresses.ts';

/**
 * Runs `then` once the page has painted its first content, or at once where the browser does not
 * report paints. On a fast connection the load event can come before the first paint, and a script
 * asked for then is fetched while the first screen waits (Lighthouse counts it as render-blocking).
 */
function afterFirstPaint(then: () => void) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return then();
  // `buffered` hands over a paint that came before this script; the entries come from the observer,
  // not from `performance`, which test clocks replace.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** How long a page is left alone after its first paint before its widgets hydrate anyway. */
const leftAloneMs = 5000;

/**
 * `client:press`: hydrates when the visitor first acts on the page (a pointer pressing, a
 * touch, a key, the wheel), at once when they reach for the widget itself, or once the page has been
 * left alone for a few seconds after its first paint. A press that comes before the script has run is
 * kept and replayed on the hydrated widget, so it is answered, not lost.
 */
const pressDirective: ClientDirective = (load, _options, island) => {
  let started = false;
  const intents = ['pointerdown', 'touchstart', 'focusin'] as const;
  const pageActs = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;
  const replay = holdPresses(island, () => void start());

  async function start() {
    if (started) return;
    started = true;
    for (const type of intents) island.removeEventListener(type, start);
    for (const type of pageActs) removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
    replay();
  }

  for (const type of intents) island.addEventListener(type, start, { passive: true, once: true });
  for (const type of pageActs) addEventListener(type, start, { passive: true, once: true, capture: true });
  // Not sooner: the first seconds belong to the first screen, and 80 KB of widget scripts fetched and
  // compiled then compete with the visitor's first scroll. (A profiler's trace, Lighthouse's too, also
  // copies each script's source as it runs: the 200 KB React chunk showed as a 300 ms task.)
  const whenLeftAlone = () =>
    afterFirstPaint(() =>
      setTimeout(
        () => ('requestIdleCallback' in window ? requestIdleCallback(() => void start()) : void start()),
        leftAloneMs,
      ),
    );
  if (document.readyState === 'complete') whenLeftAlone();
  else addEventListener('load', whenLeftAlone, { once: true });
};

export default pressDirective;
