import type { Lang } from '../../i18n/languages.ts';

/** The build cache's kind for share cards (node_modules/.cache/build/share-cards). */
export const shareCardsCacheKind = 'share-cards';

/**
 * Where a page's share card is published: under `/cards`, at the page's own path.
 * @example shareCardPath('/bg/tips/5') // '/cards/bg/tips/5.png'
 */
export function shareCardPath(pagePath: string): string {
  return `/cards${pagePath}.png`;
}

/**
 * The card of pages without one of their own: English pages keep the drawn `public/og-image.png`
 * (English first); Bulgarian pages get one in Bulgarian, drawn like the tips' cards (cards.ts).
 */
export function siteCardPath(lang: Lang): string {
  return lang === 'bg' ? shareCardPath('/bg/site') : '/og-image.png';
}
