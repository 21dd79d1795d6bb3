import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { fill } from '../i18n/fill.ts';
import { pluralForm } from '../i18n/format.ts';
import type { Lang } from '../i18n/languages.ts';
import {
  $ratingSending,
  loadRating,
  type RatingOutcome,
  rateArticle,
  ratingProblems,
} from '../stores/articleRating.ts';
import ErrorBoundary from './ErrorBoundary.tsx';
import { fieldBorder } from './fieldStyle.ts';
import type { RatingLabels } from './labelKeys.ts';
import type { OutcomeToast } from './outcomeToast.ts';
import { StarIcon } from './RatingStars.tsx';
import RatingSummary from './RatingSummary.tsx';
import { SubmitButton, useSentForm } from './sentForm.tsx';

const toasts: Record<RatingOutcome['kind'], OutcomeToast<keyof RatingLabels>> = {
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

/** The form's stars and e-mail as the visitor left them (also before hydration: the inputs keep them). */
function read(form: HTMLFormElement) {
  const checked = form.querySelector<HTMLInputElement>('input[type="radio"]:checked');
  const email = form.querySelector<HTMLInputElement>('input[type="email"]');
  return { stars: Number(checked?.value ?? 0), email: email?.value ?? '' };
}

function Rating({ articleId, lang, labels }: Props) {
  const sending = useStore($ratingSending);
  const [stars, setStars] = useState(0);
  // Rated: the form is settled, its controls disabled, its line saying thanks.
  const [rated, setRated] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const { errors, ...sent } = useSentForm({
    read,
    messages: (values) => {
      const problems = ratingProblems(values.stars, values.email);
      const emailText = labels[problems.email === 'missing' ? 'rating.emailRequired' : 'subscribe.invalid'];
      return { stars: problems.stars && labels['rating.chooseStars'], email: problems.email && emailText };
    },
    send: ({ stars, email }) => rateArticle(articleId, stars, email),
    toasts,
    labels,
    after: (outcome) => setRated(outcome.kind === 'success'),
  });

  useEffect(() => {
    loadRating(articleId);
    if (!form.current) return;
    // A star chosen before hydration (arrow keys, a tap) is kept by the input: show it.
    setStars(read(form.current).stars);
    // Hydrating sets each star's name again, after which Chromium lets Tab stop on the next star of
    // the group too: focus set afresh on a star that had it keeps the group one Tab stop.
    const focused = document.activeElement;
    if (focused instanceof HTMLInputElement && focused.type === 'radio' && form.current.contains(focused)) {
      focused.blur();
      focused.focus();
    }
  }, [articleId]);

  const starLabel = (n: number) =>
    fill(labels[pluralForm(n, lang) === 'one' ? 'rating.stars.one' : 'rating.stars.other'], { count: n });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-[2rem] border border-white/15 bg-white/5 p-6 sm:p-8"
      data-article-rating
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-sun">
        {labels['rating.title']}
      </h2>
      <RatingSummary lang={lang} labels={labels} />
      <form ref={form} className="mt-6" {...sent.form}>
        <fieldset disabled={rated} className="disabled:opacity-60">
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
                    onChange={() => setStars(n)}
                    {...errors.describe('stars')}
                    className="peer absolute inset-0 opacity-0"
                  />
                  <label
                    htmlFor={`${id}-star-${n}`}
                    className={`inline-flex size-11 cursor-pointer items-center justify-center rounded-xl peer-focus-visible:outline-3 peer-focus-visible:outline-mint ${n <= stars ? 'text-sun' : 'text-haze/50 hover:text-sun/80'}`}
                  >
                    <span className="sr-only">{starLabel(n)}</span>
                    <StarIcon filled={n <= stars} size={32} />
                  </label>
                </span>
              ))}
            </div>
            {errors.message('stars')}
          </fieldset>
          <label htmlFor={`${id}-email`} className="mt-5 block font-bold text-cream">
            {labels['rating.emailLabel']}
          </label>
          <p id={`${id}-hint`} className="text-sm text-haze">
            {labels['rating.emailHint']}
          </p>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <input
                id={`${id}-email`}
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                {...errors.describe('email', `${id}-hint`)}
                className={`${fieldBorder} min-h-12 w-full rounded-full bg-night/60 px-5 text-cream`}
              />
              {errors.message('email')}
            </div>
            <SubmitButton
              busy={sending}
              label={labels['rating.submit']}
              busyLabel={labels['rating.sending']}
              className="bg-sun hover:bg-sun-deep"
            />
          </div>
        </fieldset>
        {sent.status}
      </form>
    </section>
  );
}
