import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { fill } from '../i18n/fill.ts';
import { formatNumber, pluralForm } from '../i18n/format.ts';
import type { Lang } from '../i18n/languages.ts';
import {
  $commentSending,
  type CommentForm as CommentFields,
  type CommentOutcome,
  commentLimits,
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
  tooLong: { tone: 'error', title: 'comments.tooLong' },
  invalidEmail: { tone: 'error', title: 'subscribe.invalid' },
  rateLimited: { tone: 'error', title: 'comments.rateLimited' },
  error: { tone: 'error', title: 'comments.error' },
};

/** A text field of the form with a limit: the name or the comment. */
type Limited = keyof typeof commentLimits;

/** Whether a field's text is in the last tenth of its limit (at least 20 characters) or past it. */
const nearLimit = (length: number, max: number) => length >= max - Math.max(20, max / 10);

/**
 * How many characters are left, shown once a field nears its limit, and how many too many past it: the
 * form never cuts a text, the visitor shortens it.
 */
function CharactersLeft({
  id,
  length,
  max,
  lang,
  labels,
}: {
  id: string;
  length: number;
  max: number;
  lang: Lang;
  labels: CommentsLabels;
}) {
  if (!nearLimit(length, max)) return null;
  const over = length > max;
  const count = Math.abs(max - length);
  const one = pluralForm(count, lang) === 'one';
  const text = over
    ? labels[one ? 'comments.over.one' : 'comments.over.other']
    : labels[one ? 'comments.left.one' : 'comments.left.other'];
  return (
    <p id={id} className={`mt-1 text-sm ${over ? 'font-bold text-coral' : 'text-haze'}`} data-characters-left>
      {fill(text, { count: formatNumber(count, lang) })}
    </p>
  );
}

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
  // The trimmed lengths, as the server counts them.
  const [lengths, setLengths] = useState<Record<Limited, number>>({ name: 0, comment: 0 });
  const measure = (field: Limited) => (event: { currentTarget: { value: string } }) => {
    // Read now: React's event no longer has its target by the time the state updates.
    const length = event.currentTarget.value.trim().length;
    setLengths((now) => ({ ...now, [field]: length }));
  };
  const counterId = (field: Limited) => `${id}-${field}-left`;
  /** The field's counter's id while it shows, for aria-describedby. */
  const shownCounter = (field: Limited) =>
    nearLimit(lengths[field], commentLimits[field]) ? counterId(field) : undefined;
  const counter = (field: Limited) => (
    <CharactersLeft
      id={counterId(field)}
      length={lengths[field]}
      max={commentLimits[field]}
      lang={lang}
      labels={labels}
    />
  );
  const { errors, ...sent } = useSentForm({
    read,
    messages: (values) => {
      const problems = commentProblems(values);
      return {
        name:
          problems.name &&
          labels[problems.name === 'tooLong' ? 'comments.nameTooLong' : 'comments.nameRequired'],
        comment:
          problems.comment &&
          labels[problems.comment === 'tooLong' ? 'comments.commentTooLong' : 'comments.commentRequired'],
        email: problems.email && labels['subscribe.invalid'],
      };
    },
    send: (values) => postComment(articleId, lang, values),
    toasts,
    labels,
    after: (outcome, form) => {
      if (outcome.kind === 'published' || outcome.kind === 'held') {
        form.reset();
        setLengths({ name: 0, comment: 0 });
      }
      if (outcome.kind === 'published') onPublished(outcome.id);
    },
  });

  const inputClass = `${fieldBorder} mt-1 block w-full rounded-2xl bg-night/60 px-4 py-3 text-cream`;

  return (
    <form className="mt-4" {...sent.form}>
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
            autoComplete="name"
            className={inputClass}
            onInput={measure('name')}
            {...errors.describe('name', shownCounter('name'))}
          />
          {counter('name')}
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
        className={inputClass}
        onInput={measure('comment')}
        {...errors.describe('comment', shownCounter('comment'))}
      />
      {counter('comment')}
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
