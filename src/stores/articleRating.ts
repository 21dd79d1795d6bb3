import { atom } from 'nanostores';
import { isValidEmail, normaliseEmail, type RatingSummary } from '../../functions/contract.ts';
import { track } from '../lib/analytics/dataLayer.ts';
import { api } from '../lib/api/client.ts';
import { noteOwnChange, readQuery } from '../lib/api/ownChanges.ts';

/** The article's average and count; null until loaded. `unavailable` when loading failed. */
export const $ratingSummary = atom<RatingSummary | null>(null);
export const $ratingStatus = atom<'loading' | 'ready' | 'unavailable'>('loading');
export const $ratingSending = atom(false);

/** What became of a rating: the island shows each as a toast in the page's language. */
export type RatingOutcome =
  | { kind: 'success' }
  | { kind: 'chooseStars' }
  | { kind: 'emailRequired' }
  | { kind: 'invalidEmail' }
  | { kind: 'rateLimited' }
  | { kind: 'error' };

/** What is wrong with a rating's stars or e-mail, if anything (the island shows it beside the field). */
export type RatingProblems = Partial<Record<'stars', 'missing'> & Record<'email', 'missing' | 'invalid'>>;

export function ratingProblems(stars: number, emailInput: string): RatingProblems {
  const email = normaliseEmail(emailInput);
  return {
    ...(stars >= 1 && stars <= 5 ? {} : { stars: 'missing' }),
    ...(email ? (isValidEmail(email) ? {} : { email: 'invalid' }) : { email: 'missing' }),
  };
}

export async function loadRating(articleId: number): Promise<void> {
  try {
    const answer = await api.articles[':id'].rating.$get({
      param: { id: String(articleId) },
      query: readQuery(articleId),
    });
    if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
    $ratingSummary.set(await answer.json());
    $ratingStatus.set('ready');
  } catch {
    // The page still reads fine without the average.
    $ratingStatus.set('unavailable');
  }
}

/**
 * Sends 1-5 stars with the reader's e-mail (required, so one person counts once) and resolves with the
 * outcome, or null while an earlier rating is still being sent. On success the average and count update
 * at once from the server's answer.
 */
export async function rateArticle(
  articleId: number,
  stars: number,
  emailInput: string,
): Promise<RatingOutcome | null> {
  if ($ratingSending.get()) return null;
  const problems = ratingProblems(stars, emailInput);
  if (problems.stars) return { kind: 'chooseStars' };
  if (problems.email) return { kind: problems.email === 'missing' ? 'emailRequired' : 'invalidEmail' };
  const email = normaliseEmail(emailInput);
  $ratingSending.set(true);
  track('feature_usage', { feature: 'article_rating', articleId });
  try {
    const answer = await api.articles[':id'].rating.$post({
      param: { id: String(articleId) },
      json: { rating: stars, email },
    });
    if (answer.status === 200) {
      noteOwnChange(articleId);
      $ratingSummary.set(await answer.json());
      $ratingStatus.set('ready');
      return { kind: 'success' };
    }
    return { kind: answer.status === 429 ? 'rateLimited' : 'error' };
  } catch {
    return { kind: 'error' };
  } finally {
    $ratingSending.set(false);
  }
}
