import type { HelpLink } from '../../lib/tips/careTips.ts';
import type { ShownTip } from '../../stores/advice.ts';
import { Icon, shareIcon as sharePath } from '../icons.tsx';
import KeepButton, { keepIcon } from './KeepButton.tsx';

interface Props {
  tip: ShownTip;
  /** Shown instead of sharing under a tip for someone in crisis (careTips.ts). */
  help: { label: string; links: readonly HelpLink[] };
  shareLabel: string;
  keepLabel: string;
  onShare?: () => void;
  /**
   * An invisible copy that only holds the card's height (AdviceGenerator.tsx): set in the display face's bold,
   * which the first screen already has and which is a little wider than the tip's semibold, so it wraps
   * to at least as many lines, and with nothing to reach.
   */
  sizer?: boolean;
  dimmed?: boolean;
}

const shareIcon = <Icon d={sharePath} size={18} stroke={2.2} />;
const shareClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 text-sm font-bold text-haze sm:px-4';
const pressable = 'cursor-pointer hover:bg-white/10 hover:text-sun aria-pressed:text-mint';

/**
 * A tip as the card shows it: the text, then its category and a share button, or ways to get help, kept
 * at the card's foot however short the tip.
 */
export default function TipFigure({
  tip,
  help,
  shareLabel,
  keepLabel,
  onShare,
  sizer = false,
  dimmed = false,
}: Props) {
  // A sizer is plain boxes: no second quotation on the page, for readers or for tests that find the tip.
  const [Figure, Quote, Caption] = sizer
    ? (['div', 'p', 'div'] as const)
    : (['figure', 'blockquote', 'figcaption'] as const);
  return (
    <Figure
      aria-hidden={sizer || undefined}
      className={`col-start-1 row-start-1 flex flex-col ${sizer ? 'invisible' : dimmed ? 'opacity-40 transition-opacity' : 'transition-opacity'}`}
      data-tip-sizer={sizer || undefined}
    >
      <Quote
        className={`font-display text-lg leading-snug text-balance text-cream min-[400px]:text-xl sm:text-2xl ${sizer ? 'font-bold' : 'font-semibold'}`}
        data-tip-id={sizer ? undefined : tip.id}
      >
        {tip.text}
      </Quote>
      {tip.care ? (
        <Caption className="mt-auto pt-4">
          <ul
            aria-label={help.label}
            className="flex flex-wrap gap-x-4 gap-y-1"
            data-help-links={sizer ? undefined : ''}
          >
            {help.links.map((link) => (
              <li key={link.href}>
                <a
                  href={sizer ? undefined : link.href}
                  className="inline-flex min-h-11 items-center text-sm font-bold text-mint underline underline-offset-4 hover:text-sun"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </Caption>
      ) : (
        <Caption className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4 sm:pt-6">
          <span className="rounded-full bg-mint/15 px-3 py-1 text-xs font-bold tracking-wide text-mint uppercase">
            {tip.category}
          </span>
          {sizer ? (
            <span className="flex">
              <span className={shareClass}>
                <Icon d={keepIcon} size={18} stroke={2.2} />
                <span className="sr-only sm:not-sr-only">{keepLabel}</span>
              </span>
              <span className={shareClass}>
                {shareIcon}
                <span className="sr-only sm:not-sr-only">{shareLabel}</span>
              </span>
            </span>
          ) : (
            <span className="flex">
              <KeepButton tipId={tip.id} label={keepLabel} className={`${shareClass} ${pressable}`} />
              <button type="button" onClick={onShare} className={`${shareClass} ${pressable}`}>
                {shareIcon}
                {/* Icon only on the narrowest phones, so a long category and the buttons share one row. */}
                <span className="sr-only sm:not-sr-only">{shareLabel}</span>
              </button>
            </span>
          )}
        </Caption>
      )}
    </Figure>
  );
}
