// The confirmation and unsubscribe pages: a link from a letter opens the page, and only the page's own
// POST, on a press of its button, changes anything, so mail scanners that fetch links (and run their
// scripts) change nothing. The page's HTML holds one hidden message per outcome.
import { api } from '../api/client.ts';
import { isShown, setShown, showOutcome } from './outcome.ts';

export { showOutcome };

export type ConfirmOutcome = 'done' | 'used' | 'expired' | 'invalid' | 'error';
export type UnsubscribeOutcome = 'done' | 'invalid' | 'error';

/**
 * The token from the page's address, taken once: letters put it in the fragment (`#token=…`, never sent
 * to any server, so no proxy or CDN log holds it); letters sent before that, in the query. The address
 * drops it at once, so it never reaches the history, a bookmark, an analytics tag or the next page.
 */
export function takeToken(): string {
  const { search, pathname, hash } = window.location;
  if (search || hash) history.replaceState(history.state, '', pathname);
  // The same link opened again in this tab changes only the fragment, which loads nothing: the page
  // loads again to take the new token instead of showing the outcome of the last one.
  window.addEventListener('hashchange', () => {
    if (new URLSearchParams(window.location.hash.slice(1)).has('token')) window.location.reload();
  });
  const fromFragment = new URLSearchParams(hash.slice(1)).get('token');
  return fromFragment ?? new URLSearchParams(search).get('token') ?? '';
}

const confirmOutcomes: Record<number, ConfirmOutcome> = {
  200: 'done',
  409: 'used',
  410: 'expired',
  400: 'invalid',
};

export async function confirmSubscription(token: string): Promise<ConfirmOutcome> {
  if (!token) return 'invalid';
  try {
    // Widened: a proxy or the platform may answer with a status the route never sends.
    const status: number = (await api.subscribe.confirm.$post({ json: { token } })).status;
    return confirmOutcomes[status] ?? 'error';
  } catch {
    return 'error';
  }
}

export async function unsubscribeByToken(token: string): Promise<UnsubscribeOutcome> {
  if (!token) return 'invalid';
  try {
    const status: number = (await api.unsubscribe.$post({ json: { token } })).status;
    if (status === 200) return 'done';
    return status === 400 ? 'invalid' : 'error';
  } catch {
    return 'error';
  }
}

/**
 * Runs the page's action on a press of `button`: the status line says it is working (the button stays,
 * disabled) until the action's outcome shows. The status line has the news; keyboard focus moves to
 * the link the outcome shows rather than staying on a vanished button.
 */
export function onPress(root: HTMLElement, button: HTMLButtonElement, action: () => Promise<string>): void {
  button.addEventListener('click', async () => {
    button.disabled = true;
    showOutcome(root, 'working');
    setShown(button, true);
    const outcome = await action();
    button.disabled = false;
    showOutcome(root, outcome);
    if (!isShown(button)) [...root.querySelectorAll<HTMLElement>('a[data-outcome]')].find(isShown)?.focus();
  });
}
