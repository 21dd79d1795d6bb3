import { atom } from 'nanostores';
import { toast } from 'sonner';
import { isValidEmail, type Lang, normaliseEmail } from '../../functions/contract.ts';
import { track } from '../lib/analytics/dataLayer.ts';
import { api } from '../lib/api/client.ts';

export type SubscribeStatus = 'idle' | 'submitting' | 'success';
export const $subscribeStatus = atom<SubscribeStatus>('idle');

/** The texts of every outcome (success, duplicate, invalid, rate limited, failure), in the page's language. */
export interface SubscribeMessages {
  errorTitle: string;
  genericErrorTitle: string;
  invalid: string;
  exists: string;
  rateLimited: string;
  unexpected: string;
  successTitle: string;
  success: string;
}

/** The page's language (for the letters) and the honeypot field, empty unless a bot filled it. */
export interface SubscribeExtras {
  language: Lang;
  website: string;
}

/**
 * Subscribes an address. Every outcome ends in a toast; only success leaves the idle state behind,
 * so the typed address stays in the box for another try.
 */
export async function subscribe(
  input: string,
  messages: SubscribeMessages,
  { language, website }: SubscribeExtras,
): Promise<void> {
  if ($subscribeStatus.get() !== 'idle') return;
  const email = normaliseEmail(input);
  track('button_click', { button: 'subscribe' });
  if (!isValidEmail(email)) {
    track('email_validation_error', { reason: email ? 'format' : 'empty' });
    toast.error(messages.errorTitle, { description: messages.invalid });
    return;
  }
  $subscribeStatus.set('submitting');
  try {
    const body = website ? { email, language, website } : { email, language };
    // Widened: a proxy or the platform may answer with a status the route never sends (502, 403).
    const status: number = (await api.subscribe.$post({ json: body })).status;
    if (status === 201) {
      $subscribeStatus.set('success');
      track('email_subscription_success');
      track('email_subscription', { domain: email.slice(email.lastIndexOf('@') + 1) });
      toast.success(messages.successTitle, { description: messages.success });
      return;
    }
    $subscribeStatus.set('idle');
    if (status === 409) {
      track('email_subscription_duplicate');
      toast.error(messages.errorTitle, { description: messages.exists });
    } else if (status === 429) {
      track('email_subscription_rate_limited');
      toast.error(messages.genericErrorTitle, { description: messages.rateLimited });
    } else if (status === 400) {
      track('email_validation_error', { reason: 'server' });
      toast.error(messages.errorTitle, { description: messages.invalid });
    } else {
      track('email_subscription_error', { status });
      toast.error(messages.genericErrorTitle, { description: messages.unexpected });
    }
  } catch {
    $subscribeStatus.set('idle');
    track('email_subscription_error', { status: 0 });
    toast.error(messages.genericErrorTitle, { description: messages.unexpected });
  }
}
