// Serves the built site (dist/) the way the static host does: clean URLs, _redirects read as Netlify reads
// them, _headers, 404.html, plus validators for caching and security headers. Files are found
// in an index taken of dist/ up front (memoryFiles.ts) and sent from there: the build's .br/.gz as they
// are, 304s by ETag, small files from memory, the others streamed from disk. A Range header is ignored:
// every answer is the whole file, as RFC 9110 (14.2) allows; the site has no media to seek in. The host's
// headers apply to every answer as its head is written. A new build is read whole and then put in
// place (docs/publishing.md).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as compressible } from 'hono/utils/compress';
import { defaultPageCsp, documentHeaders, hsts, securityHeaders } from '../http/securityHeaders.ts';
import { arrivalVary, arrivesInBulgarian, type Place, unknownPlace } from './arrival.ts';
import { watchBuild } from './buildWatch.ts';
import { headersFor, type RedirectRule, readHeaders, readRedirects, redirectTarget } from './hostRules.ts';
import {
  defaultMemoryLimits,
  type IndexedFile,
  type MemoryLimits,
  readMemoryFiles,
  urlPathname,
} from './memoryFiles.ts';

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

/** A build: every file's headers and the small files' bytes, with its host rules. */
async function readBuild(root: string, memoryLimits: MemoryLimits | false) {
  const { rules: redirects, twins, problems } = await readRedirects(path.join(root, '_redirects'));
  const { rules: headerRules, problems: headerProblems } = await readHeaders(path.join(root, '_headers'));
  return {
    index: await readMemoryFiles(root, memoryLimits),
    redirects,
    /** English pages and their Bulgarian twins, for the language rule on arrival. */
    twins,
    // Its error pages answer with 404 even when asked for by name.
    errorPages: new Set([
      '/404',
      ...redirects.filter((rule) => rule.status === 404).map((rule) => rule.to.replace(/\.html$/, '')),
    ]),
    headerRules,
    problems: [...problems, ...headerProblems],
  };
}

/**
 * The site in `distDir`: `handle` answers a request for a path outside /api (`https` decides whether
 * HSTS is sent, `place` is what a trusted proxy said of the visitor's country); `problems` are the rules of _redirects and _headers skipped, for the start-up log;
 * `close` stops watching for a new build.
 */
export async function createStaticSite(distDir: string, options: StaticSiteOptions = {}) {
  // dist/ is a link to the build folder in use (functions/server/publish.ts) or a folder itself: the
  // site answers from the folder it names when read, until another is read whole.
  const published = path.resolve(distDir);
  const memoryLimits = options.memory ?? defaultMemoryLimits;
  const root = await fsp.realpath(published);
  let current = await readBuild(root, memoryLimits);

  // A new build: its index and rules read together (new files, new CSP hashes), then put in place in
  // one assignment, so that no request meets new pages with old rules.
  const close = watchBuild(published, root, async (next) => {
    current = await readBuild(next, memoryLimits);
    for (const problem of current.problems) console.warn(problem);
  });

  function handle(request: IncomingMessage, response: ServerResponse, https: boolean, place = unknownPlace) {
    // The path files are found by; the host's rules see it without a trailing slash.
    const requested = urlPathname(request.url ?? '/');
    const pathname = requested.length > 1 ? requested.replace(/\/$/, '') : requested;
    const build = current;
    const answer = { request, response, https, pathname, build };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(answer, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    if (hidden.test(pathname)) return notFound(answer);
    if (build.twins.has(pathname) && arrive(answer, place)) return;
    // As Netlify's engine reads the rules: the first that matches decides, and unless forced (`!`) it
    // gives way to a file at the path (shadowing).
    const matched = matchRule(build.redirects, pathname);
    const file = matched?.rule.force ? undefined : findFile(answer, requested);
    // An error page never answers 200, even without a forced rule for it.
    if (file && build.errorPages.has(pathname.replace(/\.html$/, ''))) return serveAs(answer, pathname, 404);
    if (file) return sendFile(answer, file);
    if (matched) redirect(answer, matched.rule, matched.target);
    else notFound(answer);
  }

  return { handle, problems: current.problems, close };
}

type Build = Awaited<ReturnType<typeof readBuild>>;

/** One request's answer while it is made. */
interface Answer {
  request: IncomingMessage;
  response: ServerResponse;
  /** Whether the request came over HTTPS: HSTS is sent only then. */
  https: boolean;
  /** The request's path as the host's rules see it: without a trailing slash. */
  pathname: string;
  /** The build it is answered from: the one in place when it came. */
  build: Build;
  /** Set when another page answers (a 404, a rewrite): its status, and its own path for _headers. */
  servedAs?: { page: string; status: number };
  /** Request headers the answer depends on besides Accept-Encoding. */
  vary?: string[];
}

/**
 * The language rule on an English page: sends the visitor to the Bulgarian twin (query kept) when the
 * rule says so, before any HTML; either answer varies by what the rule read.
 */
function arrive(answer: Answer, place: Place): boolean {
  answer.vary = arrivalVary(place);
  if (!arrivesInBulgarian(answer.request, place)) return false;
  const { search } = new URL(answer.request.url ?? '/', 'http://site');
  writeHead(answer, 302, { Location: `${answer.build.twins.get(answer.pathname)}${search}` });
  answer.response.end();
  return true;
}

/** The file for `pathname` (as urlPathname reads it) in the encoding the client takes best. */
function findFile({ build, request }: Answer, pathname: string) {
  return build.index.find(pathname, request.headers['accept-encoding'] ?? '');
}

/** 304 by the file's ETag, else the whole file. */
function sendFile(answer: Answer, file: IndexedFile) {
  const { request, response } = answer;
  response.setHeader('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === file.headers.ETag) {
    return void writeHead(answer, 304, { ETag: file.headers.ETag }).end();
  }
  // On the fly where the build wrote no variant (below 1 KiB that saves less than its own overhead).
  const gzip =
    (answer.servedAs?.status ?? 200) === 200 &&
    request.method === 'GET' &&
    compressible.test(file.headers['Content-Type']) &&
    !file.headers['Content-Encoding'] &&
    file.size >= 1024 &&
    (request.headers['accept-encoding'] ?? '').includes('gzip');
  if (gzip) {
    const { 'Content-Length': _, ...headers } = file.headers;
    writeHead(answer, 200, { ...headers, 'Content-Encoding': 'gzip' });
  } else writeHead(answer, 200, file.headers);
  if (request.method === 'HEAD') return void response.end();
  if (file.body && !gzip) return void response.end(file.body);
  // A file removed by a rebuild since the index cuts the answer short (an unhandled stream error would
  // end the process); a client gone before the end closes the file.
  const source = file.body ? Readable.from([file.body]) : fs.createReadStream(file.path);
  pipeline([source, ...(gzip ? [zlib.createGzip()] : []), response], () => {});
}

const plainText = { 'Content-Type': 'text/plain; charset=utf-8', Vary: 'Accept-Encoding' };

function plain(answer: Answer, status: number, text: string, headers: Record<string, string> = {}) {
  writeHead(answer, status, { ...plainText, ...headers });
  answer.response.end(answer.request.method === 'HEAD' ? undefined : text);
}

/** Serves the file at `page` for this request, whole and unconditionally, with `status`. */
function serveAs(answer: Answer, page: string, status: number, otherwise = () => notFound(answer)) {
  answer.servedAs = { page, status };
  delete answer.request.headers['if-none-match'];
  const file = findFile(answer, urlPathname(page));
  if (file) sendFile(answer, file);
  else otherwise();
}

function notFound(answer: Answer) {
  serveAs(answer, '/404', 404, () => plain(answer, 404, 'Not found'));
}

function redirect(answer: Answer, rule: RedirectRule, target: string) {
  if (rule.status === 200 || rule.status === 404) {
    return serveAs(answer, new URL(target, 'http://site').pathname, rule.status);
  }
  const url = new URL(answer.request.url ?? '/', 'http://site');
  const location = new URL(target, url);
  if (!location.search) location.search = url.search;
  const sameSite = location.origin === url.origin;
  writeHead(answer, rule.status, {
    Location: sameSite ? location.pathname + location.search : location.href,
  });
  answer.response.end();
}

/**
 * Writes the answer's head: `headers`, then the host's: the security headers (a page's own only on
 * pages), _headers for the request path and, for a page answering another path (a 404), for the page's
 * own path, whose status it sends; HSTS only over HTTPS; `no-cache` unless _headers says otherwise.
 */
function writeHead(answer: Answer, status: number, headers: Record<string, string | number> = {}) {
  const { response, build, servedAs } = answer;
  response.setHeaders(new Map(Object.entries({ ...headers, ...securityHeaders })));
  if (servedAs) {
    status = servedAs.status;
    // A validator only belongs to the page's own 200.
    if (status !== 200) response.removeHeader('ETag');
  }
  if (String(response.getHeader('Content-Type') ?? '').startsWith('text/html')) {
    response.setHeaders(new Map(Object.entries(documentHeaders)));
    response.setHeader('Content-Security-Policy', defaultPageCsp);
  }
  response.setHeaders(new Map(headersFor(build.headerRules, answer.pathname).values()));
  if (servedAs) response.setHeaders(new Map(headersFor(build.headerRules, servedAs.page).values()));
  if (answer.https)
    response.setHeader('Strict-Transport-Security', response.getHeader('Strict-Transport-Security') ?? hsts);
  else response.removeHeader('Strict-Transport-Security');
  // Kept, but asked again before each use (by ETag): `no-cache` says it in the fewest bytes.
  if (response.hasHeader('Location') || !response.hasHeader('Cache-Control'))
    response.setHeader('Cache-Control', 'no-cache');
  if (answer.vary) {
    const vary = [response.getHeader('Vary') ?? [], answer.vary].flat().map(String).filter(Boolean);
    response.setHeader('Vary', vary.join(', '));
  }
  return response.writeHead(status);
}
