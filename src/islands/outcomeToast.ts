import { toast } from 'sonner';

/**
 * The toast an outcome ends in: its tone and the label keys of its title and (optional) description.
 * Each island types its toasts by its store's outcomes and its labels, so that an outcome a store gains
 * without a toast, or a toast naming a text its island was not given, fails the type check. The line
 * under the form (sentForm.tsx) says the description, or the title; `line: false` keeps it empty.
 */
export interface OutcomeToast<Key extends string> {
  tone: 'success' | 'error';
  title: Key;
  description?: Key;
  line?: false;
}

/** Sent on the document once the page's toast area (Toasts.tsx) listens for toasts. */
export const toastsReady = 'toasts:ready';

/**
 * Runs `show` once the page's toast area listens: it hydrates right after the first widget, and a toast
 * asked for before (a press kept from before hydration, answered at once) would be lost.
 */
function whenToastsListen(show: () => void) {
  const region = document.querySelector('astro-island[component-url*="/Toasts."]');
  if (!region || document.documentElement.hasAttribute('data-toasts')) return show();
  document.addEventListener(toastsReady, show, { once: true });
}

/** Shows the toast of `outcome` in the page's language. */
export function showOutcome<Kind extends string, Key extends string>(
  outcome: { kind: Kind },
  toasts: Record<Kind, OutcomeToast<Key>>,
  labels: Record<Key, string>,
): void {
  const { tone, title, description } = toasts[outcome.kind];
  const show = tone === 'success' ? toast.success : toast.error;
  whenToastsListen(() => {
    // A success answers what went wrong before: an earlier error's toast would contradict it.
    if (tone === 'success') toast.dismiss();
    show(labels[title], description ? { description: labels[description] } : undefined);
  });
}
