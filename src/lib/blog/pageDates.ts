// When each dated page last changed, for the sitemap's `lastmod` (astro.config.mjs): read from the
// articles' frontmatter, since the sitemap is written outside Astro's content collections.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFrontmatter } from '../../../functions/frontmatter.ts';
import { siteConfig } from '../../config.ts';
import { localizePath } from '../../i18n/paths.ts';
import { articleSchema } from './articleSchema.ts';

/** An article's last change: its `updated` date, else the day it was published. */
export function lastChanged(article: { date: Date; updated?: Date | undefined }): Date {
  return article.updated ?? article.date;
}

/**
 * The last change of each page that has a date of its own, by path: each article, each language's blog
 * list (its newest article) and the privacy policy (its "last updated"). Other pages (the home page,
 * the tips) carry no date a reader could check, so the sitemap gives them none rather than a guess.
 * @example (await pageDates('content/blog')).get('/bg/blog/1') // 2025-08-01
 */
export async function pageDates(blogDir: string): Promise<Map<string, Date>> {
  const dates = new Map<string, Date>();
  for (const lang of ['en', 'bg'] as const) {
    const dir = join(blogDir, lang);
    let newest: Date | undefined;
    for (const file of (await readdir(dir)).filter((name) => name.endsWith('.mdx'))) {
      const article = readFrontmatter(await readFile(join(dir, file), 'utf8'), articleSchema);
      // The content collection stops the build on a bad article with a better message.
      if ('problem' in article) continue;
      const changed = lastChanged(article.data);
      dates.set(localizePath(`/blog/${article.data.id}`, lang), changed);
      if (!newest || changed > newest) newest = changed;
    }
    if (newest) dates.set(localizePath('/blog', lang), newest);
    dates.set(localizePath('/privacy', lang), siteConfig.privacyUpdated);
  }
  return dates;
}
