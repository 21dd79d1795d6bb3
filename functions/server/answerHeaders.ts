// The headers every page and file of the static site leaves with, whatever the answer (a file, a range,
// a redirect): Vary, gzip where the build wrote no variant, the security headers, the build's _headers,
// HSTS over HTTPS, and caching by status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as compressible } from 'hono/utils/compress';
import { defaultPageCsp, documentHeaders, hsts, securityHeaders } from '../http/securityHeaders.ts';
import { type HeaderRule, headersFor } from './hostRules.ts';

/** One request's answer while it is made. */
export interface Answer {
  request: IncomingMessage;
  response: ServerResponse;
  /** Whether the request came over HTTPS: HSTS is sent only then. */
  https: boolean;
  /** The request's path as the host's rules see it: without a trailing slash. */
  pathname: string;
  /** The _headers rules of the build that answers. */
  headerRules: HeaderRule[];
  /** Set when another page answers (a 404, a rewrite): its status, and its own path for _headers. */
  servedAs?: { page: string; status: number };
  /** Set when the answer is gzipped on its way out. */
  gzip: boolean;
}

/** Below this a compressed answer saves less than its own overhead (the build's threshold too). */
const gzipThreshold = 1024;

/** Sets the host's headers on the answer; returns the status to send (a page answering another's). */
export function answerHeaders(answer: Answer, status: number): number {
  const { response, servedAs } = answer;
  if (servedAs) {
    status = servedAs.status;
    // Validators only belong to the page's own 200.
    if (status !== 200) for (const name of ['ETag', 'Last-Modified']) response.removeHeader(name);
  }
  representationHeaders(answer, status);
  policyHeaders(answer, status);
  return status;
}

/** Vary, and gzip on the fly where the build wrote no variant. */
function representationHeaders(answer: Answer, status: number) {
  const { request, response } = answer;
  const type = String(response.getHeader('Content-Type') ?? '');
  if (compressible.test(type)) response.setHeader('Vary', 'Accept-Encoding');
  if (
    status === 200 &&
    request.method === 'GET' &&
    compressible.test(type) &&
    !response.hasHeader('Content-Encoding') &&
    Number(response.getHeader('Content-Length')) >= gzipThreshold &&
    (request.headers['accept-encoding'] ?? '').includes('gzip')
  ) {
    answer.gzip = true;
    response.setHeader('Content-Encoding', 'gzip');
    response.removeHeader('Content-Length');
  }
}

/**
 * Security headers (a page's own only on pages), then _headers for the request path and, for a page
 * answering another path (a 404), for the page's own path; HSTS only over HTTPS; caching by status.
 */
function policyHeaders(answer: Answer, status: number) {
  const { response, headerRules, servedAs } = answer;
  for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
  if (String(response.getHeader('Content-Type') ?? '').startsWith('text/html')) {
    for (const [name, value] of Object.entries(documentHeaders)) response.setHeader(name, value);
    response.setHeader('Content-Security-Policy', defaultPageCsp);
  }
  for (const [name, value] of headersFor(headerRules, answer.pathname).values())
    response.setHeader(name, value);
  if (servedAs)
    for (const [name, value] of headersFor(headerRules, servedAs.page).values())
      response.setHeader(name, value);
  if (answer.https)
    response.setHeader('Strict-Transport-Security', response.getHeader('Strict-Transport-Security') ?? hsts);
  else response.removeHeader('Strict-Transport-Security');
  if (response.hasHeader('Location') || !response.hasHeader('Cache-Control')) {
    const current = status < 300 || status === 304;
    response.setHeader('Cache-Control', current ? 'public, max-age=0, must-revalidate' : 'no-cache');
  }
}
