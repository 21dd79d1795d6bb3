import type { ClientDirective } from 'astro';

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

/**
 * `client:press`: hydrates once the browser is idle after the page has loaded and painted, so the
 * widget's script never competes with the first screen, or at once when the visitor reaches for it
 * (pointer, touch, focus). A press that comes before the script has run is kept and replayed on the
 * hydrated widget, so it is answered, not lost.
 */
const pressDirective: ClientDirective = (load, _options, island) => {
  let started = false;
  let pressed: HTMLElement | null = null;

  const hold = (event: Event) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>('button, a[href]');
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    pressed = control;
    void start();
  };
  const intents = ['pointerdown', 'touchstart', 'focusin'] as const;

  async function start() {
    if (started) return;
    started = true;
    for (const type of intents) island.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    island.removeEventListener('click', hold, true);
    // React listens from the hydration call on and hydrates the target first for a click on it.
    pressed?.click();
  }

  island.addEventListener('click', hold, true);
  for (const type of intents) island.addEventListener(type, start, { passive: true, once: true });
  const whenIdle = () =>
    afterFirstPaint(() =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => void start(), { timeout: 2000 })
        : setTimeout(start, 200),
    );
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
};

export default pressDirective;
