// The one reader of Markdown frontmatter (YAML between `---` lines at the top of a file), for the
// articles, the newsletter issues and the course letters, each checked against its own zod schema.
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';

const pattern = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

export type Frontmatter<T> = { data: T; body: string } | { problem: string };

/**
 * A file's frontmatter checked by `schema`, and the Markdown after it (trimmed); or the problem, like
 * `title: expected string` or `expected frontmatter between --- lines at the top`.
 */
export function readFrontmatter<S extends z.ZodType>(source: string, schema: S): Frontmatter<z.output<S>> {
  const match = pattern.exec(source);
  if (!match) return { problem: 'expected frontmatter between --- lines at the top' };
  let yaml: unknown;
  try {
    yaml = parseYaml(match[1] ?? '');
  } catch (error) {
    return { problem: `frontmatter is not YAML: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = schema.safeParse(yaml ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `${issue?.path.join('.') || 'frontmatter'}: ${issue?.message}` };
  }
  return { data: parsed.data, body: (match[2] ?? '').trim() };
}
