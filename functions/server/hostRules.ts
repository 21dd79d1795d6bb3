// Reads dist/_redirects and dist/_headers with Netlify's own parsers, so `npm run serve` understands
// exactly what the static host does. Matching a redirect stays here (Netlify does it in its CDN, not in
// a package): path patterns with `*` and `:name`, statuses 200/301/302/303/307/308/404, `!` to force.
// Of the lines with conditions, only the build's language rules are read: for the pages' twins, the
// rule itself being applied whole by functions/server/arrival.ts.
import { type Header, parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { z } from 'zod';
import { choiceCookies } from '../arrivalDecision.ts';

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** `302!`: applies even when a file exists at the path. */
  force: boolean;
  pattern: RegExp;
}

/** `/blog/*` matches `/blog/x/y`; `/a/:id` matches one segment; everything else literally. */
function pathPattern(from: string): RegExp {
  let source = '';
  for (const segment of from.split('/').slice(1)) {
    if (segment === '*') source += '(?:/(?<splat>.*))?';
    else if (segment.startsWith(':')) source += `/(?<${segment.slice(1).replace(/\W/g, '_')}>[^/]+)`;
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`^${source || '/'}/?$`);
}

const redirectStatuses = new Set([200, 301, 302, 303, 307, 308, 404]);

/** What the parser gives for one line (its types say `unknown`), checked rather than trusted. */
const parsedRedirect = z.object({
  from: z.string().default(''),
  to: z.string().default(''),
  status: z.number().default(301),
  force: z.boolean().default(false),
  proxy: z.boolean().default(false),
  conditions: z.record(z.string(), z.unknown()).default({}),
  query: z.record(z.string(), z.unknown()).default({}),
});

/** A parser's error as one line of the log, named after its file. */
const problem = (name: string) => (error: Error) => `${name}: ${error.message.replace(/\s*\n\s*/g, ' ')}`;

/**
 * Which of the build's language rules (src/lib/builtPages/languageRules.ts) a line is: the line a
 * Bulgarian choice takes names an English page's Bulgarian twin; the lines of an English choice and of
 * the country, which follow it, say the same rule again, which the server applies whole
 * (functions/server/arrival.ts). Any other line with conditions is none of them.
 */
function languageRule(line: z.infer<typeof parsedRedirect>, twins: Map<string, string>) {
  const { from, to, conditions, query } = line;
  const keys = Object.keys(conditions).join();
  if (Object.keys(query).length || !line.force) return undefined;
  if (keys === 'Cookie' && conditions.Cookie === choiceCookies.bg && line.status === 302) return 'twin';
  if (!twins.has(from)) return undefined;
  if (keys === 'Cookie' && conditions.Cookie === choiceCookies.en && line.status === 200) return 'same';
  return keys === 'Country' && twins.get(from) === to && line.status === 302 ? 'same' : undefined;
}

/**
 * Reads a `_redirects` file (none is fine); returns the rules, the English pages' Bulgarian twins from
 * the language rules, and a message per rule it cannot use.
 */
export async function readRedirects(
  file: string,
): Promise<{ rules: RedirectRule[]; twins: Map<string, string>; problems: string[] }> {
  const read = await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: false });
  const problems = read.errors.map(problem('_redirects'));
  const rules: RedirectRule[] = [];
  const twins = new Map<string, string>();
  for (const entry of read.redirects) {
    const parsed = parsedRedirect.safeParse(entry);
    if (!parsed.success) {
      problems.push(`_redirects: a rule the parser gave in an unknown form: ${JSON.stringify(entry)}`);
      continue;
    }
    const { from, to, status, force, proxy, conditions, query } = parsed.data;
    const line = `${from} ${to} ${status}${force ? '!' : ''}`;
    const language = languageRule(parsed.data, twins);
    if (language === 'twin') twins.set(from, to);
    else if (language === 'same') continue;
    else if (proxy) problems.push(`_redirects: proxying to another site is not supported: ${line}`);
    else if (!from.startsWith('/') || !redirectStatuses.has(status))
      problems.push(`_redirects: not supported: ${line}`);
    else if (Object.keys(conditions).length || Object.keys(query).length)
      problems.push(`_redirects: conditions and query matches are not supported: ${line}`);
    else rules.push({ from, to, status, force, pattern: pathPattern(from) });
  }
  return { rules, twins, problems };
}

/** Reads a `_headers` file (none is fine), each block with Netlify's own path matcher. */
export async function readHeaders(file: string): Promise<{ rules: Header[]; problems: string[] }> {
  const read = await parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false });
  return {
    rules: read.headers.filter((header) => 'forRegExp' in header),
    problems: read.errors.map(problem('_headers')),
  };
}

/** The target of `rule` for a path it matched: `:splat` and `:name` filled in. */
export function redirectTarget(rule: RedirectRule, match: RegExpExecArray): string {
  const groups = match.groups ?? {};
  const target = rule.to.replace(
    /:(\w+)/g,
    (whole, name: string) => groups[name] ?? (name === 'splat' ? '' : whole),
  );
  // A path filled in from the request (`/go//evil.example`) must not become another host's address,
  // nor with a tab, newline or other control character or space between the slashes, which URL
  // parsers drop (`/\t/evil.example` is read as `//evil.example`).
  return rule.to.startsWith('/') ? target.replace(/^[/\\\p{Cc}\s]+/u, '/') : target;
}

/**
 * Headers for a request path. Every matching block applies in file order; a later block replaces a
 * header an earlier one set (so `/_astro/*` can override the Cache-Control of `/*`), as Netlify does.
 */
export function headersFor(rules: Header[], pathname: string): Map<string, [string, string]> {
  const result = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.forRegExp.test(pathname)) continue;
    for (const [name, value] of Object.entries(rule.values)) result.set(name.toLowerCase(), [name, value]);
  }
  return result;
}
