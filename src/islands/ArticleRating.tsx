import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { fill } from '../i18n/fill.ts';
import { formatNumber, pluralForm } from '../i18n/format.ts';
import type { Lang } from '../i18n/languages.ts';
import { useHydrated } from '../lib/hydration/useHydrated.ts';
import {
  $ratingSending,
  $ratingStatus,
  $ratingSummary,
  loadRating,
  type RatingOutcome,
  rateArticle,
} from '../stores/articleRating.ts';
import ErrorBoundary from './ErrorBoundary.tsx';
import type { RatingLabels } from './labelKeys.ts';
import { type OutcomeToasts, showOutcome } from './outcomeToast.ts';
import Spinner from './Spinner.tsx';

const toasts: OutcomeToasts<RatingOutcome, keyof RatingLabels> = {
  success: { tone: 'success', title: 'rating.thanks' },
  chooseStars: { tone: 'error', title: 'rating.chooseStars' },
  emailRequired: { tone: 'error', title: 'rating.emailRequired' },
  invalidEmail: { tone: 'error', title: 'subscribe.invalid' },
  rateLimited: { tone: 'error', title: 'rating.rateLimited' },
  error: { tone: 'error', title: 'rating.error' },
};

interface Props {
  articleId: number;
  lang: Lang;
  labels: RatingLabels;
}

/** 1-5 star rating of an article, with the average and a count label so readers see how many agree. */
export default function ArticleRating(props: Props) {
  return (
    <ErrorBoundary labels={{ title: props.labels['error.title'], back: props.labels['error.back'] }}>
      <Rating {...props} />
    </ErrorBoundary>
  );
}

function Rating({ articleId, lang, labels }: Props) {
  const summary = useStore($ratingSummary);
  const status = useStore($ratingStatus);
  const sending = useStore($ratingSending);
  const [stars, setStars] = useState(0);
  const [email, setEmail] = useState('');
  const id = useId();
  const ready = useHydrated();

  useEffect(() => {
    loadRating(articleId);
  }, [articleId]);

  const countLabel = (count: number) =>
    count === 0
      ? labels['rating.count.zero']
      : fill(pluralForm(count, lang) === 'one' ? labels['rating.count.one'] : labels['rating.count.other'], {
          count: formatNumber(count, lang),
        });
  const starLabel = (n: number) =>
    fill(pluralForm(n, lang) === 'one' ? labels['rating.stars.one'] : labels['rating.stars.other'], {
      count: n,
    });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-[2rem] border border-white/15 bg-white/5 p-6 sm:p-8"
      data-article-rating
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-sun">
        {labels['rating.title']}
      </h2>
      <p className="mt-3 flex flex-wrap items-center gap-3 text-haze" aria-live="polite" data-rating-summary>
        {status === 'loading' && ready && labels['rating.loading']}
        {status === 'unavailable' && labels['rating.unavailable']}
        {status === 'ready' && summary && (
          <>
            <StarRow value={summary.average} />
            {summary.count > 0 && (
              <span className="font-bold text-cream">
                <span className="sr-only">
                  {fill(labels['rating.summary'], { average: formatNumber(summary.average, lang, 1) })}
                </span>
                <span aria-hidden="true">{formatNumber(summary.average, lang, 1)}</span>
              </span>
            )}
            <span data-rating-count>{countLabel(summary.count)}</span>
          </>
        )}
      </p>
      <form
        noValidate
        className="mt-6"
        onSubmit={async (event) => {
          event.preventDefault();
          showOutcome(await rateArticle(articleId, stars, email), toasts, labels);
        }}
      >
        <fieldset>
          <legend className="sr-only">{labels['rating.title']}</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <span key={n} className="relative">
                <input
                  type="radio"
                  name={`${id}-stars`}
                  id={`${id}-star-${n}`}
                  value={n}
                  checked={stars === n}
                  disabled={!ready}
                  onChange={() => setStars(n)}
                  className="peer absolute inset-0 opacity-0"
                />
                <label
                  htmlFor={`${id}-star-${n}`}
                  className={`inline-flex size-11 cursor-pointer items-center justify-center rounded-xl peer-focus-visible:outline-3 peer-focus-visible:outline-mint peer-disabled:cursor-wait peer-disabled:opacity-50 ${n <= stars ? 'text-sun' : 'text-haze/50 hover:text-sun/80'}`}
                >
                  <span className="sr-only">{starLabel(n)}</span>
                  <StarIcon filled={n <= stars} size={32} />
                </label>
              </span>
            ))}
          </div>
        </fieldset>
        <label htmlFor={`${id}-email`} className="mt-5 block font-bold text-cream">
          {labels['rating.emailLabel']}
        </label>
        <p id={`${id}-hint`} className="text-sm text-haze">
          {labels['rating.emailHint']}
        </p>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            aria-describedby={`${id}-hint`}
            value={email}
            disabled={!ready}
            onChange={(event) => setEmail(event.target.value)}
            className="min-h-12 flex-1 rounded-full border-2 border-white/25 bg-night/60 px-5 text-cream focus:border-mint disabled:cursor-wait disabled:opacity-60"
          />
          <button
            type="submit"
            disabled={sending || !ready}
            className="inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-full bg-sun px-6 font-display font-bold text-night transition hover:bg-sun-deep disabled:cursor-wait disabled:opacity-75"
          >
            {sending && <Spinner />}
            {sending ? labels['rating.sending'] : labels['rating.submit']}
          </button>
        </div>
      </form>
    </section>
  );
}

function StarRow({ value }: { value: number }) {
  const full = Math.round(value);
  return (
    <span className="inline-flex text-sun" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= full} size={22} />
      ))}
    </span>
  );
}

function StarIcon({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4-4.7-4.4 6.4-.8z" />
    </svg>
  );
}
