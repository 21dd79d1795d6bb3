import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { fill } from '../i18n/fill.ts';
import type { Lang } from '../i18n/languages.ts';
import { shareTip } from '../lib/shareTip.ts';
import type { HelpLink } from '../lib/tips/careTips.ts';
import {
  $advice,
  $feedback,
  chooseTipList,
  prepareTips,
  rateTip,
  requestTip,
  type ShownTip,
} from '../stores/advice.ts';
import type { AdviceLabels } from './labelKeys.ts';
import Spinner from './Spinner.tsx';

interface Props {
  lang: Lang;
  /** Where this language's combined list (regular and rare tips, see combinedList.ts) is, e.g. `/bg/tips.json`. */
  tipsUrl: string;
  labels: AdviceLabels;
  /** Path of a tip's own page with `{id}` for the id, e.g. `/bg/tips/{id}`. */
  tipPath: string;
  /** Shown instead of sharing and rating under a tip for someone in crisis (careTips.ts). */
  help: { label: string; links: readonly HelpLink[] };
}

/** The home page's generator: "GET WISDOM", the advice card, and like/dislike feedback for each tip. */
export default function AdviceGenerator({ lang, tipsUrl, labels, tipPath, help }: Props) {
  const advice = useStore($advice);
  const feedback = useStore($feedback);
  const button = useRef<HTMLButtonElement>(null);
  // The link of a tip that could be neither shared nor copied, shown for copying by hand.
  const [manualLink, setManualLink] = useState<{ tipId: string; url: string } | null>(null);
  const manualInput = useRef<HTMLInputElement>(null);
  const manualId = useId();

  useEffect(() => chooseTipList(tipsUrl, lang), [tipsUrl, lang]);

  // What the first tip needs, asked for when the visitor reaches for the button (or presses it before
  // that was seen): the list, and the display font's semibold, which no first screen shows, so the page
  // does not preload it (src/lib/builtPages/fonts.ts lets this one face swap in). Both have the 500 ms of
  // loading to arrive; a visit that never presses fetches neither.
  const prepared = useRef(false);
  const prepare = () => {
    if (prepared.current) return;
    prepared.current = true;
    prepareTips();
    const display = getComputedStyle(document.documentElement).getPropertyValue('--font-display');
    if (display) void document.fonts?.load(`600 1em ${display}`);
  };

  const loading = advice.status === 'loading';
  const tip = advice.status === 'welcome' ? null : advice.tip;

  const rate = (rating: 0 | 1) => {
    rateTip(rating);
    // The buttons give way to the thanks, so keep keyboard focus on the next natural action.
    button.current?.focus();
  };

  const share = async (shown: ShownTip) => {
    const url = new URL(fill(tipPath, { id: shown.id }), location.href).href;
    const outcome = await shareTip(
      { url, text: shown.text, title: fill(labels['tip.metaTitle'], { text: shown.text }) },
      {
        shared: labels['advice.shared'],
        copied: labels['advice.copied'],
        failed: fill(labels['advice.shareFailed'], { url }),
      },
    );
    setManualLink(outcome === 'failed' ? { tipId: shown.id, url } : null);
  };

  useEffect(() => {
    // Focus lands on the link, selected, so Ctrl+C (or a long press) is all that is left to do.
    if (manualLink) manualInput.current?.focus();
  }, [manualLink]);

  return (
    <div className="flex flex-col items-center gap-6 sm:gap-8">
      <section
        data-advice-card
        aria-label={labels['advice.region']}
        aria-live="polite"
        aria-busy={loading}
        className="relative w-full rounded-[2rem] border border-white/15 bg-white/8 p-5 text-left shadow-2xl shadow-black/30 backdrop-blur-sm sm:p-10"
      >
        {tip ? (
          <figure className={loading ? 'opacity-40 transition-opacity' : 'transition-opacity'}>
            <blockquote
              className="font-display text-lg leading-snug font-semibold text-balance text-cream min-[400px]:text-xl sm:text-2xl"
              data-tip-id={tip.id}
            >
              {tip.text}
            </blockquote>
            {tip.care ? (
              <figcaption className="mt-4">
                <ul aria-label={help.label} className="flex flex-wrap gap-x-4 gap-y-1" data-help-links>
                  {help.links.map((link) => (
                    <li key={link.href}>
                      <a
                        href={link.href}
                        className="inline-flex min-h-8 items-center text-sm font-bold text-mint underline underline-offset-4 hover:text-sun"
                      >
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </figcaption>
            ) : (
              <figcaption className="mt-4 flex flex-wrap items-center justify-between gap-3 sm:mt-6">
                <span className="rounded-full bg-mint/15 px-3 py-1 text-xs font-bold tracking-wide text-mint uppercase">
                  {tip.category}
                </span>
                <button
                  type="button"
                  onClick={() => share(tip)}
                  className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-full px-3 text-sm sm:px-4 font-bold text-haze hover:bg-white/10 hover:text-sun"
                >
                  <ShareIcon />
                  {/* Icon only on the narrowest phones, so a long category and the button share one row. */}
                  <span className="sr-only sm:not-sr-only">{labels['advice.share']}</span>
                </button>
              </figcaption>
            )}
          </figure>
        ) : (
          <p className="text-center text-lg text-haze">{labels['home.welcome']}</p>
        )}
        {tip && manualLink?.tipId === tip.id && (
          <div className="mt-4 flex flex-col gap-2" data-share-link>
            <label htmlFor={manualId} className="text-sm font-bold text-haze">
              {labels['advice.copyByHand']}
            </label>
            <input
              ref={manualInput}
              id={manualId}
              type="url"
              readOnly
              value={manualLink.url}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-xl border border-white/20 bg-night/60 px-3 py-2 text-sm text-cream"
            />
          </div>
        )}
      </section>

      <button
        ref={button}
        type="button"
        onPointerEnter={prepare}
        onPointerDown={prepare}
        onFocus={prepare}
        onClick={() => {
          prepare();
          requestTip(() => toast.error(labels['advice.unavailable']));
        }}
        aria-disabled={loading}
        // Its busy label is set in the display font's black, like the button: the build's font cut
        // reads it here (src/lib/fonts/pageText.ts, the fonts pass).
        data-font-text={labels['advice.loading']}
        className={`inline-flex min-h-14 min-w-56 cursor-pointer items-center justify-center gap-3 rounded-full bg-sun px-8 font-display text-lg font-bold tracking-wide text-night shadow-lg shadow-sun/20 transition hover:-translate-y-0.5 hover:bg-sun-deep active:translate-y-0 ${loading ? 'cursor-wait opacity-80' : ''}`}
      >
        {loading && <Spinner />}
        {loading ? labels['advice.loading'] : labels['advice.button']}
      </button>

      {advice.status === 'shown' && !advice.tip.care && feedback !== 'gone' && (
        <div
          className={`relative flex min-h-16 items-center justify-center transition-opacity duration-300 ${feedback === 'fading' ? 'opacity-0' : 'opacity-100'}`}
          data-feedback={feedback}
        >
          {feedback === 'ask' && (
            <div className="flex items-center gap-4">
              <p className="font-bold text-haze">{labels['feedback.question']}</p>
              <FeedbackButton label={labels['feedback.like']} onClick={() => rate(1)} />
              <FeedbackButton label={labels['feedback.dislike']} down onClick={() => rate(0)} />
            </div>
          )}
          {/* There, empty, from the question on: a status region that arrives with its text is often not read. */}
          <p
            role="status"
            className={
              feedback === 'ask'
                ? undefined
                : 'rounded-full bg-mint px-6 py-3 font-display text-lg font-bold text-night'
            }
          >
            {feedback !== 'ask' && labels['feedback.thanks']}
          </p>
        </div>
      )}
    </div>
  );
}

function FeedbackButton({
  label,
  down = false,
  onClick,
}: {
  label: string;
  down?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="inline-flex size-12 cursor-pointer items-center justify-center rounded-full border-2 border-white/20 text-cream transition hover:scale-110 hover:border-sun hover:text-sun"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={down ? 'rotate-180' : undefined}
      >
        <path d="M7 10v11M7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7m0-11H4a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h3" />
      </svg>
    </button>
  );
}

function ShareIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7M16 6l-4-4-4 4M12 2v13" />
    </svg>
  );
}
