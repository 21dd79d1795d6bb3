import { join } from 'node:path';

/** Kept between builds, outside the source and output folders (builds run from the project folder). */
export const cardCacheDir = join(process.cwd(), 'node_modules/.cache/share-cards');

/**
 * Where a page's share card is published: under `/cards`, at the page's own path.
 * @example shareCardPath('/bg/tips/5') // '/cards/bg/tips/5.png'
 */
export function shareCardPath(pagePath: string): string {
  return `/cards${pagePath}.png`;
}
