import type { ClientDirective } from 'astro';

/**
 * `client:press`: hydrates once the browser is idle after the page has loaded, so the widget's script
 * never competes with the first screen, or at once when the visitor reaches for it (pointer, touch,
 * focus). A press that comes before the script has run is kept and replayed on the hydrated widget,
 * so it is answered, not lost.
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
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void start(), { timeout: 2000 })
      : setTimeout(start, 200);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
};

export default pressDirective;
