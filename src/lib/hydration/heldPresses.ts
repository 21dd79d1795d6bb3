/**
 * Keeps what a visitor does to an island before it has hydrated, so it is answered, not lost: a press
 * on one of its buttons, or a form sent with Enter. `onFirst` runs at the first such act (to hydrate
 * now); the returned `replay` stops holding and does the kept act again on the hydrated island.
 *
 * A button marked `data-submit` sends its form: until hydrated it is `type="button"` (a press then must
 * not send the form the browser's way, with the visitor's words in the address). It turns `submit`
 * once the widget can take the form, and only then is the form sent again: React hydrates a widget
 * at once for a click on it, but not for a form's submit event, which would go the browser's way.
 */
export function holdPresses(island: HTMLElement, onFirst: () => void): () => void {
  let pressed: HTMLElement | null = null;
  let sent: HTMLFormElement | null = null;

  const holdPress = (event: Event) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>('button, a[href]');
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    pressed = control;
    onFirst();
  };
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    sent = event.target as HTMLFormElement;
    onFirst();
  };
  island.addEventListener('click', holdPress, true);
  island.addEventListener('submit', holdSubmit, true);

  return () => {
    island.removeEventListener('click', holdPress, true);
    island.removeEventListener('submit', holdSubmit, true);
    const button = pressed as HTMLElement | null;
    const form = button?.hasAttribute('data-submit') ? button.closest('form') : sent;
    if (form) whenSendable(form, () => form.requestSubmit());
    // React listens from the hydration call on and hydrates the target first for a click on it.
    else button?.click();
  };
}

/** Runs `then` once the form's `data-submit` button has turned `type="submit"` (at once if it has). */
function whenSendable(form: HTMLFormElement, then: () => void) {
  const button = form.querySelector('[data-submit]');
  const sendable = () => button?.getAttribute('type') === 'submit';
  if (!button || sendable()) return then();
  const observer = new MutationObserver(() => {
    if (!sendable()) return;
    observer.disconnect();
    then();
  });
  observer.observe(button, { attributes: true, attributeFilter: ['type'] });
}
