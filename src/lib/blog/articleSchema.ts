import { z } from 'zod';
import { languages } from '../../i18n/languages.ts';

export const blogCategories = ['relationships', 'productivity', 'mentalHealth'] as const;
export type BlogCategory = (typeof blogCategories)[number];

/** Frontmatter of an article in `content/blog/<lang>/<slug>.mdx`; one file per language shares an id. */
export const articleSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().trim().min(1),
  description: z.string().trim().min(1).max(200),
  date: z.coerce.date(),
  /** The last real change after `date`, if any: the sitemap's lastmod and the JSON-LD dateModified. */
  updated: z.coerce.date().optional(),
  category: z.enum(blogCategories),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
  language: z.enum(languages),
  /** Tips shown at the article's end, by their ids in `content/tips.json` ("12", "r3"), the same in both languages. */
  relatedTips: z
    .array(z.string().regex(/^r?[1-9]\d*$/, 'must hold tip ids such as "12" or "r3"'))
    .min(1)
    .max(4),
});
