/** The build cache's kind for share cards (node_modules/.cache/build/share-cards). */
export const shareCardsCacheKind = 'share-cards';

/**
 * Where a page's share card is published: under `/cards`, at the page's own path.
 * @example shareCardPath('/bg/tips/5') // '/cards/bg/tips/5.png'
 */
export function shareCardPath(pagePath: string): string {
  return `/cards${pagePath}.png`;
}
