import type { Page } from 'playwright-core';
import { keptOut } from '../../src/lib/tips/combinedList.ts';

/**
 * Lets a test choose the generator's next pick: Math.random answers `nextRandom` once when it is set,
 * and stays random otherwise. Call before the page loads.
 */
export async function steerPicks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const random = Math.random;
    Math.random = () => {
      const holder = globalThis as { nextRandom?: number };
      const value = holder.nextRandom ?? random();
      holder.nextRandom = undefined;
      return value;
    };
  });
}

/**
 * The random number that makes pickIndex (combinedList.ts) choose `index` of a list of `length`, after
 * the indices `shown` (oldest first); undefined when `index` is still kept out.
 */
export function randomFor(index: number, shown: readonly number[], length: number): number | undefined {
  const kept = new Set(shown.slice(-keptOut(length)));
  const candidates = Array.from({ length }, (_, i) => i).filter((i) => !kept.has(i));
  const at = candidates.indexOf(index);
  return at < 0 ? undefined : (at + 0.5) / candidates.length;
}
