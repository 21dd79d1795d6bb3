import { type CollectionEntry, getCollection } from 'astro:content';
import type { Lang } from '../../i18n/languages.ts';
import { checkRelatedTips } from './related.ts';

export type Article = CollectionEntry<'blog'>;

/** One language's articles, newest first. Fails the build if two files claim the same id. */
export async function getArticles(lang: Lang): Promise<Article[]> {
  const articles = await getCollection('blog', (entry) => entry.data.language === lang);
  const ids = articles.map((article) => article.data.id);
  const twice = ids.find((id, at) => ids.indexOf(id) !== at);
  if (twice !== undefined)
    throw new Error(`Two ${lang} articles use id ${twice}: ids must be unique per language.`);
  const tips = await getCollection('tips');
  const problems = checkRelatedTips(
    (await getCollection('blog')).map((entry) => entry.data),
    new Set(tips.map((tip) => tip.data.id)),
  );
  if (problems.length > 0)
    throw new Error(`The articles' related tips have problems:\n- ${problems.join('\n- ')}`);
  return articles.sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || b.data.id - a.data.id);
}
