import { atom } from 'nanostores';
import { toast } from 'sonner';
import { isValidEmail, normaliseEmail, type RatingSummary } from '../../functions/contract.ts';
import { track } from '../lib/analytics/dataLayer.ts';
import { api } from '../lib/api/client.ts';

/** The article's average and count; null until loaded. `unavailable` when loading failed. */
export const $ratingSummary = atom<RatingSummary | null>(null);
export const $ratingStatus = atom<'loading' | 'ready' | 'unavailable'>('loading');
export const $ratingSending = atom(false);

export interface RatingMessages {
  emailRequired: string;
  invalidEmail: string;
  chooseStars: string;
  thanks: string;
  error: string;
  rateLimited: string;
}

export async function loadRating(articleId: number): Promise<void> {
  try {
    const answer = await api.articles[':id'].rating.$get({ param: { id: String(articleId) } });
    if (answer.status === 200) {
      $ratingSummary.set(await answer.json());
      $ratingStatus.set('ready');
      return;
    }
  } catch {
    // Falls through: the page still reads fine without the average.
  }
  $ratingStatus.set('unavailable');
}

/**
 * Sends 1-5 stars with the reader's e-mail (required, so one person counts once). Resolves true when saved; the average and
 * count update at once from the server's answer. On any failure the reader's input stays as typed.
 */
export async function rateArticle(
  articleId: number,
  stars: number,
  emailInput: string,
  messages: RatingMessages,
): Promise<boolean> {
  if ($ratingSending.get()) return false;
  const email = normaliseEmail(emailInput);
  if (!(stars >= 1 && stars <= 5)) {
    toast.error(messages.chooseStars);
    return false;
  }
  if (!email) {
    toast.error(messages.emailRequired);
    return false;
  }
  if (!isValidEmail(email)) {
    toast.error(messages.invalidEmail);
    return false;
  }
  $ratingSending.set(true);
  track('feature_usage', { feature: 'article_rating', articleId });
  try {
    const answer = await api.articles[':id'].rating.$post({
      param: { id: String(articleId) },
      json: { rating: stars, email },
    });
    if (answer.status === 200 || answer.status === 201) {
      $ratingSummary.set(await answer.json());
      $ratingStatus.set('ready');
      toast.success(messages.thanks);
      return true;
    }
    toast.error(answer.status === 429 ? messages.rateLimited : messages.error);
  } catch {
    toast.error(messages.error);
  } finally {
    $ratingSending.set(false);
  }
  return false;
}
