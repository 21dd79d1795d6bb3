import type { FeedbackState } from '../../stores/advice.ts';
import { Icon, thumbIcon } from '../icons.tsx';
import type { AdviceLabels } from '../labelKeys.ts';

interface Props {
  state: FeedbackState;
  labels: AdviceLabels;
  onRate: (rating: 0 | 1) => void;
}

/** "Like this advice?" with a thumb up and down under a tip, then the thanks, which fade away. */
export default function Feedback({ state, labels, onRate }: Props) {
  if (state === 'gone') return null;
  return (
    <div
      className={`relative flex min-h-16 items-center justify-center transition-opacity duration-300 ${state === 'fading' ? 'opacity-0' : 'opacity-100'}`}
      data-feedback={state}
    >
      {state === 'ask' && (
        <div className="flex items-center gap-4">
          <p className="font-bold text-haze">{labels['feedback.question']}</p>
          {([1, 0] as const).map((rating) => {
            const label = labels[rating ? 'feedback.like' : 'feedback.dislike'];
            return (
              <button
                key={rating}
                type="button"
                onClick={() => onRate(rating)}
                aria-label={label}
                title={label}
                className="inline-flex size-12 shrink-0 cursor-pointer items-center justify-center rounded-full border-2 border-white/20 text-cream transition hover:scale-110 hover:border-sun hover:text-sun"
              >
                <Icon d={thumbIcon} size={22} stroke={2} className={rating ? undefined : 'rotate-180'} />
              </button>
            );
          })}
        </div>
      )}
      {/* There, empty, from the question on: a status region that arrives with its text is often not read. */}
      <p
        role="status"
        className={
          state === 'ask'
            ? undefined
            : 'rounded-full bg-mint px-6 py-3 font-display text-lg font-bold text-night'
        }
      >
        {state !== 'ask' && labels['feedback.thanks']}
      </p>
    </div>
  );
}
