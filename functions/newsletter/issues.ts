// Reads an issue of the newsletter from content/newsletter/<lang>/<slug>.md(x): frontmatter checked by
// issueSchema, the rest Markdown (in letters an .mdx file is read as plain Markdown).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Lang } from '../contract.ts';
import { readFrontmatter } from '../frontmatter.ts';
import { type IssueText, issueSchema } from './issueSchema.ts';

export type Issue = Record<Lang, IssueText>;

export class IssueError extends Error {
  override name = 'IssueError';
  /** 404 where no issue has the name asked for (the operator's typing), 422 where its files are wrong. */
  status: 404 | 422 = 422;
}

const extensions = ['.md', '.mdx'];

/** The slugs with a file in every language, sorted. */
async function listIssues(contentDir: string): Promise<string[]> {
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

/** Both languages of an issue; an IssueError says what is wrong, or names the issues there are. */
export async function loadIssue(contentDir: string, slug: string): Promise<Issue> {
  const known = await listIssues(contentDir);
  if (!known.includes(slug)) {
    const issues =
      known.length > 0 ? `Issues: ${known.join(', ')}.` : 'There are no issues in content/newsletter yet.';
    throw Object.assign(new IssueError(`Unknown issue: ${slug}. ${issues}`), { status: 404 as const });
  }
  const [en, bg] = await Promise.all([
    readIssueFile(contentDir, 'en', slug),
    readIssueFile(contentDir, 'bg', slug),
  ]);
  return { en, bg };
}
