import { useStore } from '@nanostores/react';
import { fill } from '../i18n/fill.ts';
import { formatNumber, pluralForm } from '../i18n/format.ts';
import type { Lang } from '../i18n/languages.ts';
import { useHydrated } from '../lib/hydration/useHydrated.ts';
import { $ratingStatus, $ratingSummary } from '../stores/articleRating.ts';
import type { RatingLabels } from './labelKeys.ts';
import { StarRow } from './RatingStars.tsx';

/**
 * The article's average and how many rated it; a live region, as a rating sent changes both. Its room is
 * there before anything fills it, so the stars below never move when it does: one line where the card is
 * wide, two on a phone, where the count can wrap below the stars (Bulgarian's does at 320 px).
 */
export default function RatingSummary({ lang, labels }: { lang: Lang; labels: RatingLabels }) {
  const summary = useStore($ratingSummary);
  const status = useStore($ratingStatus);
  const ready = useHydrated();

  const countLabel = (count: number) =>
    count === 0
      ? labels['rating.count.zero']
      : fill(labels[pluralForm(count, lang) === 'one' ? 'rating.count.one' : 'rating.count.other'], {
          count: formatNumber(count, lang),
        });

  return (
    <p
      className="mt-3 flex min-h-15 flex-wrap content-start items-center gap-3 text-haze sm:min-h-6"
      aria-live="polite"
      data-rating-summary
    >
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
  );
}
