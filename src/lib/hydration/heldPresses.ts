import type { ClientDirective } from 'astro';

/**
 * Hydrates an island once: at the first of `intents` on it, at the returned `start`, or when the visitor
 * acts on it before then, which is kept and answered once hydrated, not lost: a press on one of its
 * buttons (pressed again), or a form sent with Enter. `stop` first ends the directive's other watches.
 *
 * A form is only sent once the widget can take it. Its send button (marked `data-submit`) is
 * `type="button"` until then, so that a press never sends the form the browser's way, with the
 * visitor's words in the address, and turns `submit` when the widget is ready: a press or an Enter
 * before that is kept until the button turns, however long after the hydration call that is (React
 * hydrates a widget at once for a click on it, but not for a form's submit event).
 *
 * A kept press marks its control `data-held` until the widget takes it: the page's CSS shows it pressed
 * (src/styles/global.css), so the visitor sees the press answered before any script of the widget came.
 */
export function hydrateHoldingPresses(
  load: Parameters<ClientDirective>[0],
  island: HTMLElement,
  intents: readonly string[],
  stop: () => void,
): () => Promise<void> {
  let started = false;
  let hydrated = false;
  let pressed: HTMLElement | null = null;
  const waiting = new WeakSet<HTMLFormElement>();

  async function start() {
    if (started) return;
    started = true;
    stop();
    for (const type of intents) island.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    // React listens from the hydration call on and hydrates the target first for a click on it.
    pressed?.removeAttribute('data-held');
    pressed?.click();
    pressed = null;
  }
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    void start();
  };
  const sendLater = (event: Event, form: HTMLFormElement) => {
    hold(event);
    if (waiting.has(form)) return;
    waiting.add(form);
    const button = form.querySelector('[data-submit]');
    button?.setAttribute('data-held', '');
    whenSendable(form, () => {
      waiting.delete(form);
      button?.removeAttribute('data-held');
      form.requestSubmit();
    });
  };

  const onClick = (event: Event) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>('button, a[href]');
    if (!control) return;
    const form = control.hasAttribute('data-submit') ? control.closest('form') : null;
    if (form) {
      if (!sendable(form)) sendLater(event, form);
      return;
    }
    if (hydrated) return;
    hold(event);
    pressed = control;
    control.setAttribute('data-held', '');
  };
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (!sendable(form)) sendLater(event, form);
  };
  island.addEventListener('click', onClick, true);
  island.addEventListener('submit', onSubmit, true);
  for (const type of intents) island.addEventListener(type, start, { passive: true, once: true });
  return start;
}

/** Whether the widget takes the form now: its send button has turned `type="submit"` (or it has none). */
function sendable(form: HTMLFormElement): boolean {
  const button = form.querySelector('[data-submit]');
  return !button || button.getAttribute('type') === 'submit';
}

/** Runs `then` once the form is sendable. */
function whenSendable(form: HTMLFormElement, then: () => void) {
  const button = form.querySelector('[data-submit]');
  if (!button || sendable(form)) return then();
  const observer = new MutationObserver(() => {
    if (!sendable(form)) return;
    observer.disconnect();
    then();
  });
  observer.observe(button, { attributes: true, attributeFilter: ['type'] });
}
