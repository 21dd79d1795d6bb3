import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { Lang } from '../../functions/contract.ts';
import { useHydrated } from '../lib/hydration/useHydrated.ts';
import { $subscribeStatus, type SubscribeOutcome, subscribe } from '../stores/subscribe.ts';
import type { SubscribeLabels } from './labelKeys.ts';
import { type OutcomeToasts, showOutcome } from './outcomeToast.ts';
import Spinner from './Spinner.tsx';

const toasts: OutcomeToasts<SubscribeOutcome, keyof SubscribeLabels> = {
  success: { tone: 'success', title: 'subscribe.successTitle', description: 'subscribe.success' },
  invalid: { tone: 'error', title: 'subscribe.errorTitle', description: 'subscribe.invalid' },
  exists: { tone: 'error', title: 'subscribe.errorTitle', description: 'subscribe.exists' },
  rateLimited: { tone: 'error', title: 'subscribe.errorGeneric', description: 'subscribe.rateLimited' },
  error: { tone: 'error', title: 'subscribe.errorGeneric', description: 'subscribe.unexpected' },
};

/** The newsletter box on the home page: an address, one button, and a toast for every outcome. */
export default function SubscribeBox({ lang, labels }: { lang: Lang; labels: SubscribeLabels }) {
  const status = useStore($subscribeStatus);
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const inputId = useId();
  const descriptionId = useId();
  const submitting = status === 'submitting';
  const ready = useHydrated();

  if (status === 'success') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-4 text-center" data-subscribed>
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

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        subscribe(email, { language: lang, website }).then((outcome) => showOutcome(outcome, toasts, labels));
      }}
    >
      <h2 className="font-display text-xl font-bold text-cream">{labels['subscribe.title']}</h2>
      <p id={descriptionId} className="mt-2 text-haze">
        {labels['subscribe.description']}
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {labels['subscribe.label']}
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder={labels['subscribe.placeholder']}
          aria-describedby={descriptionId}
          value={email}
          disabled={!ready}
          onChange={(event) => setEmail(event.target.value)}
          className="min-h-12 flex-1 rounded-full border-2 border-white/25 bg-night/60 px-5 text-cream placeholder:text-haze/70 focus:border-mint disabled:cursor-wait disabled:opacity-60"
        />
        {/* The honeypot: invisible to people and screen readers, irresistible to form-filling bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            {labels['comments.honeypot']}
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              disabled={!ready}
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
            />
          </label>
        </div>
        <button
          type="submit"
          disabled={submitting || !ready}
          className="inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-full bg-mint px-6 font-display font-bold text-night transition hover:bg-sun disabled:cursor-wait disabled:opacity-75"
        >
          {submitting && <Spinner />}
          {submitting ? labels['subscribe.saving'] : labels['subscribe.button']}
        </button>
      </div>
    </form>
  );
}
