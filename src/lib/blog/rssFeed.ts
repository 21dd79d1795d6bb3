import rss from '@astrojs/rss';
import type { Lang } from '../../i18n/languages.ts';
import { localizePath } from '../../i18n/paths.ts';
import { translator } from '../../i18n/translate.ts';
import { loopbackSite } from '../siteUrl.ts';
import { getArticles } from './articles.ts';

/**
 * One language's RSS feed of the blog: the channel links to that language's blog, each item to its
 * article's canonical address (no trailing slash, as the pages' own canonical links), and the feed
 * names its own address (`atom:link rel="self"`), as feed readers and validators expect.
 */
export async function rssFeed(lang: Lang, site: URL | undefined): Promise<Response> {
  const t = translator(lang);
  const articles = await getArticles(lang);
  const absolute = (path: string) => new URL(path, site ?? loopbackSite()).href;
  return rss({
    title: `${t('site.name')}: ${t('nav.blog')}`,
    description: t('blog.metaDescription'),
    site: absolute(localizePath('/blog', lang)),
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>${lang}</language><atom:link href="${absolute(localizePath('/rss.xml', lang))}" rel="self" type="application/rss+xml"/>`,
    items: articles.map((article) => ({
      title: article.data.title,
      description: article.data.description,
      pubDate: article.data.date,
      link: absolute(localizePath(`/blog/${article.data.id}`, lang)),
      categories: [t(`blog.category.${article.data.category}`)],
    })),
  });
}
