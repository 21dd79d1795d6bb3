import { z } from 'zod';

/**
 * Frontmatter of an issue of the newsletter, `content/newsletter/<lang>/<slug>.md` (or `.mdx`), one
 * file per language with the same slug. Checked by the site build and by `npm run newsletter`.
 */
export const issueSchema = z.object({
  subject: z.string().trim().min(1).max(120),
  preview: z.string().trim().min(1).max(200),
  date: z.coerce.date().optional(),
});

/** One language of an issue, as read from content/newsletter. */
export interface IssueText {
  subject: string;
  preview: string;
  markdown: string;
}

/** Slugs are file names: lower-case words joined by hyphens. */
export const issueSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
