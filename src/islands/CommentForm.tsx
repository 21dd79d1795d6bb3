import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { Lang } from '../i18n/languages.ts';
import {
  $commentSending,
  type CommentForm as CommentFields,
  type CommentOutcome,
  commentProblems,
  postComment,
} from '../stores/comments.ts';
import { fieldBorder } from './fieldStyle.ts';
import type { CommentsLabels } from './labelKeys.ts';
import type { OutcomeToast } from './outcomeToast.ts';
import { Honeypot, SubmitButton, useSentForm } from './sentForm.tsx';

const toasts: Record<CommentOutcome['kind'], OutcomeToast<keyof CommentsLabels>> = {
  // Nothing under the form: the comment shows in the thread, and focus goes to it.
  published: { tone: 'success', title: 'comments.success', line: false },
  held: { tone: 'success', title: 'comments.held' },
  required: { tone: 'error', title: 'comments.required' },
  invalidEmail: { tone: 'error', title: 'subscribe.invalid' },
  rateLimited: { tone: 'error', title: 'comments.rateLimited' },
  error: { tone: 'error', title: 'comments.error' },
};

/** The form's fields as the visitor left them (also before hydration: the inputs keep them). */
function read(form: HTMLFormElement): CommentFields {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  return { name: value('name'), email: value('email'), comment: value('comment'), website: value('website') };
}

interface Props {
  articleId: number;
  lang: Lang;
  labels: CommentsLabels;
  /** Called with the id of a comment that is now in the thread. */
  onPublished: (id: number) => void;
}

/** The form that adds to the thread: errors beside their fields, the outcome under the button. */
export default function CommentForm({ articleId, lang, labels, onPublished }: Props) {
  const sending = useStore($commentSending);
  const id = useId();
  const { errors, ...sent } = useSentForm({
    read,
    messages: (values) => {
      const problems = commentProblems(values);
      return {
        name: problems.name && labels['comments.nameRequired'],
        comment: problems.comment && labels['comments.commentRequired'],
        email: problems.email && labels['subscribe.invalid'],
      };
    },
    send: (values) => postComment(articleId, lang, values),
    toasts,
    labels,
    after: (outcome, form) => {
      if (outcome.kind === 'published' || outcome.kind === 'held') form.reset();
      if (outcome.kind === 'published') onPublished(outcome.id);
    },
  });

  const inputClass = `${fieldBorder} mt-1 block w-full rounded-2xl bg-night/60 px-4 py-3 text-cream`;

  return (
    <form className="mt-8" {...sent.form}>
      <h3 className="font-display text-lg font-bold text-cream">{labels['comments.formTitle']}</h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="block font-bold text-cream">
            {labels['comments.name']}
          </label>
          <input
            id={`${id}-name`}
            type="text"
            name="name"
            required
            maxLength={80}
            autoComplete="name"
            className={inputClass}
            {...errors.describe('name')}
          />
          {errors.message('name')}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="block font-bold text-cream">
            {labels['comments.email']}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            className={inputClass}
            {...errors.describe('email')}
          />
          {errors.message('email')}
        </div>
      </div>
      <label htmlFor={`${id}-comment`} className="mt-4 block font-bold text-cream">
        {labels['comments.comment']}
      </label>
      <textarea
        id={`${id}-comment`}
        name="comment"
        required
        rows={4}
        maxLength={2000}
        className={inputClass}
        {...errors.describe('comment')}
      />
      {errors.message('comment')}
      <Honeypot label={labels['comments.honeypot']} />
      <SubmitButton
        busy={sending}
        label={labels['comments.submit']}
        busyLabel={labels['comments.sending']}
        className="mt-5 bg-mint hover:bg-sun"
      />
      {sent.status}
    </form>
  );
}
