/** How many slots the combined list has, and which slots hold rare tips (few, so they stay rare). */
export const listSlots = 115;
export const rareEvery = 10;

/**
 * Builds one language's combined tip list: of `slots` slots, every `rareEvery`-th takes
 * the next rare tip while any remain; the other slots take the next regular tip while any remain.
 * A slot whose pool is empty stays empty, so 101 regular and 21 rare give 112 tips, 11 of them rare.
 */
export function combinedList<T>(regular: readonly T[], rare: readonly T[], slots = listSlots): T[] {
  const pools = { regular: [...regular], rare: [...rare] };
  const list: T[] = [];
  for (let slot = 1; slot <= slots; slot++) {
    const tip = (slot % rareEvery === 0 ? pools.rare : pools.regular).shift();
    if (tip !== undefined) list.push(tip);
  }
  return list;
}

/** How many other tips a visitor sees at least before one comes back (DECISIONS.md, 2026-11-26). */
export const freshFor = 20;

/**
 * How many of the last tips shown are kept out of the next pick: half the list when that is more than
 * `freshFor`, so a visit of 25 presses on the 112 tips sees none twice, while half the list stays to
 * choose from and the order never settles into a cycle; a list of `freshFor` or fewer keeps out all but one.
 */
export function keptOut(length: number): number {
  return Math.min(Math.max(freshFor, Math.floor(length / 2)), length - 1);
}

/**
 * Picks a random index of a list of `length` among those not in the last `keptOut(length)` of `recent`
 * (the indices shown so far, oldest first). Candidates are taken in list order: `random()` r picks the
 * candidate r of the way along them, e.g. the first press (nothing recent) picks `floor(r * length)`.
 */
export function pickIndex(
  length: number,
  recent: readonly number[] = [],
  random: () => number = Math.random,
): number {
  const kept = new Set(recent.slice(-keptOut(length)));
  const candidates = Array.from({ length }, (_, index) => index).filter((index) => !kept.has(index));
  return candidates[Math.floor(random() * candidates.length)] ?? 0;
}
