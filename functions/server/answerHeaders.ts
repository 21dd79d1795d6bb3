// The head every answer of the static site leaves with (a file, a range, a redirect): its own headers,
// then the security headers, the build's _headers, HSTS over HTTPS, and caching by status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Header } from '@netlify/headers-parser';
import { defaultPageCsp, documentHeaders, hsts, securityHeaders } from '../http/securityHeaders.ts';
import { headersFor } from './hostRules.ts';

/** One request's answer while it is made. */
export interface Answer {
  request: IncomingMessage;
  response: ServerResponse;
  /** Whether the request came over HTTPS: HSTS is sent only then. */
  https: boolean;
  /** The request's path as the host's rules see it: without a trailing slash. */
  pathname: string;
  /** The _headers rules of the build that answers. */
  headerRules: Header[];
  /** Set when another page answers (a 404, a rewrite): its status, and its own path for _headers. */
  servedAs?: { page: string; status: number };
}

/** Writes the answer's head: `headers`, then the host's. A page answering another path sends its status. */
export function writeHead(answer: Answer, status: number, headers: Record<string, string | number> = {}) {
  const { response, servedAs } = answer;
  response.setHeaders(new Map(Object.entries(headers)));
  if (servedAs) {
    status = servedAs.status;
    // Validators only belong to the page's own 200.
    if (status !== 200) for (const name of ['ETag', 'Last-Modified']) response.removeHeader(name);
  }
  policyHeaders(answer, status);
  return response.writeHead(status);
}

/**
 * Security headers (a page's own only on pages), then _headers for the request path and, for a page
 * answering another path (a 404), for the page's own path; HSTS only over HTTPS; caching by status.
 */
function policyHeaders(answer: Answer, status: number) {
  const { response, headerRules, servedAs } = answer;
  response.setHeaders(new Map(Object.entries(securityHeaders)));
  if (String(response.getHeader('Content-Type') ?? '').startsWith('text/html')) {
    response.setHeaders(new Map(Object.entries(documentHeaders)));
    response.setHeader('Content-Security-Policy', defaultPageCsp);
  }
  response.setHeaders(new Map(headersFor(headerRules, answer.pathname).values()));
  if (servedAs) response.setHeaders(new Map(headersFor(headerRules, servedAs.page).values()));
  if (answer.https)
    response.setHeader('Strict-Transport-Security', response.getHeader('Strict-Transport-Security') ?? hsts);
  else response.removeHeader('Strict-Transport-Security');
  if (response.hasHeader('Location') || !response.hasHeader('Cache-Control')) {
    const current = status < 300 || status === 304;
    response.setHeader('Cache-Control', current ? 'public, max-age=0, must-revalidate' : 'no-cache');
  }
}
