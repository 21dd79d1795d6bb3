import type { TipCategory } from '../../i18n/categories.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { BlogCategory } from './articleSchema.ts';

/**
 * The article category that says more about a tip's category. Categories with no article to match
 * (finance, sleep, ...) are left out: their tips' pages show no article rather than a stretched one.
 */
export const articleCategoryOfTip: Partial<Record<TipCategory, BlogCategory>> = {
  mentalHealth: 'mentalHealth',
  anxiety: 'mentalHealth',
  clarity: 'mentalHealth',
  emotions: 'mentalHealth',
  mindfulness: 'mentalHealth',
  problemSolving: 'mentalHealth',
  relationships: 'relationships',
  socialSkills: 'relationships',
  support: 'relationships',
  selfEsteem: 'relationships',
  productivity: 'productivity',
  motivation: 'productivity',
  perfectionism: 'productivity',
};

/** What the related-tips rules need of an article's frontmatter. */
export interface RelatedArticle {
  id: number;
  category: BlogCategory;
  language: Lang;
  relatedTips: readonly string[];
}

/**
 * Problems with the articles' related tips, one readable line each: a tip id that is not in
 * `content/tips.json`, or an article whose two languages list different tips.
 */
export function checkRelatedTips(articles: readonly RelatedArticle[], tipIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const listed = new Map<number, string>();
  for (const article of articles) {
    for (const id of article.relatedTips) {
      if (!tipIds.has(id))
        problems.push(
          `article ${article.id} (${article.language}): related tip ${id} is not in content/tips.json`,
        );
    }
    const key = article.relatedTips.join(',');
    const other = listed.get(article.id);
    if (other !== undefined && other !== key)
      problems.push(`article ${article.id}: its languages list different related tips (${other} and ${key})`);
    listed.set(article.id, key);
  }
  return problems;
}

/**
 * The article a tip's page points to: the newest that lists the tip among its related tips, else the
 * newest of the article category its category belongs to, else none. `articles` come newest first.
 */
export function articleForTip<A extends RelatedArticle>(
  tip: { baseId: string; topic: TipCategory },
  articles: readonly A[],
): A | undefined {
  const category = articleCategoryOfTip[tip.topic];
  return (
    articles.find((article) => article.relatedTips.includes(tip.baseId)) ??
    articles.find((article) => article.category === category)
  );
}
