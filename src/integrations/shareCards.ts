import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { cardCacheDir } from '../lib/shareCards/paths.ts';

/**
 * Reports how many share cards this build drew and how many it reused from the cache, and removes
 * cached cards that no page uses any more (a changed tip leaves its old card behind otherwise).
 */
export function shareCards(dir: string = cardCacheDir): AstroIntegration {
  let started = 0;
  return {
    name: 'share-cards',
    hooks: {
      'astro:build:start': () => {
        started = Date.now();
      },
      'astro:build:done': async ({ logger }) => {
        let [rendered, reused, removed] = [0, 0, 0];
        for (const name of await readdir(dir).catch(() => [])) {
          const file = join(dir, name);
          const { mtimeMs, atimeMs } = await stat(file);
          if (mtimeMs >= started) rendered++;
          else if (atimeMs >= started) reused++;
          else {
            await rm(file, { force: true });
            removed++;
          }
        }
        logger.info(
          `share cards: ${rendered} drawn, ${reused} reused from ${dir}, ${removed} unused removed`,
        );
      },
    },
  };
}
