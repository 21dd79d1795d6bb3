// The confirmation and unsubscribe pages: a link from a letter opens the page, and only the page's own
// POST (on load for confirming, on a button press for unsubscribing) changes anything, so mail scanners
// that fetch links change nothing. The page's HTML holds one hidden message per outcome.
import type { ConfirmResponse, ErrorResponse, UnsubscribeResponse } from '../../../functions/schemas.ts';
import { callApi } from '../api/client.ts';

export type ConfirmOutcome = 'done' | 'used' | 'expired' | 'invalid' | 'error';
export type UnsubscribeOutcome = 'done' | 'invalid' | 'error';

/** The token from the page's address, `?token=…`. */
export function tokenFromLocation(search = window.location.search): string {
  return new URLSearchParams(search).get('token') ?? '';
}

export async function confirmSubscription(token: string): Promise<ConfirmOutcome> {
  if (!token) return 'invalid';
  try {
    const answer = await callApi<ConfirmResponse | ErrorResponse>('/api/subscribe/confirm', {
      method: 'POST',
      body: { token },
    });
    if (answer.ok) return 'done';
    switch (answer.status) {
      case 409:
        return 'used';
      case 410:
        return 'expired';
      case 400:
        return 'invalid';
      default:
        return 'error';
    }
  } catch {
    return 'error';
  }
}

export async function unsubscribeByToken(token: string): Promise<UnsubscribeOutcome> {
  if (!token) return 'invalid';
  try {
    const answer = await callApi<UnsubscribeResponse | ErrorResponse>(
      `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      { method: 'POST' },
    );
    if (answer.ok) return 'done';
    return answer.status === 400 ? 'invalid' : 'error';
  } catch {
    return 'error';
  }
}

/** Shows the element marked `data-outcome="<outcome>"` in `root` and hides its siblings. */
export function showOutcome(root: HTMLElement, outcome: string): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-outcome]')) {
    element.hidden = !element.dataset.outcome?.split(' ').includes(outcome);
  }
}
