/** How many slots the combined list has, and which slots hold rare tips (few, so they stay rare). */
export const listSlots = 115;
export const rareEvery = 10;

/**
 * Builds one language's combined tip list: of `slots` slots, every `rareEvery`-th takes
 * the next rare tip while any remain; the other slots take the next regular tip while any remain.
 * A slot whose pool is empty stays empty, so 101 regular and 21 rare give 112 tips, 11 of them rare.
 */
export function combinedList<T>(regular: readonly T[], rare: readonly T[], slots = listSlots): T[] {
  const list: T[] = [];
  let nextRegular = 0;
  let nextRare = 0;
  for (let slot = 1; slot <= slots; slot++) {
    if (slot % rareEvery === 0) {
      const tip = rare[nextRare];
      if (tip !== undefined) {
        list.push(tip);
        nextRare++;
      }
    } else {
      const tip = regular[nextRegular];
      if (tip !== undefined) {
        list.push(tip);
        nextRegular++;
      }
    }
  }
  return list;
}

/**
 * Picks a random index of a list of `length`, never `previous` when there is another choice, so the
 * same tip is not shown twice in a row.
 */
export function pickIndex(
  length: number,
  previous: number | null,
  random: () => number = Math.random,
): number {
  if (length <= 1 || previous === null || previous < 0 || previous >= length) {
    return Math.floor(random() * length);
  }
  const pick = Math.floor(random() * (length - 1));
  return pick >= previous ? pick + 1 : pick;
}
