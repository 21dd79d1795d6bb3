import { languages } from '../../i18n/languages.ts';
import { localizePath } from '../../i18n/paths.ts';
import { translator } from '../../i18n/translate.ts';
import { getArticles } from '../blog/articles.ts';
import { allTips } from '../tips/tipLists.ts';
import { shareCardPath, siteCardPath } from './paths.ts';
import type { ShareCardContent } from './ShareCard.tsx';

export interface CardPage {
  /** The card's address, e.g. `/cards/tips/en_5.png`. */
  path: string;
  content: ShareCardContent;
}

/** A share card for every tip page and every article, in both languages, and the Bulgarian site card. */
export async function cardPages(site: URL): Promise<CardPage[]> {
  const bg = translator('bg');
  const pages: CardPage[] = [
    {
      path: siteCardPath('bg'),
      content: {
        lang: 'bg',
        siteName: bg('site.name'),
        address: site.host,
        text: bg('site.description'),
        labels: [bg('home.subtitle')],
      },
    },
  ];
  for (const lang of languages) {
    const t = translator(lang);
    const common = { lang, siteName: t('site.name'), address: site.host };
    for (const tip of await allTips(lang)) {
      pages.push({
        path: shareCardPath(localizePath(`/tips/${tip.id}`, lang)),
        content: { ...common, text: tip.text, labels: [tip.category] },
      });
    }
    for (const { data } of await getArticles(lang)) {
      pages.push({
        path: shareCardPath(localizePath(`/blog/${data.id}`, lang)),
        content: {
          ...common,
          text: data.title,
          labels: [t('nav.blog'), t(`blog.category.${data.category}`)],
        },
      });
    }
  }
  return pages;
}
