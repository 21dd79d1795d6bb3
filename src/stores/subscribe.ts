import { atom } from 'nanostores';
import { isValidEmail, type Lang, normaliseEmail } from '../../functions/contract.ts';
import { track } from '../lib/analytics/dataLayer.ts';
import { api } from '../lib/api/client.ts';

export type SubscribeStatus = 'idle' | 'submitting' | 'success';
export const $subscribeStatus = atom<SubscribeStatus>('idle');

/** What became of an address: the island shows each as a toast in the page's language. */
export type SubscribeOutcome =
  | { kind: 'success' }
  | { kind: 'pending' }
  | { kind: 'invalid' }
  | { kind: 'exists' }
  | { kind: 'rateLimited' }
  | { kind: 'error' };

/**
 * Subscribes an address in the page's language (for the letters), with the honeypot field (empty unless
 * a bot filled it), and resolves with the outcome, or null when a subscription is already under way or
 * done. Only success leaves the idle state behind, so the typed address stays in the box for another try.
 */
export async function subscribe(
  input: string,
  { language, website }: { language: Lang; website: string },
): Promise<SubscribeOutcome | null> {
  if ($subscribeStatus.get() !== 'idle') return null;
  const email = normaliseEmail(input);
  track('button_click', { button: 'subscribe' });
  if (!isValidEmail(email)) {
    track('email_validation_error', { reason: email ? 'format' : 'empty' });
    return { kind: 'invalid' };
  }
  $subscribeStatus.set('submitting');
  try {
    const body = website ? { email, language, website } : { email, language };
    // Widened: a proxy or the platform may answer with a status the route never sends (502, 403).
    const answer = await api.subscribe.$post({ json: body });
    const status: number = answer.status;
    if (status === 201) {
      $subscribeStatus.set('success');
      track('email_subscription_success');
      track('email_subscription', { domain: email.slice(email.lastIndexOf('@') + 1) });
      return { kind: 'success' };
    }
    $subscribeStatus.set('idle');
    // Subscribed before and not confirmed yet: the letter is on its way (the site sends another when due).
    const said =
      status === 200 ? ((await answer.json().catch(() => null)) as { pending?: unknown } | null) : null;
    if (said?.pending === true) {
      track('email_subscription_pending');
      return { kind: 'pending' };
    }
    if (status === 409) {
      track('email_subscription_duplicate');
      return { kind: 'exists' };
    }
    if (status === 429) {
      track('email_subscription_rate_limited');
      return { kind: 'rateLimited' };
    }
    if (status === 400) {
      track('email_validation_error', { reason: 'server' });
      return { kind: 'invalid' };
    }
    track('email_subscription_error', { status });
  } catch {
    $subscribeStatus.set('idle');
    track('email_subscription_error', { status: 0 });
  }
  return { kind: 'error' };
}
