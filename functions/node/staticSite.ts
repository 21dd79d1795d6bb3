// Serves the built site (dist/) the way the static host does: clean URLs, _redirects applied only where
// no file exists, _headers, 404.html, plus validators for caching and security headers. Reading files,
// path safety and the build's precompressed variants (.br, .gz) are serveStatic's, 304s hono/etag's;
// the host's rules are ours.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as compressible } from 'hono/utils/compress';
import { defaultPageCsp, documentHeaders, hsts, securityHeaders } from '../http/securityHeaders.ts';
import { headersFor, type RedirectRule, readHeaders, readRedirects, redirectTarget } from './hostRules.ts';

export interface StaticSite {
  /** Answers a request for a path outside /api. `https` decides whether HSTS is sent. */
  respond(request: Request, https: boolean): Promise<Response>;
  /** Rules of _redirects and _headers that were skipped, for the start-up log. */
  problems: string[];
}

type Files = { Variables: { file?: string } };

/** Not pages even where a file exists: the host's rule files, dot-files, the build's encoded variants. */
const hidden = /^\/_(?:headers|redirects)$|\/\.(?!well-known(?:\/|$))|\.(?:br|gz)$/;

/** dist/ as files: `/x` is `x` (a folder's index.html), else `x.html`; 404 when neither exists. */
function distFiles(root: string) {
  const onFound = (file: string, c: Context<Files>) => c.set('file', file);
  const files = new Hono<Files>();
  // gzip on the fly only where the build wrote no variant (a dist/ built elsewhere); it weakens the ETag.
  files.use(compress());
  // 304 for a matching If-None-Match, judged on the ETag set below; it keeps Vary and Cache-Control.
  files.use(etag());
  files.use(async (c, next) => {
    if (hidden.test(c.req.path)) return c.notFound();
    await next();
    const file = c.get('file');
    if (!file) return;
    // The file actually sent (a precompressed variant has its own), as nginx spells it: mtime-size.
    const { mtimeMs, size } = await stat(file);
    c.res.headers.set('ETag', `"${Math.floor(mtimeMs).toString(16)}-${size.toString(16)}"`);
    // serveStatic says Vary only when it chose a variant; the plain answer varies as much.
    if (compressible.test(c.res.headers.get('Content-Type') ?? ''))
      c.res.headers.set('Vary', 'Accept-Encoding');
  });
  files.get(
    '*',
    serveStatic({ root, precompressed: true, onFound }),
    serveStatic({
      root,
      precompressed: true,
      onFound,
      rewriteRequestPath: (p) => `${p.replace(/\/$/, '')}.html`,
    }),
  );
  return files;
}

/** The same answer with another status; validators only belong to a 200. */
function withStatus(response: Response, status: number): Response {
  if (response.status === status) return response;
  const headers = new Headers(response.headers);
  headers.delete('ETag');
  headers.delete('Last-Modified');
  return new Response(response.body, { status, headers });
}

function matchRule(rules: RedirectRule[], pathname: string) {
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (match) return { rule, target: redirectTarget(rule, match) };
  }
  return undefined;
}

export async function createStaticSite(distDir: string): Promise<StaticSite> {
  const root = path.resolve(distDir);
  const files = distFiles(root);
  const { rules: redirects, problems } = await readRedirects(path.join(root, '_redirects'));
  const { rules: headerRules, problems: headerProblems } = await readHeaders(path.join(root, '_headers'));
  problems.push(...headerProblems);
  const forced = redirects.filter((r) => r.force);

  /** The file answering the request, or the file at `pathname` for a rewrite (whole, never a range). */
  async function file(request: Request, pathname?: string): Promise<Response | undefined> {
    const headers = { 'Accept-Encoding': request.headers.get('accept-encoding') ?? '' };
    const target = pathname
      ? new Request(new URL(pathname, request.url), { method: request.method, headers })
      : request;
    const response = await files.fetch(target);
    return response.status === 404 ? undefined : response;
  }

  /** Pages answering another path (a 404, a rewrite) and their own path, whose _headers they keep. */
  const pageOf = new WeakMap<Response, string>();
  const servedAs = (response: Response, page: string) => {
    pageOf.set(response, page);
    return response;
  };

  async function notFound(request: Request) {
    const page = await file(request, '/404.html');
    if (page) return servedAs(withStatus(page, 404), '/404');
    const headers = { 'Content-Type': 'text/plain; charset=utf-8' };
    return new Response(request.method === 'HEAD' ? null : 'Not found', { status: 404, headers });
  }

  async function answer(request: Request, url: URL): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const headers = { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' };
      return new Response('Method not allowed', { status: 405, headers });
    }
    const forcedRule = matchRule(forced, url.pathname);
    const found = forcedRule ? undefined : await file(request);
    if (found) return found;
    // Shadowing: redirect rules only apply where no file answers the path.
    const matched = forcedRule ?? matchRule(redirects, url.pathname);
    if (!matched) return notFound(request);
    const { rule, target } = matched;
    if (rule.status === 200 || rule.status === 404) {
      const pathname = new URL(target, url).pathname;
      const page = await file(request, pathname);
      return page ? servedAs(withStatus(page, rule.status), pathname) : notFound(request);
    }
    const location = new URL(target, url);
    if (!location.search) location.search = url.search;
    const sameSite = location.origin === url.origin;
    return new Response(null, {
      status: rule.status,
      headers: { Location: sameSite ? location.pathname + location.search : location.href },
    });
  }

  /**
   * Security headers (a page's own only on pages), then _headers for the request path and, for a page
   * answering another path (a 404), for the page's own path; HSTS only over HTTPS; caching by status.
   */
  function withHostHeaders(response: Response, pathname: string, https: boolean): Response {
    const headers = response.headers;
    for (const [name, value] of Object.entries(securityHeaders)) headers.set(name, value);
    if (headers.get('Content-Type')?.startsWith('text/html')) {
      for (const [name, value] of Object.entries(documentHeaders)) headers.set(name, value);
      headers.set('Content-Security-Policy', defaultPageCsp);
    }
    for (const [name, value] of headersFor(headerRules, pathname).values()) headers.set(name, value);
    const page = pageOf.get(response);
    if (page) for (const [name, value] of headersFor(headerRules, page).values()) headers.set(name, value);
    if (https) headers.set('Strict-Transport-Security', headers.get('Strict-Transport-Security') ?? hsts);
    else headers.delete('Strict-Transport-Security');
    if (headers.has('Location') || !headers.has('Cache-Control')) {
      const current = response.status < 300 || response.status === 304;
      headers.set('Cache-Control', current ? 'public, max-age=0, must-revalidate' : 'no-cache');
    }
    return response;
  }

  async function respond(request: Request, https: boolean): Promise<Response> {
    const url = new URL(request.url);
    return withHostHeaders(await answer(request, url), url.pathname, https);
  }

  return { respond, problems };
}
