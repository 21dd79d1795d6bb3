import type { ClientDirective } from 'astro';
import { holdPresses } from './heldPresses.ts';

/** How far outside the screen an island starts to hydrate, so a scrolling reader finds it ready. */
const nearMargin = '200px';

/**
 * `client:reach`: hydrates when the visitor reaches the island: scrolled near it, or a Tab, a press or a
 * touch landing in it (a keyboard does not scroll a page before focus arrives, and the island's
 * controls are focusable from the first paint). A press or a form sent before then is kept and
 * replayed on the hydrated island.
 */
const reachDirective: ClientDirective = (load, _options, island) => {
  let started = false;
  const intents = ['focusin', 'pointerdown', 'touchstart'] as const;
  const replay = holdPresses(island, () => void start());
  // The island's element is `display: contents`: its children are what can be seen.
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void start();
    },
    { rootMargin: nearMargin },
  );

  async function start() {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const type of intents) island.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    replay();
  }

  for (const type of intents) island.addEventListener(type, start, { passive: true, once: true });
  for (const child of island.children) observer.observe(child);
  // Focus may have arrived before this script did (it loads after the first paint).
  if (island.contains(document.activeElement)) void start();
};

export default reachDirective;
