import { inlineScript } from '../inlineScript.ts';

/** The 404 page's inline script (unknownArticle.inline.ts). */
export function notFoundScript(): string {
  return inlineScript('src/lib/blog/unknownArticle.inline.ts');
}
