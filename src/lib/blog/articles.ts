import { type CollectionEntry, getCollection } from 'astro:content';
import type { Lang } from '../../i18n/languages.ts';

export type Article = CollectionEntry<'blog'>;

/** One language's articles, newest first. Fails the build if two files claim the same id. */
export async function getArticles(lang: Lang): Promise<Article[]> {
  const articles = await getCollection('blog', (entry) => entry.data.language === lang);
  const seen = new Set<number>();
  for (const article of articles) {
    if (seen.has(article.data.id)) {
      throw new Error(`Two ${lang} articles use id ${article.data.id}: ids must be unique per language.`);
    }
    seen.add(article.data.id);
  }
  return articles.sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || b.data.id - a.data.id);
}
