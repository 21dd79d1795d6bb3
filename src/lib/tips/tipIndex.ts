import type { Lang } from '../../i18n/languages.ts';

/** What the tips index needs of a tip (tipLists.ts `allTips` gives more). */
interface IndexedTip {
  id: string;
  /** The category's display name in the page's language. */
  category: string;
}

/** The tips of one category, under its display name. */
export interface TipGroup<T extends IndexedTip> {
  category: string;
  tips: T[];
}

/**
 * Tips grouped by category, the groups in the order of the categories' names in that language (so
 * "Активност" before "Безпокойство" in Bulgarian); within a group, the tips keep the order given.
 * @example tipGroups([{ id: 'en_2', category: 'Sleep' }, { id: 'en_1', category: 'Anxiety' }], 'en')
 * // [{ category: 'Anxiety', tips: [en_1] }, { category: 'Sleep', tips: [en_2] }]
 */
export function tipGroups<T extends IndexedTip>(tips: readonly T[], lang: Lang): TipGroup<T>[] {
  const collator = new Intl.Collator(lang);
  return [...Map.groupBy(tips, (tip) => tip.category)]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([category, grouped]) => ({ category, tips: grouped }));
}

/** The tips before and after one tip within its category, in the index's order; none at either end. */
export function tipNeighbours<T extends IndexedTip>(
  tips: readonly T[],
  id: string,
): { previous?: T; next?: T } {
  const tip = tips.find((candidate) => candidate.id === id);
  if (!tip) return {};
  const category = tips.filter((candidate) => candidate.category === tip.category);
  const at = category.indexOf(tip);
  return { previous: category[at - 1], next: category[at + 1] };
}

/**
 * A page title within `max` characters: the whole text in the title's frame when it fits, else the
 * text cut after its last whole word that fits, with an ellipsis.
 * @example shortTitle('Charge your phone outside the bedroom tonight.', (s) => `${s} | Site`, 30)
 * // 'Charge your phone… | Site'
 */
export function shortTitle(text: string, frame: (text: string) => string, max = 60): string {
  const whole = frame(text);
  if (whole.length <= max) return whole;
  const room = max - frame('').length - 1;
  const words = text.split(/\s+/);
  let cut = '';
  for (const word of words) {
    const longer = cut ? `${cut} ${word}` : word;
    if (longer.length > room) break;
    cut = longer;
  }
  // A first word longer than the room is cut inside it rather than leaving the title empty.
  const shown = (cut || text.slice(0, room)).replace(/[\s.,;:!?—–-]+$/u, '');
  return frame(`${shown}…`);
}
