import { defineCollection } from 'astro:content';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { file, glob } from 'astro/loaders';
import { courseLetterSchema } from '../functions/newsletter/courseSchema.ts';
import { issueSchema } from '../functions/newsletter/issueSchema.ts';
import { articleSchema } from './lib/blog/articleSchema.ts';
import { checkCourseContent } from './lib/newsletter/courseChecks.ts';
import { parseTips, tipSchema } from './lib/tips/tipRules.ts';

const contentDir = fileURLToPath(new URL('../content', import.meta.url));
const tipsFile = fileURLToPath(new URL('../content/tips.json', import.meta.url));

/** Articles: one MDX file per language, `content/blog/<lang>/<slug>.mdx`. */
const blog = defineCollection({
  // Ids come from the path (`bg/<slug>`): the default would use the `slug`, which both languages share.
  loader: glob({
    base: './content/blog',
    pattern: '**/*.mdx',
    generateId: ({ entry }) => entry.replace(/\.mdx$/, ''),
  }),
  schema: articleSchema,
});

/**
 * Tips: one JSON file, read by Astro's file() loader. It only logs a parser's error, so the build stops on
 * any duplicate, empty, over-long or uncategorised tip in the course's loader below, which reads the tips
 * through the same parseTips.
 */
const tips = defineCollection({
  loader: file('content/tips.json', { parser: (text) => parseTips(JSON.parse(text)) }),
  schema: tipSchema,
});

/**
 * Issues of the newsletter, `content/newsletter/<lang>/<slug>.md(x)`: no page shows them, but the build
 * checks their frontmatter like the articles'; `npm run newsletter` sends them.
 */
const newsletter = defineCollection({
  loader: glob({
    base: './content/newsletter',
    pattern: '{en,bg}/*.{md,mdx}',
    generateId: ({ entry }) => entry.replace(/\.mdx?$/, ''),
  }),
  schema: issueSchema,
});

/**
 * The course of five letters, `content/newsletter/course/<lang>/*.md`: no page shows them either; the
 * build stops on a missing day or language, a subject or preview too long, a tip the generator shows,
 * or a paragraph that says again what a tip, an article, an issue or another letter says.
 */
const course = defineCollection({
  loader: {
    name: 'course-letters',
    load: async ({ store, parseData, generateDigest }) => {
      const tipEntries = parseTips(JSON.parse(await readFile(tipsFile, 'utf8')));
      const { letters, problems } = await checkCourseContent(contentDir, tipEntries);
      if (problems.length > 0) {
        throw new Error(`content/newsletter/course has problems:\n- ${problems.join('\n- ')}`);
      }
      store.clear();
      for (const letter of letters) {
        const id = `${letter.language}/${letter.data.day}`;
        const data = await parseData({ id, data: letter.data });
        store.set({
          id,
          data,
          body: letter.markdown,
          digest: generateDigest({ ...data, body: letter.markdown }),
        });
      }
    },
  },
  schema: courseLetterSchema,
});

export const collections = { blog, tips, newsletter, course };
