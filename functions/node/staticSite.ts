// Serves the built site (dist/) the way the static host does: clean URLs, _redirects applied only where
// no file exists, _headers, 404.html. Adds compression, validators for caching, and security headers.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fresh from 'fresh';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as compressible } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';
import { defaultPageCsp, hsts, securityHeaders } from '../http/securityHeaders.ts';
import { headersFor, type RedirectRule, readHeaders, readRedirects, redirectTarget } from './hostRules.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

// Files above this are sent as they are, without caching them in memory.
const maxCachedBytes = 4 * 1024 * 1024;

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  encoded: Map<'br' | 'gzip', Promise<Uint8Array<ArrayBuffer>>>;
}

export interface StaticSite {
  /** Answers a GET/HEAD for a path outside /api. `https` decides whether HSTS is sent. */
  respond(request: Request, https: boolean): Promise<Response>;
  /** Rules of _redirects and _headers that were skipped, for the start-up log. */
  problems: string[];
}

async function isFile(file: string) {
  return (await fs.stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** Decoded, normalised path inside dist, or undefined for anything that could escape or is private. */
function safeRelativePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const normalised = path.posix.normalize(decoded);
  const segments = normalised.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || (s.startsWith('.') && s !== '.well-known'))) return undefined;
  const relative = segments.join('/');
  // The host's own configuration files are not part of the site.
  if (relative === '_headers' || relative === '_redirects') return undefined;
  return relative;
}

/** Picks the encoding the client accepts: br, then gzip, else none. */
function chooseEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  const accepted = parseAccept(acceptEncoding ?? '');
  const allows = (name: string) => (accepted.find((a) => a.type.toLowerCase() === name)?.q ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

export async function createStaticSite(distDir: string): Promise<StaticSite> {
  const root = path.resolve(distDir);
  const { rules: redirects, problems } = await readRedirects(path.join(root, '_redirects'));
  const { rules: headerRules, problems: headerProblems } = await readHeaders(path.join(root, '_headers'));
  problems.push(...headerProblems);
  const cache = new Map<string, CachedFile>();

  /** The file a clean URL names: exact file, then `x.html`, then `x/index.html`. */
  async function resolve(relative: string): Promise<string | undefined> {
    const base = path.join(root, relative);
    const candidates =
      relative === ''
        ? [path.join(root, 'index.html')]
        : [base, `${base}.html`, path.join(base, 'index.html')];
    for (const candidate of candidates) {
      if (candidate.startsWith(root + path.sep) && (await isFile(candidate))) return candidate;
    }
    return undefined;
  }

  async function load(file: string): Promise<CachedFile | undefined> {
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit;
    const body = await fs.readFile(file).catch(() => undefined);
    if (!body) return undefined;
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    const entry: CachedFile = { mtimeMs: stat.mtimeMs, size: stat.size, body, etag, encoded: new Map() };
    if (body.length <= maxCachedBytes) cache.set(file, entry);
    return entry;
  }

  function encoded(entry: CachedFile, encoding: 'br' | 'gzip') {
    let result = entry.encoded.get(encoding);
    if (!result) {
      const compressed =
        encoding === 'br'
          ? brotli(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzip(entry.body, { level: 9 });
      // Copied into a plain ArrayBuffer-backed view, the form Response bodies are typed to take.
      result = compressed.then((buffer) => new Uint8Array(buffer));
      entry.encoded.set(encoding, result);
    }
    return result;
  }

  /** Security headers, then _headers for the request path, with HSTS only over HTTPS. */
  function baseHeaders(pathname: string, https: boolean): Headers {
    const headers = new Headers(securityHeaders);
    headers.set('Content-Security-Policy', defaultPageCsp);
    for (const [name, value] of headersFor(headerRules, pathname).values()) headers.set(name, value);
    if (https) headers.set('Strict-Transport-Security', headers.get('Strict-Transport-Security') ?? hsts);
    else headers.delete('Strict-Transport-Security');
    return headers;
  }

  async function fileResponse(request: Request, file: string, status: number, headers: Headers) {
    const entry = await load(file);
    if (!entry) return undefined;
    const type = getMimeType(file) ?? 'application/octet-stream';
    headers.set('Content-Type', type);
    if (!headers.has('Cache-Control')) {
      headers.set('Cache-Control', status === 200 ? 'public, max-age=0, must-revalidate' : 'no-cache');
    }
    let body = entry.body;
    let etag = entry.etag;
    if (compressible.test(type) && entry.body.length > 256) {
      headers.set('Vary', 'Accept-Encoding');
      const encoding = chooseEncoding(request.headers.get('accept-encoding'));
      if (encoding) {
        body = await encoded(entry, encoding);
        // Weak, as hono's compress marks it: the same content in another encoding still revalidates.
        etag = `W/${entry.etag}`;
        headers.set('Content-Encoding', encoding);
      }
    }
    if (status === 200) {
      headers.set('ETag', etag);
      const lastModified = new Date(entry.mtimeMs).toUTCString();
      headers.set('Last-Modified', lastModified);
      // If-None-Match, else If-Modified-Since, judged the way Express does. Cache-Control is left out:
      // fetch() adds `no-cache` to any request with validators, and a client sending them asks for a 304.
      const conditions = {
        'if-none-match': request.headers.get('if-none-match') ?? undefined,
        'if-modified-since': request.headers.get('if-modified-since') ?? undefined,
      };
      if (fresh(conditions, { etag, 'last-modified': lastModified })) {
        headers.delete('Content-Encoding');
        return new Response(null, { status: 304, headers });
      }
    }
    headers.set('Content-Length', String(body.length));
    return new Response(request.method === 'HEAD' ? null : body, { status, headers });
  }

  async function notFound(request: Request, headers: Headers) {
    const page = await fileResponse(request, path.join(root, '404.html'), 404, headers);
    if (page) return page;
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(request.method === 'HEAD' ? null : 'Not found', { status: 404, headers });
  }

  function matchRule(rules: RedirectRule[], pathname: string) {
    for (const rule of rules) {
      const match = rule.pattern.exec(pathname);
      if (match) return { rule, target: redirectTarget(rule, match) };
    }
    return undefined;
  }

  /** Serves a rewrite (200) or custom 404 target; falls back to 404.html when the target is missing. */
  async function rewrite(request: Request, target: string, status: number, headers: Headers) {
    const relative = safeRelativePath(new URL(target, 'http://x').pathname);
    const file = relative === undefined ? undefined : await resolve(relative);
    const response = file === undefined ? undefined : await fileResponse(request, file, status, headers);
    return response ?? notFound(request, headers);
  }

  async function respond(request: Request, https: boolean): Promise<Response> {
    const url = new URL(request.url);
    const headers = baseHeaders(url.pathname, https);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      headers.set('Allow', 'GET, HEAD');
      headers.set('Content-Type', 'text/plain; charset=utf-8');
      return new Response('Method not allowed', { status: 405, headers });
    }
    const relative = safeRelativePath(url.pathname);
    if (relative === undefined) return notFound(request, headers);
    const pathname = `/${relative}`;

    const forced = matchRule(
      redirects.filter((r) => r.force),
      pathname,
    );
    const file = forced ? undefined : await resolve(relative);
    if (file) return (await fileResponse(request, file, 200, headers)) ?? notFound(request, headers);

    // Shadowing: redirect rules only apply where no file answers the path.
    const matched = forced ?? matchRule(redirects, pathname);
    if (!matched) return notFound(request, headers);
    const { rule, target } = matched;
    if (rule.status === 200 || rule.status === 404) return rewrite(request, target, rule.status, headers);
    const location = new URL(target, url);
    if (!location.search) location.search = url.search;
    headers.set(
      'Location',
      location.origin === url.origin ? location.pathname + location.search : location.href,
    );
    headers.set('Cache-Control', 'no-cache');
    return new Response(null, { status: rule.status, headers });
  }

  return { respond, problems };
}
