import rss from '@astrojs/rss';
import type { Lang } from '../../i18n/languages.ts';
import { localizePath } from '../../i18n/paths.ts';
import { translator } from '../../i18n/translate.ts';
import { getArticles } from './articles.ts';

/** One language's RSS feed of the blog. */
export async function rssFeed(lang: Lang, site: URL | undefined): Promise<Response> {
  const t = translator(lang);
  const articles = await getArticles(lang);
  return rss({
    title: `${t('site.name')}: ${t('nav.blog')}`,
    description: t('blog.metaDescription'),
    site: site ?? 'http://127.0.0.1:4321',
    customData: `<language>${lang}</language>`,
    items: articles.map((article) => ({
      title: article.data.title,
      description: article.data.description,
      pubDate: article.data.date,
      link: localizePath(`/blog/${article.data.id}`, lang),
      categories: [t(`blog.category.${article.data.category}`)],
    })),
  });
}
