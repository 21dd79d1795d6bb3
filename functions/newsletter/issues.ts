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

/** The issues' files in one language, by slug: `<slug>.md`, or `<slug>.mdx` where there is no `.md`. */
async function issueFiles(contentDir: string, language: Lang): Promise<Map<string, string>> {
  const dir = path.join(contentDir, 'newsletter', language);
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const issues = files.filter(
    (file) => file.endsWith('.md') || (file.endsWith('.mdx') && !files.includes(file.slice(0, -1))),
  );
  return new Map(issues.map((file) => [file.replace(/\.mdx?$/, ''), path.join(dir, file)]));
}

async function readIssueFile(file: string): Promise<IssueText> {
  const frontmatter = readFrontmatter(await fs.readFile(file, 'utf8'), issueSchema);
  if ('problem' in frontmatter) throw new IssueError(`${file}: ${frontmatter.problem}`);
  const { subject, preview } = frontmatter.data;
  return { subject, preview, markdown: frontmatter.body };
}

/**
 * Both languages of an issue; an IssueError says what is wrong, or, where `slug` has no file in every
 * language, names the issues there are.
 */
export async function loadIssue(contentDir: string, slug: string): Promise<Issue> {
  const [en, bg] = await Promise.all([issueFiles(contentDir, 'en'), issueFiles(contentDir, 'bg')]);
  const [enFile, bgFile] = [en.get(slug), bg.get(slug)];
  if (!enFile || !bgFile) {
    const known = [...en.keys()].filter((name) => bg.has(name)).sort();
    const issues =
      known.length > 0 ? `Issues: ${known.join(', ')}.` : 'There are no issues in content/newsletter yet.';
    throw Object.assign(new IssueError(`Unknown issue: ${slug}. ${issues}`), { status: 404 as const });
  }
  return { en: await readIssueFile(enFile), bg: await readIssueFile(bgFile) };
}
