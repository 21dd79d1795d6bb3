import type { ShownTip } from '../../stores/advice.ts';

/** How many of the longest everyday tips hold the card's height: the longest by letters is not always the tallest. */
const longest = 3;

/**
 * The tips whose invisible copies hold the generator's card at the height of its tallest tip
 * (src/islands/AdviceGenerator.tsx): the few longest, and every tip for someone in crisis, whose help
 * links take more room than a category and a share button. tests/e2e/buttonStaysPut.test.ts checks
 * the button over every tip.
 */
export function sizerTips(tips: readonly ShownTip[]): ShownTip[] {
  const everyday = tips.filter((tip) => !tip.care).sort((a, b) => b.text.length - a.text.length);
  return [...everyday.slice(0, longest), ...tips.filter((tip) => tip.care)];
}
