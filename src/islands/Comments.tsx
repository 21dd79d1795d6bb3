import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { formatDateTime } from '../i18n/format.ts';
import type { Lang } from '../i18n/languages.ts';
import { useHydrated } from '../lib/hydration/useHydrated.ts';
import {
  $commentSending,
  $comments,
  $commentsStatus,
  type CommentForm,
  type CommentOutcome,
  loadComments,
  postComment,
} from '../stores/comments.ts';
import ErrorBoundary from './ErrorBoundary.tsx';
import type { CommentsLabels } from './labelKeys.ts';
import { type OutcomeToasts, showOutcome } from './outcomeToast.ts';
import Spinner from './Spinner.tsx';

const toasts: OutcomeToasts<CommentOutcome, keyof CommentsLabels> = {
  published: { tone: 'success', title: 'comments.success' },
  held: { tone: 'success', title: 'comments.held' },
  required: { tone: 'error', title: 'comments.required' },
  invalidEmail: { tone: 'error', title: 'subscribe.invalid' },
  rateLimited: { tone: 'error', title: 'comments.rateLimited' },
  error: { tone: 'error', title: 'comments.error' },
};

interface Props {
  articleId: number;
  lang: Lang;
  labels: CommentsLabels;
}

const emptyForm: CommentForm = { name: '', comment: '', email: '', website: '' };

/** An article's comment thread (shared by both languages) and the form to add to it. */
export default function Comments(props: Props) {
  return (
    <ErrorBoundary labels={{ title: props.labels['error.title'], back: props.labels['error.back'] }}>
      <Thread {...props} />
    </ErrorBoundary>
  );
}

function Thread({ articleId, lang, labels }: Props) {
  const comments = useStore($comments);
  const status = useStore($commentsStatus);
  const sending = useStore($commentSending);
  const [form, setForm] = useState(emptyForm);
  const [heldNotice, setHeldNotice] = useState(false);
  const id = useId();
  const ready = useHydrated();

  useEffect(() => {
    loadComments(articleId);
  }, [articleId]);

  const field = (key: keyof CommentForm) => ({
    value: form[key],
    disabled: !ready,
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });

  const inputClass =
    'mt-1 block w-full rounded-2xl border-2 border-white/25 bg-night/60 px-4 py-3 text-cream focus:border-mint disabled:cursor-wait disabled:opacity-60';

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-[2rem] border border-white/15 bg-white/5 p-6 sm:p-8"
      data-comments
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-sun">
        {labels['comments.title']}
      </h2>
      <div aria-live="polite" className="mt-4">
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
        {status === 'ready' && comments.length === 0 && (
          <p className="text-haze">{labels['comments.empty']}</p>
        )}
        {comments.length > 0 && (
          <ol className="space-y-4">
            {comments.map((c) => (
              <li key={c.id} lang={c.language} className="rounded-2xl bg-night/40 p-4" data-comment>
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

      <form
        noValidate
        className="mt-8"
        onSubmit={async (event) => {
          event.preventDefault();
          const outcome = await postComment(articleId, lang, form);
          showOutcome(outcome, toasts, labels);
          const taken = outcome?.kind === 'published' || outcome?.kind === 'held';
          if (taken) setForm(emptyForm);
          setHeldNotice(outcome?.kind === 'held');
        }}
      >
        <h3 className="font-display text-lg font-bold text-cream">{labels['comments.formTitle']}</h3>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <label className="block font-bold text-cream">
            {labels['comments.name']}
            <input
              type="text"
              name="name"
              required
              maxLength={80}
              autoComplete="name"
              className={inputClass}
              {...field('name')}
            />
          </label>
          <label className="block font-bold text-cream">
            {labels['comments.email']}
            <input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              className={inputClass}
              {...field('email')}
            />
          </label>
        </div>
        <label className="mt-4 block font-bold text-cream">
          {labels['comments.comment']}
          <textarea
            name="comment"
            required
            rows={4}
            maxLength={2000}
            className={inputClass}
            {...field('comment')}
          />
        </label>
        {/* The honeypot: invisible to people and screen readers, irresistible to form-filling bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            {labels['comments.honeypot']}
            <input type="text" name="website" tabIndex={-1} autoComplete="off" {...field('website')} />
          </label>
        </div>
        <button
          type="submit"
          disabled={sending || !ready}
          className="mt-5 inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-full bg-mint px-6 font-display font-bold text-night transition hover:bg-sun disabled:cursor-wait disabled:opacity-75"
        >
          {sending && <Spinner />}
          {sending ? labels['comments.sending'] : labels['comments.submit']}
        </button>
        {heldNotice && (
          <p role="status" className="mt-4 text-mint">
            {labels['comments.held']}
          </p>
        )}
      </form>
    </section>
  );
}
