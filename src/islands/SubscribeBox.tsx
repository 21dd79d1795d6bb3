import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { isValidEmail, type Lang, normaliseEmail } from '../../functions/contract.ts';
import { $subscribeStatus, type SubscribeOutcome, subscribe } from '../stores/subscribe.ts';
import { fieldBorder } from './fieldStyle.ts';
import { Icon } from './icons.tsx';
import type { SubscribeLabels } from './labelKeys.ts';
import type { OutcomeToast } from './outcomeToast.ts';
import { Honeypot, SubmitButton, useSentForm } from './sentForm.tsx';

const toasts: Record<SubscribeOutcome['kind'], OutcomeToast<keyof SubscribeLabels>> = {
  success: { tone: 'success', title: 'subscribe.successTitle', description: 'subscribe.success' },
  pending: { tone: 'success', title: 'subscribe.pendingTitle', description: 'subscribe.pending' },
  invalid: { tone: 'error', title: 'subscribe.errorTitle', description: 'subscribe.invalid' },
  exists: { tone: 'error', title: 'subscribe.errorTitle', description: 'subscribe.exists' },
  rateLimited: { tone: 'error', title: 'subscribe.errorGeneric', description: 'subscribe.rateLimited' },
  error: { tone: 'error', title: 'subscribe.errorGeneric', description: 'subscribe.unexpected' },
};

/** The form's address and the honeypot, empty unless a bot filled it. */
function read(form: HTMLFormElement) {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  return { email: value('email'), website: value('website') };
}

/** The newsletter box on the home page: an address, one button, and a toast for what the field does not say. */
export default function SubscribeBox({ lang, labels }: { lang: Lang; labels: SubscribeLabels }) {
  const status = useStore($subscribeStatus);
  const inputId = useId();
  const descriptionId = useId();
  const { errors, ...sent } = useSentForm({
    read,
    // A refused address is marked beside the field, which gets focus back. Still wrong while it is not
    // an address; a taken address clears once it is changed.
    messages: ({ email }, kind) => {
      if (kind === 'exists') return { email: labels['subscribe.exists'] };
      const wrong = kind === 'invalid' || !isValidEmail(normaliseEmail(email));
      return { email: wrong ? labels['subscribe.invalid'] : undefined };
    },
    send: ({ email, website }) => subscribe(email, { language: lang, website }),
    toasts,
    labels,
  });

  if (status === 'success') return <Subscribed labels={labels} />;

  return (
    <form {...sent.form}>
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
          {errors.message('email')}
        </div>
        <Honeypot label={labels['comments.honeypot']} />
        <SubmitButton
          busy={status === 'submitting'}
          label={labels['subscribe.button']}
          busyLabel={labels['subscribe.saving']}
          className="bg-mint hover:bg-sun"
        />
      </div>
      {sent.status}
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
        <Icon d="M5 12.5l4.5 4.5L19 7.5" size={30} stroke={3} />
      </span>
      <p className="font-display text-lg font-bold text-mint">{labels['subscribe.success']}</p>
      <p className="text-haze">{labels['newsletter.checkInbox']}</p>
    </div>
  );
}
