import { fill } from '../../i18n/fill.ts';
import { stepHistory } from '../../stores/advice.ts';
import { Icon } from '../icons.tsx';
import type { AdviceLabels } from '../labelKeys.ts';

interface Props {
  /** Which of this visit's tips the card shows (0 the first) and how many there are. */
  at: number;
  count: number;
  labels: AdviceLabels;
}

const stepClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-full px-3 text-sm font-bold text-haze hover:bg-white/10 hover:text-sun aria-disabled:cursor-default aria-disabled:opacity-40 aria-disabled:hover:bg-transparent aria-disabled:hover:text-haze';

/**
 * The way back: steps through the tips this visit has shown and forward again to the newest. Always laid
 * out (invisible until there is somewhere to go), so nothing under it moves when it appears; its buttons
 * are aria-disabled rather than disabled, so the focus stays on one that reaches an end.
 */
export default function HistoryNav({ at, count, labels }: Props) {
  const step = (by: -1 | 1, possible: boolean) => (
    <button
      type="button"
      aria-disabled={!possible}
      onClick={() => possible && stepHistory(by)}
      className={stepClass}
      data-history={by < 0 ? 'back' : 'forward'}
    >
      {by < 0 && <Icon d="M15 18l-6-6 6-6" size={18} stroke={2.4} />}
      {labels[by < 0 ? 'advice.back' : 'advice.forward']}
      {by > 0 && <Icon d="M9 18l6-6-6-6" size={18} stroke={2.4} />}
    </button>
  );
  return (
    <nav
      aria-label={labels['advice.history']}
      className={`flex items-center justify-center gap-2 ${count > 1 ? '' : 'invisible'}`}
      data-history-nav
    >
      {step(-1, at > 0)}
      <span className="min-w-16 text-center text-sm text-haze tabular-nums">
        {count > 1 && fill(labels['advice.position'], { at: String(at + 1), count: String(count) })}
      </span>
      {step(1, at < count - 1)}
    </nav>
  );
}
