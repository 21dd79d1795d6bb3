import type { AstroIntegration } from 'astro';
import { pruneCache } from '../lib/buildCache.ts';
import { shareCardsCacheKind } from '../lib/shareCards/paths.ts';

/** Removes cached share cards no build has drawn for 30 days (a changed tip leaves its old card behind). */
export function shareCards(): AstroIntegration {
  return {
    name: 'share-cards',
    hooks: { 'astro:build:done': () => pruneCache(shareCardsCacheKind) },
  };
}
