// Serves the built site (dist/) the way the static host does: clean URLs, _redirects applied only where
// no file exists, _headers, 404.html, plus validators for caching and security headers. sirv finds the
// files in an index it takes of dist/ up front and sends them (the build's .br/.gz as they are, ranges,
// 304s); the small ones answer from memory instead (memoryFiles.ts), as sirv would have answered. The
// host's rules are ours, applied to whatever either answers just before its headers go out.
import fsp from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as compressible } from 'hono/utils/compress';
import sirv from 'sirv';
import { defaultPageCsp, documentHeaders, hsts, securityHeaders } from '../http/securityHeaders.ts';
import { watchBuild } from './buildWatch.ts';
import { headersFor, type RedirectRule, readHeaders, readRedirects, redirectTarget } from './hostRules.ts';
import { defaultMemoryLimits, type MemoryLimits, readMemoryFiles, sirvPathname } from './memoryFiles.ts';

export interface StaticSite {
  /** Answers a request for a path outside /api. `https` decides whether HSTS is sent. */
  handle(request: IncomingMessage, response: ServerResponse, https: boolean): void;
  /** Rules of _redirects and _headers that were skipped, for the start-up log. */
  problems: string[];
  /** Stops watching dist/ for a new build. */
  close(): void;
}

export interface StaticSiteOptions {
  /** Limits of the files held in memory; false sends every file from disk through sirv. */
  memory?: MemoryLimits | false;
}

/** Not pages even where a file exists: the host's rule files, dot-files, the build's encoded variants. */
const hidden = /^\/_(?:headers|redirects)$|\/\.(?!well-known(?:\/|$))|\.(?:br|gz)$/;

/** Text the build writes in UTF-8 and sirv types without a charset (HTML it types with one). */
const textual =
  /^(?:text\/(?!html)[\w.+-]+|application\/(?:javascript|json|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)$/;

/** Below this a compressed answer saves less than its own overhead (the build's threshold too). */
const gzipThreshold = 1024;

function matchRule(rules: RedirectRule[], pathname: string) {
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (match) return { rule, target: redirectTarget(rule, match) };
  }
  return undefined;
}

/** dist/ as sirv indexes it, its small files' bytes, with the host's rules of the same build. */
async function readSite(root: string, memoryLimits: MemoryLimits | false) {
  const { rules: redirects, problems } = await readRedirects(path.join(root, '_redirects'));
  const { rules: headerRules, problems: headerProblems } = await readHeaders(path.join(root, '_headers'));
  // Production mode: every file's path and stats are read now, none on a request. (memoryFiles.ts
  // looks files up as sirv does with these options.)
  const files = sirv(root, { dev: false, etag: true, brotli: true, gzip: true, extensions: ['html'] });
  return {
    files,
    memory: memoryLimits ? await readMemoryFiles(root, memoryLimits) : undefined,
    redirects,
    forced: redirects.filter((rule) => rule.force),
    headerRules,
    problems: [...problems, ...headerProblems],
  };
}

export async function createStaticSite(
  distDir: string,
  options: StaticSiteOptions = {},
): Promise<StaticSite> {
  // dist/ is a link to the build folder in use (functions/server/publish.ts) or a folder itself: the
  // site answers from the folder it names when read, until another is read whole.
  const published = path.resolve(distDir);
  const memoryLimits = options.memory ?? defaultMemoryLimits;
  const root = await fsp.realpath(published);
  let site = await readSite(root, memoryLimits);

  // A new build: its index and rules read together (new files, new CSP hashes), then put in place in
  // one assignment, so that no request meets new pages with old rules. One reading at a time.
  let reading = Promise.resolve();
  const reread = () => {
    reading = reading.then(async () => {
      try {
        const next = await fsp.realpath(published);
        site = await readSite(next, memoryLimits);
        watcher.follow(next);
        for (const problem of site.problems) console.warn(problem);
      } catch (error) {
        console.warn(`${published} changed but cannot be read again: ${(error as Error).message}`);
      }
    });
  };
  const watcher = watchBuild(published, reread);
  watcher.follow(root);
  site.problems.push(...watcher.problems);

  function handle(request: IncomingMessage, response: ServerResponse, https: boolean) {
    const { files: sirvFiles, memory, redirects, forced, headerRules } = site;
    // The path as sirv finds files by it; the host's rules see it without a trailing slash.
    const requested = sirvPathname(request.url ?? '/');
    const pathname = requested.length > 1 ? requested.replace(/\/$/, '') : requested;
    /** Set when another page answers (a 404, a rewrite): its status, and its own path for _headers. */
    let servedAs: { page: string; status: number } | undefined;
    let gzip = false;

    /**
     * Security headers (a page's own only on pages), then _headers for the request path and, for a page
     * answering another path (a 404), for the page's own path; HSTS only over HTTPS; caching by status.
     */
    function hostHeaders(status: number): number {
      const type = String(response.getHeader('Content-Type') ?? '');
      if (servedAs) {
        status = servedAs.status;
        // Validators only belong to the page's own 200.
        if (status !== 200) for (const name of ['ETag', 'Last-Modified']) response.removeHeader(name);
      }
      // sirv's 304 carries no headers of its own; the ETag matched the one the client sent.
      if (status === 304) response.setHeader('ETag', request.headers['if-none-match'] ?? '');
      if (textual.test(type)) response.setHeader('Content-Type', `${type}; charset=utf-8`);
      if (compressible.test(type) || status === 304) response.setHeader('Vary', 'Accept-Encoding');
      // gzip on the fly only where the build wrote no variant (a dist/ built elsewhere).
      if (
        status === 200 &&
        request.method === 'GET' &&
        compressible.test(type) &&
        !response.hasHeader('Content-Encoding') &&
        Number(response.getHeader('Content-Length')) >= gzipThreshold &&
        (request.headers['accept-encoding'] ?? '').includes('gzip')
      ) {
        gzip = true;
        response.setHeader('Content-Encoding', 'gzip');
        response.removeHeader('Content-Length');
      }
      for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
      if (type.startsWith('text/html')) {
        for (const [name, value] of Object.entries(documentHeaders)) response.setHeader(name, value);
        response.setHeader('Content-Security-Policy', defaultPageCsp);
      }
      for (const [name, value] of headersFor(headerRules, pathname).values()) response.setHeader(name, value);
      if (servedAs)
        for (const [name, value] of headersFor(headerRules, servedAs.page).values())
          response.setHeader(name, value);
      if (https)
        response.setHeader(
          'Strict-Transport-Security',
          response.getHeader('Strict-Transport-Security') ?? hsts,
        );
      else response.removeHeader('Strict-Transport-Security');
      if (response.hasHeader('Location') || !response.hasHeader('Cache-Control')) {
        const current = status < 300 || status === 304;
        response.setHeader('Cache-Control', current ? 'public, max-age=0, must-revalidate' : 'no-cache');
      }
      return status;
    }

    // Every answer, sirv's and ours, passes here on its way out.
    const writeHead = response.writeHead;
    response.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = rest.at(-1);
      if (headers && typeof headers === 'object')
        for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders))
          if (value !== undefined) response.setHeader(name, value);
      return writeHead.call(response, hostHeaders(status));
    }) as typeof response.writeHead;

    // sirv pipes the file into the answer: a file removed by a rebuild since the index ends the answer
    // (an unhandled stream error would end the process), a client gone before the end closes the file
    // (a pipe only pauses it), and a gzipped answer goes through zlib.
    response.once('pipe', (file: Readable) => {
      const fail = () => response.destroy();
      file.on('error', fail);
      response.once('close', () => file.destroy());
      if (!gzip) return;
      const gzipped = zlib.createGzip().on('error', fail);
      response.once('close', () => gzipped.destroy());
      file.unpipe(response);
      file.pipe(gzipped).pipe(response);
    });

    /**
     * sirv, or a file held in memory answered as sirv would: 304 by its ETag, else the whole file.
     * `requestPath` is the request's path as sirvPathname reads it.
     */
    function files(requestPath: string, next: () => void) {
      const accepted = request.headers['accept-encoding'] ?? '';
      const file = request.headers.range ? undefined : memory?.find(requestPath, accepted);
      if (!file) return sirvFiles(request, response, next);
      if (request.headers['if-none-match'] === file.headers.ETag) return void response.writeHead(304).end();
      response.setHeader('Vary', 'Accept-Encoding');
      response.writeHead(200, file.headers);
      if (request.method === 'HEAD') response.end();
      else if (gzip) zlib.gzip(file.body, (error, body) => (error ? response.destroy() : response.end(body)));
      else response.end(file.body);
    }

    const plain = (status: number, text: string, headers: OutgoingHttpHeaders = {}) => {
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
      response.end(request.method === 'HEAD' ? undefined : text);
    };

    /** Serves the file at `page` for this request, whole and unconditionally, with `status`. */
    function serveAs(page: string, status: number, otherwise: () => void) {
      servedAs = { page, status };
      request.url = page;
      for (const name of ['range', 'if-none-match', 'if-modified-since']) delete request.headers[name];
      files(sirvPathname(page), otherwise);
    }

    const notFound = () => serveAs('/404', 404, () => plain(404, 'Not found'));

    function redirect(rule: RedirectRule, target: string) {
      if (rule.status === 200 || rule.status === 404) {
        return serveAs(new URL(target, 'http://site').pathname, rule.status, notFound);
      }
      const url = new URL(request.url ?? '/', 'http://site');
      const location = new URL(target, url);
      if (!location.search) location.search = url.search;
      const sameSite = location.origin === url.origin;
      response.writeHead(rule.status, {
        Location: sameSite ? location.pathname + location.search : location.href,
      });
      response.end();
    }

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    if (hidden.test(pathname)) return notFound();
    const forcedRule = matchRule(forced, pathname);
    if (forcedRule) return redirect(forcedRule.rule, forcedRule.target);
    files(requested, () => {
      // Shadowing: redirect rules only apply where no file answers the path.
      const matched = matchRule(redirects, pathname);
      if (matched) redirect(matched.rule, matched.target);
      else notFound();
    });
  }

  return { handle, problems: site.problems, close: () => watcher.close() };
}
