import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../i18n/format.ts';
import type { Lang } from '../i18n/languages.ts';
import { useHydrated } from '../lib/hydration/useHydrated.ts';
import { $comments, $commentsStatus, loadComments } from '../stores/comments.ts';
import type { CommentsLabels } from './labelKeys.ts';

interface Props {
  articleId: number;
  lang: Lang;
  labels: CommentsLabels;
  /** The comment the visitor has just posted: focus goes to it once it is shown. */
  focusId: number | null;
}

/** The thread's comments, oldest first, with its loading, empty and failed states. */
export default function CommentList({ articleId, lang, labels, focusId }: Props) {
  const comments = useStore($comments);
  const status = useStore($commentsStatus);
  const ready = useHydrated();
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    loadComments(articleId);
  }, [articleId]);

  useEffect(() => {
    if (focusId !== null) list.current?.querySelector<HTMLElement>(`[data-comment-id="${focusId}"]`)?.focus();
  }, [focusId]);

  return (
    // A line's room from the first paint: "Loading…" and then "No comments yet" take it without moving the form.
    <div aria-live="polite" className="mt-8 min-h-lh">
      {status === 'loading' && ready && <p className="text-haze">{labels['comments.loading']}</p>}
      {status === 'error' && (
        <p className="text-haze">
          {labels['comments.loadError']}{' '}
          <button
            type="button"
            onClick={() => loadComments(articleId)}
            className="cursor-pointer font-bold text-mint underline underline-offset-4"
          >
            {labels['comments.retry']}
          </button>
        </p>
      )}
      {status === 'ready' && comments.length === 0 && <p className="text-haze">{labels['comments.empty']}</p>}
      {comments.length > 0 && (
        <ol ref={list} className="space-y-4">
          {comments.map((c) => (
            <li
              key={c.id}
              lang={c.language}
              tabIndex={c.id === focusId ? -1 : undefined}
              className="rounded-2xl bg-night/40 p-4"
              data-comment
              data-comment-id={c.id}
            >
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <strong className="text-cream">{c.name}</strong>
                <time dateTime={c.createdAt} className="text-sm text-haze" lang={lang}>
                  {formatDateTime(new Date(c.createdAt), lang)}
                </time>
              </p>
              <p className="mt-2 whitespace-pre-line text-haze">{c.comment}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
