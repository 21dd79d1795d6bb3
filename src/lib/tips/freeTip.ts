import type { ShownTip } from '../../stores/advice.ts';

/**
 * The tip offered for free when the generator cannot run (no JavaScript): a different one each day the
 * site is built, never one for someone in crisis, whose help links only its own card and page show.
 */
export function freeTip(tips: readonly ShownTip[], now = Date.now()): ShownTip | undefined {
  const everyday = tips.filter((tip) => !tip.care);
  return everyday[Math.floor(now / 86_400_000) % everyday.length];
}
