import { type Ref, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { Lang } from '../../i18n/languages.ts';
import { chooseTipList, prepareTips, requestTip } from '../../stores/advice.ts';
import { Spinner } from '../icons.tsx';
import type { AdviceLabels } from '../labelKeys.ts';

interface Props {
  ref: Ref<HTMLButtonElement>;
  lang: Lang;
  tipsUrl: string;
  loading: boolean;
  labels: AdviceLabels;
}

/** GET WISDOM: asks for the next tip, and gets what the first one needs ready as the visitor reaches for it. */
export default function WisdomButton({ ref, lang, tipsUrl, loading, labels }: Props) {
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

  return (
    <button
      ref={ref}
      type="button"
      onPointerEnter={prepare}
      onPointerDown={prepare}
      onFocus={prepare}
      onClick={() => {
        prepare();
        requestTip(() => toast.error(labels['advice.unavailable']));
      }}
      aria-disabled={loading}
      className={`inline-flex min-h-14 min-w-56 cursor-pointer items-center justify-center rounded-full bg-sun px-8 font-display text-lg font-bold tracking-wide text-night shadow-lg shadow-sun/20 transition hover:-translate-y-0.5 hover:bg-sun-deep active:translate-y-0 ${loading ? 'cursor-wait opacity-80' : ''}`}
    >
      {/* Both labels hold their place, the one not said hidden, so the button keeps its size while busy. */}
      <span className="grid place-items-center">
        <span
          aria-hidden={loading || undefined}
          className={`col-start-1 row-start-1 ${loading ? 'invisible' : ''}`}
        >
          {labels['advice.button']}
        </span>
        <span
          aria-hidden={!loading || undefined}
          className={`col-start-1 row-start-1 inline-flex items-center gap-3 ${loading ? '' : 'invisible'}`}
        >
          <Spinner />
          {labels['advice.loading']}
        </span>
      </span>
    </button>
  );
}
