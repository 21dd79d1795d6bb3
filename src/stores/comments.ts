import { atom } from 'nanostores';
import {
  commentMaxLength,
  isValidEmail,
  type Lang,
  nameMaxLength,
  normaliseEmail,
  type PublicComment,
} from '../../functions/contract.ts';
import { track } from '../lib/analytics/dataLayer.ts';
import { api } from '../lib/api/client.ts';
import { noteOwnChange, readQuery } from '../lib/api/ownChanges.ts';

export const $comments = atom<PublicComment[]>([]);
export const $commentsStatus = atom<'loading' | 'ready' | 'error'>('loading');
export const $commentSending = atom(false);

export interface CommentForm {
  name: string;
  comment: string;
  email: string;
  /** The invisible honeypot: people leave it empty, form-filling bots do not. */
  website: string;
}

/**
 * What became of a comment: `published` shows in the thread at once, `held` waits for review; the
 * others were not taken. The island shows each as a toast in the page's language.
 */
export type CommentOutcome =
  | { kind: 'published'; id: number }
  | { kind: 'held' }
  | { kind: 'required' }
  | { kind: 'tooLong' }
  | { kind: 'invalidEmail' }
  | { kind: 'rateLimited' }
  | { kind: 'error' };

/** The most characters of each text field, as the server counts them (trimmed). */
export const commentLimits = { name: nameMaxLength, comment: commentMaxLength } as const;

/** What is wrong with each field of a comment form, if anything (the island shows it beside the field). */
export type CommentProblems = Partial<
  Record<'name' | 'comment', 'missing' | 'tooLong'> & Record<'email', 'invalid'>
>;

/** Missing, over its limit (never cut: the visitor shortens it), or fine. */
function textProblem(value: string, max: number) {
  const length = value.trim().length;
  return length === 0 ? 'missing' : length > max ? 'tooLong' : undefined;
}

export function commentProblems(form: Pick<CommentForm, 'name' | 'comment' | 'email'>): CommentProblems {
  const email = normaliseEmail(form.email);
  const name = textProblem(form.name, commentLimits.name);
  const comment = textProblem(form.comment, commentLimits.comment);
  return {
    ...(name ? { name } : {}),
    ...(comment ? { comment } : {}),
    ...(email && !isValidEmail(email) ? { email: 'invalid' } : {}),
  };
}

export async function loadComments(articleId: number): Promise<void> {
  $commentsStatus.set('loading');
  try {
    const answer = await api.articles[':id'].comments.$get({
      param: { id: String(articleId) },
      query: readQuery(articleId),
    });
    if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
    $comments.set((await answer.json()).comments);
    $commentsStatus.set('ready');
  } catch {
    // The error state offers to try again.
    $commentsStatus.set('error');
  }
}

/** Posts a comment and resolves with the outcome, or null while an earlier comment is still being sent. */
export async function postComment(
  articleId: number,
  lang: Lang,
  form: CommentForm,
): Promise<CommentOutcome | null> {
  if ($commentSending.get()) return null;
  const problems = commentProblems(form);
  if (problems.name === 'missing' || problems.comment === 'missing') return { kind: 'required' };
  if (problems.name || problems.comment) return { kind: 'tooLong' };
  if (problems.email) return { kind: 'invalidEmail' };
  const name = form.name.trim();
  const comment = form.comment.trim();
  const email = normaliseEmail(form.email);
  $commentSending.set(true);
  track('feature_usage', { feature: 'comment', articleId });
  try {
    const answer = await api.articles[':id'].comments.$post({
      param: { id: String(articleId) },
      json: { name, comment, email: email || undefined, language: lang, website: form.website },
    });
    if (answer.status === 201) {
      const { comment: saved, status } = await answer.json();
      if (status === 'held') return { kind: 'held' };
      noteOwnChange(articleId);
      $comments.set([...$comments.get(), saved]);
      return { kind: 'published', id: saved.id };
    }
    return { kind: answer.status === 429 ? 'rateLimited' : 'error' };
  } catch {
    return { kind: 'error' };
  } finally {
    $commentSending.set(false);
  }
}
