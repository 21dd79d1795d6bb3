// Reads an issue of the newsletter from content/newsletter/<lang>/<slug>.md(x): frontmatter checked by
// issueSchema, the rest Markdown (in letters an .mdx file is read as plain Markdown).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Lang } from '../contract.ts';
import { readFrontmatter } from '../frontmatter.ts';
import { type IssueText, issueSchema, issueSlugPattern } from './issueSchema.ts';

export type Issue = Record<Lang, IssueText>;

export class IssueError extends Error {
  override name = 'IssueError';
}

const extensions = ['.md', '.mdx'];

/** The slugs with a file in every language, sorted. */
export async function listIssues(contentDir: string): Promise<string[]> {
  const slugsIn = async (language: Lang) =>
    (await fs.readdir(path.join(contentDir, 'newsletter', language)).catch(() => [] as string[]))
      .filter((file) => extensions.includes(path.extname(file)))
      .map((file) => file.replace(/\.mdx?$/, ''));
  const [en, bg] = await Promise.all([slugsIn('en'), slugsIn('bg')]);
  return [...new Set(en)].filter((slug) => bg.includes(slug)).sort();
}

async function readIssueFile(contentDir: string, language: Lang, slug: string): Promise<IssueText> {
  for (const extension of extensions) {
    const file = path.join(contentDir, 'newsletter', language, `${slug}${extension}`);
    const source = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (source === undefined) continue;
    const frontmatter = readFrontmatter(source, issueSchema);
    if ('problem' in frontmatter) throw new IssueError(`${file}: ${frontmatter.problem}`);
    const { subject, preview } = frontmatter.data;
    return { subject, preview, markdown: frontmatter.body };
  }
  throw new IssueError(
    `content/newsletter/${language}/${slug}.md is missing: every issue needs a file per language`,
  );
}

/** Both languages of an issue; an IssueError says what is missing or wrong. */
export async function loadIssue(contentDir: string, slug: string): Promise<Issue> {
  if (!issueSlugPattern.test(slug)) throw new IssueError(`Not an issue name: ${slug}`);
  const [en, bg] = await Promise.all([
    readIssueFile(contentDir, 'en', slug),
    readIssueFile(contentDir, 'bg', slug),
  ]);
  return { en, bg };
}

/** What to say when `slug` is not an issue of the content, naming those there are; undefined when it is. */
export async function unknownIssue(contentDir: string, slug: string) {
  const known = await listIssues(contentDir);
  if (known.includes(slug)) return undefined;
  const issues =
    known.length > 0 ? `Issues: ${known.join(', ')}.` : 'There are no issues in content/newsletter yet.';
  return `Unknown issue: ${slug}. ${issues}`;
}
