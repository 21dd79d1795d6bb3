import type { ReactNode } from 'react';
import type { HelpLink } from '../../lib/tips/careTips.ts';
import type { ShownTip } from '../../stores/advice.ts';
import TipFigure from './TipFigure.tsx';

interface Props {
  label: string;
  busy: boolean;
  /**
   * The tips that take the most room (sizerTips.ts), laid invisibly in the same grid cell as what is
   * shown, so the card is as tall at every width as its tallest tip and GET WISDOM below never moves.
   */
  sizers: readonly ShownTip[];
  help: { label: string; links: readonly HelpLink[] };
  shareLabel: string;
  /** The shown tip, or the welcome before the first press. */
  children: ReactNode;
  /** Below the tip: the link to copy by hand when sharing failed. */
  after?: ReactNode;
}

/** The advice card: one grid cell holding what is shown over the invisible sizers. */
export default function TipCard({ label, busy, sizers, help, shareLabel, children, after }: Props) {
  return (
    <section
      data-advice-card
      aria-label={label}
      aria-live="polite"
      aria-busy={busy}
      className="relative grid w-full rounded-[2rem] border border-white/15 bg-white/8 p-5 text-left shadow-2xl shadow-black/30 backdrop-blur-sm sm:p-10"
    >
      {children}
      {sizers.map((tip) => (
        <TipFigure key={tip.id} tip={tip} help={help} shareLabel={shareLabel} sizer />
      ))}
      {after}
    </section>
  );
}
