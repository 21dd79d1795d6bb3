import { useEffect, useState } from 'react';
import { baseTipId } from '../../../functions/contract.ts';
import { isKept, keepTips, unkeepTip } from '../../lib/keep/keptTips.ts';
import { Icon } from '../icons.tsx';

/** A bookmark's outline, filled once the tip is kept. */
export const keepIcon = 'M6 3h12a1 1 0 0 1 1 1v17l-7-5-7 5V4a1 1 0 0 1 1-1z';

interface Props {
  /** The tip's id in the page's language (`en_5`, `5`): kept by its language-neutral id. */
  tipId: string;
  label: string;
  className: string;
}

/** Keeps the tip in this browser (src/lib/keep/keptTips.ts), or lets it go again: a toggle button. */
export default function KeepButton({ tipId, label, className }: Props) {
  const id = baseTipId(tipId);
  const [kept, setKept] = useState(false);
  useEffect(() => setKept(isKept(id)), [id]);
  const toggle = () => {
    if (kept ? unkeepTip(id) : keepTips([id])) setKept(!kept);
  };
  return (
    <button type="button" aria-pressed={kept} onClick={toggle} className={className} data-keep={id}>
      <Icon d={keepIcon} size={18} stroke={2.2} filled={kept} />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}
