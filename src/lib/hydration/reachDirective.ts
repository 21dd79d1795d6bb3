import type { ClientDirective } from 'astro';
import { hydrateHoldingPresses } from './heldPresses.ts';

/** How far outside the screen an island starts to hydrate, so a scrolling reader finds it ready. */
const nearMargin = '200px';

/**
 * `client:reach`: hydrates when the visitor reaches the island: scrolled near it, or a Tab, a press or a
 * touch landing in it (a keyboard does not scroll a page before focus arrives, and the island's
 * controls are focusable from the first paint). A press or a form sent before then is kept and
 * replayed on the hydrated island.
 */
const reachDirective: ClientDirective = (load, _options, island) => {
  // The island's element is `display: contents`: its children are what can be seen.
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void start();
    },
    { rootMargin: nearMargin },
  );
  const intents = ['focusin', 'pointerdown', 'touchstart'];
  const start = hydrateHoldingPresses(load, island, intents, () => observer.disconnect());
  for (const child of island.children) observer.observe(child);
  // Focus may have arrived before this script did (it loads after the first paint).
  if (island.contains(document.activeElement)) void start();
};

export default reachDirective;
