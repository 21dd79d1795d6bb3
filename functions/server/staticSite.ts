// Serves the built site (dist/) the way the static host does: clean URLs, _redirects applied only where
// no file exists, _headers, 404.html, plus validators for caching and security headers. sirv finds the
// files in an index it takes of dist/ up front and sends them (the build's .br/.gz as they are, 304s);
// the small ones answer from memory instead (memoryFiles.ts), as sirv would have answered, and ranges
// are ours (byteRange.ts). The host's rules are ours too (answerHeaders.ts), applied to whatever answers
// just before its headers go out. A new build is read whole and then put in place (docs/publishing.md).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sirv from 'sirv';
import { type Answer, answerHeaders } from './answerHeaders.ts';
import { watchBuild } from './buildWatch.ts';
import { type ByteRange, byteRange } from './byteRange.ts';
import { type RedirectRule, readHeaders, readRedirects, redirectTarget } from './hostRules.ts';
import {
  defaultMemoryLimits,
  type IndexedFile,
  type MemoryLimits,
  readMemoryFiles,
  sirvPathname,
} from './memoryFiles.ts';

export interface StaticSite {
  /** Answers a request for a path outside /api. `https` decides whether HSTS is sent. */
  handle(request: IncomingMessage, response: ServerResponse, https: boolean): void;
  /** Rules of _redirects and _headers that were skipped, for the start-up log. */
  problems: string[];
  /** Stops watching dist/ for a new build. */
  close(): void;
}

export interface StaticSiteOptions {
  /** Limits of the files held in memory; false holds none: every file is read from disk. */
  memory?: MemoryLimits | false;
}

/** Not pages even where a file exists: the host's rule files, dot-files, the build's encoded variants. */
const hidden = /^\/_(?:headers|redirects)$|\/\.(?!well-known(?:\/|$))|\.(?:br|gz)$/;

function matchRule(rules: RedirectRule[], pathname: string) {
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (match) return { rule, target: redirectTarget(rule, match) };
  }
  return undefined;
}

/** A build as sirv indexes it, every file's headers and the small files' bytes, with its host rules. */
async function readBuild(root: string, memoryLimits: MemoryLimits | false) {
  const { rules: redirects, problems } = await readRedirects(path.join(root, '_redirects'));
  const { rules: headerRules, problems: headerProblems } = await readHeaders(path.join(root, '_headers'));
  // Production mode: every file's path and stats are read now, none on a request. (memoryFiles.ts
  // looks files up as sirv does with these options.)
  const files = sirv(root, { dev: false, etag: true, brotli: true, gzip: true, extensions: ['html'] });
  return {
    files,
    index: await readMemoryFiles(root, memoryLimits),
    redirects,
    forced: redirects.filter((rule) => rule.force),
    // Its error pages answer with 404 even when asked for by name.
    errorPages: new Set(['/404', ...redirects.filter((rule) => rule.status === 404).map((rule) => rule.to)]),
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
  let current = await readBuild(root, memoryLimits);

  // A new build: its index and rules read together (new files, new CSP hashes), then put in place in
  // one assignment, so that no request meets new pages with old rules. One reading at a time.
  let reading = Promise.resolve();
  const reread = () => {
    reading = reading.then(async () => {
      try {
        const next = await fsp.realpath(published);
        current = await readBuild(next, memoryLimits);
        watcher.follow(next);
        for (const problem of current.problems) console.warn(problem);
      } catch (error) {
        console.warn(`${published} changed but cannot be read again: ${(error as Error).message}`);
      }
    });
  };
  const watcher = watchBuild(published, reread);
  watcher.follow(root);
  current.problems.push(...watcher.problems);

  function handle(request: IncomingMessage, response: ServerResponse, https: boolean) {
    // The path as sirv finds files by it; the host's rules see it without a trailing slash.
    const requested = sirvPathname(request.url ?? '/');
    const pathname = requested.length > 1 ? requested.replace(/\/$/, '') : requested;
    const build = current;
    const answer = { request, response, https, pathname, build, headerRules: build.headerRules, gzip: false };
    interceptAnswer(answer);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(answer, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    if (hidden.test(pathname)) return notFound(answer);
    if (build.errorPages.has(pathname.replace(/\.html$/, ''))) return serveAs(answer, pathname, 404);
    const forced = matchRule(build.forced, pathname);
    if (forced) return redirect(answer, forced.rule, forced.target);
    sendFile(answer, requested, () => {
      // Shadowing: redirect rules only apply where no file answers the path.
      const matched = matchRule(build.redirects, pathname);
      if (matched) redirect(answer, matched.rule, matched.target);
      else notFound(answer);
    });
  }

  return { handle, problems: current.problems, close: () => watcher.close() };
}

type Build = Awaited<ReturnType<typeof readBuild>>;

/** A request's answer, and the build it is answered from (the one in place when it came). */
interface Exchange extends Answer {
  build: Build;
}

/** Every answer, sirv's and ours, gets the host's headers on its way out; files are piped safely. */
function interceptAnswer(answer: Answer) {
  const { response } = answer;
  const writeHead = response.writeHead;
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.at(-1);
    if (headers && typeof headers === 'object')
      for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders))
        if (value !== undefined) response.setHeader(name, value);
    return writeHead.call(response, answerHeaders(answer, status));
  }) as typeof response.writeHead;

  // A file piped into the answer (by sirv, or a range): a file removed by a rebuild since the index
  // ends the answer (an unhandled stream error would end the process), a client gone before the end
  // closes the file (a pipe only pauses it), and a gzipped answer goes through zlib.
  response.once('pipe', (file: Readable) => {
    const fail = () => response.destroy();
    file.on('error', fail);
    response.once('close', () => file.destroy());
    if (!answer.gzip) return;
    const gzipped = zlib.createGzip().on('error', fail);
    response.once('close', () => gzipped.destroy());
    file.unpipe(response);
    file.pipe(gzipped).pipe(response);
  });
}

/**
 * The file at `requestPath` (as sirvPathname reads it): a range of it, or the whole file from memory as
 * sirv would answer (304 by its ETag), else sirv; `next` where there is no file.
 */
function sendFile(answer: Exchange, requestPath: string, next: () => void) {
  const { request, response, build } = answer;
  const file = build.index.find(requestPath, request.headers['accept-encoding'] ?? '');
  const range = fileRange(request, file);
  if (file && range) return sendRange(answer, file, range);
  if (!file?.body) return build.files(request, response, next);
  if (request.headers['if-none-match'] === file.headers.ETag) return void response.writeHead(304).end();
  response.setHeader('Vary', 'Accept-Encoding');
  response.writeHead(200, file.headers);
  if (request.method === 'HEAD') response.end();
  else if (answer.gzip)
    zlib.gzip(file.body, (error, body) => (error ? response.destroy() : response.end(body)));
  else response.end(file.body);
}

/**
 * The range a GET asks of `file`, if it is to be answered with one. The header is taken off the request
 * in any case: sirv reads ranges wrongly (byteRange.ts). If-Range names the file by its date (its weak
 * ETag never matches, RFC 9110 13.1.5); otherwise the whole file goes.
 */
function fileRange(request: IncomingMessage, file: IndexedFile | undefined) {
  const { range, 'if-range': ifRange } = request.headers;
  delete request.headers.range;
  if (!range || !file || request.method !== 'GET') return undefined;
  if (ifRange && ifRange !== file.headers['Last-Modified']) return undefined;
  return byteRange(range, file.size);
}

/** 206 with the bytes asked for, or 416 for a range past the end; a matching ETag still answers 304. */
function sendRange(answer: Exchange, file: IndexedFile, range: ByteRange | 'unsatisfiable') {
  const { request, response } = answer;
  if (request.headers['if-none-match'] === file.headers.ETag) return void response.writeHead(304).end();
  response.setHeader('Vary', 'Accept-Encoding');
  if (range === 'unsatisfiable') {
    return void response.writeHead(416, { 'Content-Range': `bytes */${file.size}` }).end();
  }
  const { start, end } = range;
  response.writeHead(206, {
    ...file.headers,
    'Content-Length': end - start + 1,
    'Content-Range': `bytes ${start}-${end}/${file.size}`,
    'Accept-Ranges': 'bytes',
  });
  if (file.body) response.end(file.body.subarray(start, end + 1));
  else fs.createReadStream(file.path, { start, end }).pipe(response);
}

function plain(answer: Answer, status: number, text: string, headers: OutgoingHttpHeaders = {}) {
  answer.response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  answer.response.end(answer.request.method === 'HEAD' ? undefined : text);
}

/** Serves the file at `page` for this request, whole and unconditionally, with `status`. */
function serveAs(answer: Exchange, page: string, status: number, otherwise = () => notFound(answer)) {
  const { request } = answer;
  answer.servedAs = { page, status };
  request.url = page;
  for (const name of ['range', 'if-none-match', 'if-modified-since']) delete request.headers[name];
  sendFile(answer, sirvPathname(page), otherwise);
}

function notFound(answer: Exchange) {
  serveAs(answer, '/404', 404, () => plain(answer, 404, 'Not found'));
}

function redirect(answer: Exchange, rule: RedirectRule, target: string) {
  if (rule.status === 200 || rule.status === 404) {
    return serveAs(answer, new URL(target, 'http://site').pathname, rule.status);
  }
  const url = new URL(answer.request.url ?? '/', 'http://site');
  const location = new URL(target, url);
  if (!location.search) location.search = url.search;
  const sameSite = location.origin === url.origin;
  answer.response.writeHead(rule.status, {
    Location: sameSite ? location.pathname + location.search : location.href,
  });
  answer.response.end();
}
