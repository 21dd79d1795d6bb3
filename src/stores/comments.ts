import { atom } from 'nanostores';
import { toast } from 'sonner';
import {
  type CommentStatus,
  isValidEmail,
  type Lang,
  normaliseEmail,
  type PublicComment,
} from '../../functions/contract.ts';
import { track } from '../lib/analytics/dataLayer.ts';
import { api } from '../lib/api/client.ts';

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

export interface CommentMessages {
  required: string;
  invalidEmail: string;
  success: string;
  held: string;
  error: string;
  rateLimited: string;
}

export async function loadComments(articleId: number): Promise<void> {
  $commentsStatus.set('loading');
  try {
    const answer = await api.articles[':id'].comments.$get({ param: { id: String(articleId) } });
    if (answer.status === 200) {
      $comments.set((await answer.json()).comments);
      $commentsStatus.set('ready');
      return;
    }
  } catch {
    // Falls through to the error state, which offers to try again.
  }
  $commentsStatus.set('error');
}

/**
 * Posts a comment. Resolves with how the server took it ('published' shows at once, 'held' waits for
 * review) or null when it was not taken, in which case the form keeps what was typed.
 */
export async function postComment(
  articleId: number,
  lang: Lang,
  form: CommentForm,
  messages: CommentMessages,
): Promise<CommentStatus | null> {
  if ($commentSending.get()) return null;
  const name = form.name.trim();
  const comment = form.comment.trim();
  const email = normaliseEmail(form.email);
  if (!name || !comment) {
    toast.error(messages.required);
    return null;
  }
  if (email && !isValidEmail(email)) {
    toast.error(messages.invalidEmail);
    return null;
  }
  $commentSending.set(true);
  track('feature_usage', { feature: 'comment', articleId });
  try {
    const answer = await api.articles[':id'].comments.$post({
      param: { id: String(articleId) },
      json: { name, comment, email: email || undefined, language: lang, website: form.website },
    });
    if (answer.status === 201) {
      const { comment: saved, status } = await answer.json();
      if (status === 'published') {
        $comments.set([...$comments.get(), saved]);
        toast.success(messages.success);
      } else {
        toast.success(messages.success, { description: messages.held });
      }
      return status;
    }
    toast.error(answer.status === 429 ? messages.rateLimited : messages.error);
  } catch {
    toast.error(messages.error);
  } finally {
    $commentSending.set(false);
  }
  return null;
}
