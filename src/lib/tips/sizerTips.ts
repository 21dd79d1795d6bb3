import type { ShownTip } from '../../stores/advice.ts';

/** How many of the longest everyday tips hold the card's height: the longest by letters is not always the tallest. */
const longest = 3;

/**
 * The tips whose invisible copies hold the generator's card at the height of its tallest tip
 * (src/islands/AdviceGenerator.tsx): the few longest, each with the longest category name (on a narrow
 * phone a long one wraps the keep and share buttons to a row of their own), and every tip for someone
 * in crisis, whose help links take more room than a category and the buttons.
 * tests/e2e/buttonStaysPut.test.ts checks the button over every tip.
 */
export function sizerTips(tips: readonly ShownTip[]): ShownTip[] {
  const everyday = tips.filter((tip) => !tip.care).sort((a, b) => b.text.length - a.text.length);
  const category = everyday.reduce(
    (widest, tip) => (tip.category.length > widest.length ? tip.category : widest),
    '',
  );
  return [
    ...everyday.slice(0, longest).map((tip) => ({ ...tip, category })),
    ...tips.filter((tip) => tip.care),
  ];
}
