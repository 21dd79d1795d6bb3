import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { isValidEmail, type Lang, normaliseEmail } from '../../functions/contract.ts';
import { $subscribeStatus, type SubscribeOutcome, subscribe } from '../stores/subscribe.ts';
import FormStatus from './FormStatus.tsx';
import { FieldError, useFieldErrors } from './fieldErrors.tsx';
import { fieldBorder } from './fieldStyle.ts';
import Honeypot from './Honeypot.tsx';
import type { SubscribeLabels } from './labelKeys.ts';
import { type OutcomeToasts, showOutcome } from './outcomeToast.ts';
import SubmitButton from './SubmitButton.tsx';

const toasts: OutcomeToasts<SubscribeOutcome, keyof SubscribeLabels> = {
  success: { tone: 'success', title: 'subscribe.successTitle', description: 'subscribe.success' },
  invalid: { tone: 'error', title: 'subscribe.errorTitle', description: 'subscribe.invalid' },
  exists: { tone: 'error', title: 'subscribe.errorTitle', description: 'subscribe.exists' },
  rateLimited: { tone: 'error', title: 'subscribe.errorGeneric', description: 'subscribe.rateLimited' },
  error: { tone: 'error', title: 'subscribe.errorGeneric', description: 'subscribe.unexpected' },
};

/** The outcomes that concern the address itself: shown under the field, which gets focus back. */
const fieldTexts: Partial<Record<SubscribeOutcome['kind'], keyof SubscribeLabels>> = {
  invalid: 'subscribe.invalid',
  exists: 'subscribe.exists',
};
/** The others: shown under the form, where focus goes. */
const statusTexts: Partial<Record<SubscribeOutcome['kind'], keyof SubscribeLabels>> = {
  rateLimited: 'subscribe.rateLimited',
  error: 'subscribe.unexpected',
};

/** The newsletter box on the home page: an address, one button, and a toast for every outcome. */
export default function SubscribeBox({ lang, labels }: { lang: Lang; labels: SubscribeLabels }) {
  const status = useStore($subscribeStatus);
  const [failure, setFailure] = useState<SubscribeOutcome['kind'] | null>(null);
  const inputId = useId();
  const descriptionId = useId();
  const statusLine = useRef<HTMLParagraphElement>(null);
  const errors = useFieldErrors(['email'] as const);

  if (status === 'success') return <Subscribed labels={labels} />;

  async function send(form: HTMLFormElement) {
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    setFailure(null);
    const outcome = await subscribe(value('email'), { language: lang, website: value('website') });
    if (!outcome) return;
    showOutcome(outcome, toasts, labels);
    const fieldKey = fieldTexts[outcome.kind];
    if (fieldKey) return errors.show({ email: labels[fieldKey] });
    flushSync(() => setFailure(outcome.kind));
    statusLine.current?.focus();
  }

  const statusKey = failure && statusTexts[failure];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send(event.currentTarget);
      }}
      onChange={(event) => {
        const email = (event.currentTarget.elements.namedItem('email') as HTMLInputElement).value;
        // Still wrong while it is not an address; a taken address clears once it is changed.
        errors.recheck({
          email: isValidEmail(normaliseEmail(email)) ? undefined : labels['subscribe.invalid'],
        });
      }}
    >
      <h2 className="font-display text-xl font-bold text-cream">{labels['subscribe.title']}</h2>
      <p id={descriptionId} className="mt-2 text-haze">
        {labels['subscribe.description']}
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start">
        <label htmlFor={inputId} className="sr-only">
          {labels['subscribe.label']}
        </label>
        <div className="flex-1">
          <input
            ref={errors.focusTarget('email')}
            id={inputId}
            type="email"
            name="email"
            required
            autoComplete="email"
            inputMode="email"
            placeholder={labels['subscribe.placeholder']}
            {...errors.describe('email', descriptionId)}
            className={`${fieldBorder} min-h-12 w-full rounded-full bg-night/60 px-5 text-cream placeholder:text-haze/70`}
          />
          <FieldError id={errors.errorId('email')} message={errors.errors.email} />
        </div>
        <Honeypot label={labels['comments.honeypot']} />
        <SubmitButton
          busy={status === 'submitting'}
          label={labels['subscribe.button']}
          busyLabel={labels['subscribe.saving']}
          className="bg-mint hover:bg-sun"
        />
      </div>
      <FormStatus ref={statusLine} tone="error" message={statusKey ? labels[statusKey] : undefined} />
    </form>
  );
}

/** In the form's place once subscribed; focus moves to it, as the form it replaces had it. */
function Subscribed({ labels }: { labels: SubscribeLabels }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      role="status"
      tabIndex={-1}
      className="flex flex-col items-center gap-3 py-4 text-center"
      data-subscribed
    >
      <span
        className="inline-flex size-14 items-center justify-center rounded-full bg-mint text-night"
        aria-hidden="true"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="30"
          height="30"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </span>
      <p className="font-display text-lg font-bold text-mint">{labels['subscribe.success']}</p>
      <p className="text-haze">{labels['newsletter.checkInbox']}</p>
    </div>
  );
}
