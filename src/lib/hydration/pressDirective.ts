import type { ClientDirective } from 'astro';
import { afterLoadAndFirstPaint } from './afterFirstPaint.ts';
import { holdPresses } from './heldPresses.ts';

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
  afterLoadAndFirstPaint(() =>
    setTimeout(
      () => ('requestIdleCallback' in window ? requestIdleCallback(() => void start()) : void start()),
      leftAloneMs,
    ),
  );
};

export default pressDirective;
