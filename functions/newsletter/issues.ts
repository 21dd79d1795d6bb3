// Reads an issue of the newsletter from content/newsletter/<lang>/<slug>.md(x): frontmatter checked by
// issueSchema, the rest Markdown (in letters an .mdx file is read as plain Markdown).
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { type Lang, languages } from '../contract.ts';
import type { IssueText } from '../mail/letters.ts';
import { issueSchema, issueSlugPattern } from './issueSchema.ts';

export type Issue = Record<Lang, IssueText>;

export class IssueError extends Error {
  override name = 'IssueError';
}

const extensions = ['.md', '.mdx'];

/** The slugs with a file in every language, sorted. */
export async function listIssues(contentDir: string): Promise<string[]> {
  const perLanguage = await Promise.all(
    languages.map(async (language) => {
      const files = await fs.readdir(path.join(contentDir, 'newsletter', language)).catch(() => []);
      return new Set(
        files.filter((f) => extensions.includes(path.extname(f))).map((f) => f.replace(/\.mdx?$/, '')),
      );
    }),
  );
  const [first = new Set<string>(), ...others] = perLanguage;
  return [...first].filter((slug) => others.every((set) => set.has(slug))).sort();
}

async function readIssueFile(contentDir: string, language: Lang, slug: string): Promise<IssueText> {
  for (const extension of extensions) {
    const file = path.join(contentDir, 'newsletter', language, `${slug}${extension}`);
    const source = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (source === undefined) continue;
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
    if (!match) throw new IssueError(`${file}: expected frontmatter between --- lines at the top`);
    const frontmatter = issueSchema.safeParse(parseYaml(match[1] ?? ''));
    if (!frontmatter.success) {
      const issue = frontmatter.error.issues[0];
      throw new IssueError(`${file}: ${issue?.path.join('.') || 'frontmatter'}: ${issue?.message}`);
    }
    return {
      subject: frontmatter.data.subject,
      preview: frontmatter.data.preview,
      markdown: (match[2] ?? '').trim(),
    };
  }
  throw new IssueError(
    `content/newsletter/${language}/${slug}.md is missing: every issue needs a file per language`,
  );
}

/** Both languages of an issue; an IssueError says what is missing or wrong. */
export async function loadIssue(contentDir: string, slug: string): Promise<Issue> {
  if (!issueSlugPattern.test(slug)) throw new IssueError(`Not an issue name: ${slug}`);
  const [en, bg] = await Promise.all(languages.map((language) => readIssueFile(contentDir, language, slug)));
  if (!en || !bg) throw new IssueError(`Issue ${slug} is incomplete`);
  return { en, bg };
}
