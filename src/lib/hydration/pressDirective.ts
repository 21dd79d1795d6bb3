import type { ClientDirective } from 'astro';
import { afterLoadAndFirstPaint } from './afterFirstPaint.ts';
import { hydrateHoldingPresses } from './heldPresses.ts';

/** How long a page is left alone after its first paint before its widgets hydrate anyway. */
const leftAloneMs = 5000;

/**
 * `client:press`: hydrates when the visitor first acts on the page (a pointer pressing, a
 * touch, a key, the wheel), at once when they reach for the widget itself, or once the page has been
 * left alone for a few seconds after its first paint. A press that comes before the script has run is
 * kept and replayed on the hydrated widget, so it is answered, not lost.
 */
const pressDirective: ClientDirective = (load, _options, island) => {
  const pageActs = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;
  const start = hydrateHoldingPresses(load, island, ['pointerdown', 'touchstart', 'focusin'], () => {
    for (const type of pageActs) removeEventListener(type, start, true);
  });
  for (const type of pageActs) addEventListener(type, start, { passive: true, once: true, capture: true });
  // Not sooner: the first seconds belong to the first screen, and 80 KB of widget scripts fetched and
  // compiled then compete with the visitor's first scroll. (A profiler's trace, Lighthouse's too, also
  // copies each script's source as it runs: the 200 KB React chunk showed as a 300 ms task.)
  afterLoadAndFirstPaint(() =>
    setTimeout(
      () => ('requestIdleCallback' in window ? requestIdleCallback(() => void start()) : void start()),
      leftAloneMs,
    ),
  );
};

export default pressDirective;
