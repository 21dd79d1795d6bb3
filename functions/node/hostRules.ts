// Reads dist/_redirects and dist/_headers (Netlify syntax) so `npm run serve` behaves like the static
// host. Only what the site uses is supported: path patterns with `*` and `:name`, statuses
// 200/301/302/303/307/308/404 with an optional `!` (force), and header blocks.

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** `302!`: applies even when a file exists at the path. */
  force: boolean;
  pattern: RegExp;
}

export interface HeaderRule {
  path: string;
  pattern: RegExp;
  headers: [name: string, value: string][];
}

/** `/blog/*` matches `/blog/x/y`; `/a/:id` matches one segment; everything else literally. */
export function pathPattern(from: string): RegExp {
  let source = '';
  for (const segment of from.split('/').slice(1)) {
    if (segment === '*') source += '(?:/(?<splat>.*))?';
    else if (segment.startsWith(':')) source += `/(?<${segment.slice(1).replace(/\W/g, '_')}>[^/]+)`;
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`^${source || '/'}/?$`);
}

const redirectStatuses = new Set([200, 301, 302, 303, 307, 308, 404]);

/** Parses `_redirects`; returns the rules and a message per line it could not use. */
export function parseRedirects(text: string): { rules: RedirectRule[]; problems: string[] } {
  const rules: RedirectRule[] = [];
  const problems: string[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const [from, to, statusText = '301', ...rest] = line.split(/\s+/);
    const status = Number.parseInt(statusText, 10);
    if (!from?.startsWith('/') || !to || !redirectStatuses.has(status) || rest.length > 0) {
      problems.push(`_redirects line ${index + 1} not supported: ${raw.trim()}`);
      continue;
    }
    if (/^https?:\/\//.test(to) && (status === 200 || status === 404)) {
      problems.push(`_redirects line ${index + 1}: proxying to another site is not supported`);
      continue;
    }
    try {
      rules.push({ from, to, status, force: statusText.endsWith('!'), pattern: pathPattern(from) });
    } catch {
      problems.push(`_redirects line ${index + 1}: cannot read the path pattern ${from}`);
    }
  }
  return { rules, problems };
}

/** The target of `rule` for a path it matched: `:splat` and `:name` filled in. */
export function redirectTarget(rule: RedirectRule, match: RegExpExecArray): string {
  const groups = match.groups ?? {};
  return rule.to.replace(/:(\w+)/g, (whole, name: string) => groups[name] ?? (name === 'splat' ? '' : whole));
}

/** Parses `_headers`: a path line, then indented `Name: value` lines. Repeated names in a block join with ", ". */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (!/^\s/.test(raw) && line.startsWith('/')) {
      try {
        current = { path: line, pattern: pathPattern(line), headers: [] };
        rules.push(current);
      } catch {
        current = undefined; // an unreadable pattern: skip its block rather than apply it everywhere
      }
      continue;
    }
    const colon = line.indexOf(':');
    if (!current || colon < 1) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const existing = current.headers.find(([n]) => n.toLowerCase() === name.toLowerCase());
    if (existing) existing[1] = `${existing[1]}, ${value}`;
    else current.headers.push([name, value]);
  }
  return rules;
}

/**
 * Headers for a request path. Every matching block applies in file order; a later block replaces a
 * header an earlier one set (so `/_astro/*` can override the Cache-Control of `/*`), as Netlify does.
 */
export function headersFor(rules: HeaderRule[], pathname: string): Map<string, [string, string]> {
  const result = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.pattern.test(pathname)) continue;
    for (const [name, value] of rule.headers) result.set(name.toLowerCase(), [name, value]);
  }
  return result;
}
